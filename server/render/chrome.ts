import type { Context } from 'hono';
import type { Eta } from 'eta';
import { CatalogueCache } from '../catalog/catalog-cache';
import { catalogAt, shopMenu } from '../catalog/catalog-views';
import type { Menu } from '../catalog/menu.service';
import type { AppEnv, SessionState, ShopContext } from '../http/env';
import type { Locale } from '../i18n/locales';
import type { Assets } from './assets';
import { intlLocale } from './format';
import { routesFor } from './routes';

/**
 * The header's two category lists (the mega menu, and the phone drawer's fallback, which the drawer
 * also reads: decision 186): most of the header's HTML and the same for every shopper of one shop
 * and locale. Rendered by Eta once per shop, locale and catalogue version and handed to
 * base.eta as strings; the rest of the header and the footer are rendered for each page.
 */
export interface Menus {
  menu: Menu;
  /** UTF-8, as the page sends them (eta.ts renderBytes). */
  mobileNav: Buffer;
  megaMenu: Buffer;
}

/** A few KB per shop and locale; versions go as they age out. */
const MAX_BYTES = 4 * 1024 * 1024;

export function createMenus(eta: Eta): (c: Context<AppEnv>) => Menus {
  const kept = new CatalogueCache<Menus>(MAX_BYTES, (menus) => menus.mobileNav.length + menus.megaMenu.length);
  return (c) => {
    const shop = c.get('shop');
    const locale = c.get('locale');
    return kept.get(c.get('catalogVersion'), `${shop.code}|${locale}`, () => {
      const i18n = c.get('i18n');
      const menu = shopMenu(catalogAt(c));
      const view = { t: (id: string, values?: Record<string, unknown>) => i18n._(id, values), shop, locale, menu, routes: routesFor(shop.termsPath) };
      return { menu, mobileNav: Buffer.from(eta.render('/partials/mobile-nav', view)), megaMenu: Buffer.from(eta.render('/partials/mega-menu', view)) };
    });
  };
}

/** Who a page is for, as the layout reads it. */
export type LayoutSession = Pick<SessionState, 'userId' | 'username' | 'roles'>;

/** The page defaults the widgets start from (the #shop-defaults JSON). */
export function pageDefaults(assets: Assets, shop: ShopContext, locale: Locale, session: LayoutSession, cart: unknown, csrf: string, routes: Record<string, string>, unreadMessages = 0) {
  return {
    shop: shop.code,
    locale,
    intlLocale: intlLocale(locale),
    currency: { code: shop.currency, symbol: shop.currencySymbol },
    isLogged: session.userId !== null,
    loggedUsername: session.username,
    loggedRoles: session.roles,
    cart,
    csrf,
    unreadMessages,
    messages: assets.messages[locale],
    routes,
  };
}
