import { defineWidget } from '../lib/define';
import { SellerProducts } from './SellerProducts';

/** <shop-seller-products products='[…]' limit="10"> on /moje/produkty, over the server's table and forms. */
defineWidget('shop-seller-products', SellerProducts, { props: { products: 'json', limit: 'number' } });

declare global {
  interface HTMLElementTagNameMap {
    'shop-seller-products': HTMLElement;
  }
}
