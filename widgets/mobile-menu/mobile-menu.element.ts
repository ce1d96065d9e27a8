import { defineWidget } from '../lib/define';
import { MobileMenu } from './MobileMenu';

/**
 * <shop-mobile-menu> upgrading
 * <details class="mobile-menu"><summary aria-label="Menu">☰</summary>…root links…</details>;
 * the drawer's tree comes from the header's mega menu (decision 186).
 */
defineWidget('shop-mobile-menu', MobileMenu);

declare global {
  interface HTMLElementTagNameMap {
    'shop-mobile-menu': HTMLElement;
  }
}
