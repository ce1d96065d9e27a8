import type { Registry } from '../lib/registry';

/**
 * Tag → widget code and when to load it. Add a line when a widget's folder lands; the build splits
 * each import into its own chunk.
 */
export const registry: Registry = {
  'shop-cart-button': { load: () => import('../cart-button/cart-button.element'), when: 'ready' },
  'shop-theme-switch': { load: () => import('../theme-switch/theme-switch.element'), when: 'ready' },
  // Both menus have a working <details> fallback, so their code can wait for the first touch or hover.
  'shop-profile-menu': { load: () => import('../profile-menu/profile-menu.element'), when: 'interaction' },
  'shop-mobile-menu': { load: () => import('../mobile-menu/mobile-menu.element'), when: 'interaction' },
  'shop-copy-button': { load: () => import('../copy-button/copy-button.element'), when: 'visible' },
};
