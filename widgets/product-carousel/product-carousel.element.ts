import { defineWidget } from '../lib/define';
import { ProductCarousel } from './ProductCarousel';

/**
 * <div class="carousel"><ul class="carousel__track">cards</ul><shop-product-carousel label="…"></div>
 * on our pages: buttons for the server's track beside it. <shop-product-carousel product-ids="12,15,18"
 * label="…"> with the server's section inside (guides): adopts that track. Alone and empty: fetches
 * the products and draws the whole carousel.
 */
defineWidget('shop-product-carousel', ProductCarousel, {
  props: { productIds: 'string', label: 'string' },
  readFallback: (host) => host.querySelector('.carousel__track'),
});

declare global {
  interface HTMLElementTagNameMap {
    'shop-product-carousel': HTMLElement;
  }
}
