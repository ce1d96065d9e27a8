import { defineWidget } from '../lib/define';
import { MobileMenu } from './MobileMenu';

/**
 * <shop-mobile-menu source="shop-menu"> upgrading
 * <details class="mobile-menu"><summary aria-label="Menu">☰</summary>…root links + search…</details>.
 */
defineWidget('shop-mobile-menu', MobileMenu, { props: { source: 'string' } });

declare global {
  interface HTMLElementTagNameMap {
    'shop-mobile-menu': HTMLElement;
  }
}
