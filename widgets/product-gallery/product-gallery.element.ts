import { defineWidget } from '../lib/define';
import { ProductGallery } from './ProductGallery';

/**
 * <shop-product-gallery product-id="1" images='[{"id":1,"thumbnail_url":"…","alt":"…","text":"…"}]'>
 * upgrading the server's main image and thumbnail links (<div class="product-gallery">).
 */
defineWidget('shop-product-gallery', ProductGallery, { props: { productId: 'number', images: 'json' } });

declare global {
  interface HTMLElementTagNameMap {
    'shop-product-gallery': HTMLElement;
  }
}
