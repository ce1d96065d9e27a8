import { defineWidget } from '../lib/define';
import { AddToCart } from './AddToCart';

/**
 * <shop-add-to-cart product-id="12" max="99" name="…" price="1299"> upgrading the plain
 * <form action="/nakupny-kosik/pridat"> of templates/partials/add-to-cart.eta.
 */
defineWidget('shop-add-to-cart', AddToCart, { props: { productId: 'number', max: 'number', name: 'string', price: 'number' } });

declare global {
  interface HTMLElementTagNameMap {
    'shop-add-to-cart': HTMLElement;
  }
}
