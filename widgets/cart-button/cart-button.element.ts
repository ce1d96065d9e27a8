import { defineWidget } from '../lib/define';
import { CartButton } from './CartButton';

/**
 * <shop-cart-button count="2" total="12,90 €"> upgrading the server's
 * <a class="cart-button" href="/nakupny-kosik">…<span class="cart-button__count">2</span></a>.
 */
defineWidget('shop-cart-button', CartButton, { props: { count: 'number', total: 'string' } });

declare global {
  interface HTMLElementTagNameMap {
    'shop-cart-button': HTMLElement;
  }
}
