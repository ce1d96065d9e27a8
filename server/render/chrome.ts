import type { Context } from 'hono';
import type { Eta } from 'eta';
import { CatalogueCache } from '../catalog/catalog-cache';
import { catalogAt, shopMenu } from '../catalog/catalog-views';
import type { Menu } from '../catalog/menu.service';
import type { AppEnv, SessionState, ShopContext } from '../http/env';
import { LOCALE_NAMES, LOCALES, type Locale } from '../i18n/locales';
import type { Assets } from './assets';
import { intlLocale } from './format';
import { routesFor } from './routes';
import { scriptJson } from './json';

/**
 * The header's two category lists (the mega menu, and the phone drawer's fallback, which the drawer
 * also reads: decision 186), the footer and the cookie bar: most of a page's own HTML and the same
 * for every shopper of one shop and locale. Rendered by Eta once per shop, locale and catalogue
 * version and handed to base.eta as UTF-8; the rest of the header is rendered for each page.
 */
export interface Menus {
  menu: Menu;
  mobileNav: Buffer;
  megaMenu: Buffer;
  /** The footer and the cookie bar; their forms' _csrf and r fields are the page's (base.eta). */
  footer: Buffer;
}

/** A few KB per shop and locale; versions go as they age out. */
const MAX_BYTES = 4 * 1024 * 1024;

export function createMenus(eta: Eta): (c: Context<AppEnv>) => Menus {
  const kept = new CatalogueCache<Menus>(MAX_BYTES, (menus) => menus.mobileNav.length + menus.megaMenu.length + menus.footer.length);
  return (c) => {
    const shop = c.get('shop');
    const locale = c.get('locale');
    return kept.get(c.get('catalogVersion'), `${shop.code}|${locale}`, () => {
      const i18n = c.get('i18n');
      const menu = shopMenu(catalogAt(c));
      const view = { t: (id: string, values?: Record<string, unknown>) => i18n._(id, values), shop, locale, locales: LOCALES, localeNames: LOCALE_NAMES, menu, routes: routesFor(shop.termsPath) };
      const html = (template: string) => Buffer.from(eta.render(template, view));
      return { menu, mobileNav: html('/partials/mobile-nav'), megaMenu: html('/partials/mega-menu'), footer: Buffer.concat([html('/partials/footer'), html('/partials/consent')]) };
    });
  };
}

/** Who a page is for, as the layout reads it. */
export type LayoutSession = Pick<SessionState, 'userId' | 'username' | 'roles'>;

/** The page defaults the widgets start from (the #shop-defaults JSON), in this order: the shop's and locale's, the shopper's, then the build's and the routes. */
const defaultsBefore = (shop: ShopContext, locale: Locale) => ({ shop: shop.code, locale, intlLocale: intlLocale(locale), currency: { code: shop.currency, symbol: shop.currencySymbol } });
const defaultsAfter = (assets: Assets, locale: Locale, routes: Record<string, string>) => ({ messages: assets.messages[locale], routes });
const shopperDefaults = (session: LayoutSession, cart: unknown, csrf: string, unreadMessages: number) => ({
  isLogged: session.userId !== null,
  loggedUsername: session.username,
  loggedRoles: session.roles,
  cart,
  csrf,
  unreadMessages,
});

/**
 * scriptJson() of the page defaults, the same text: the shop's, locale's and build's members are
 * serialised once and kept, only the shopper's per page (escaping is per character, so escaping the
 * parts equals escaping the whole).
 */
export function createDefaultsJson(assets: Assets): (shop: ShopContext, locale: Locale, session: LayoutSession, cart: unknown, csrf: string, routes: Record<string, string>, unreadMessages: number) => string {
  const kept = new Map<string, [string, string]>();
  return (shop, locale, session, cart, csrf, routes, unreadMessages) => {
    const key = `${shop.code}|${shop.currency}|${shop.currencySymbol}|${locale}|${routes.terms}`;
    let parts = kept.get(key);
    if (!parts) kept.set(key, (parts = [scriptJson(defaultsBefore(shop, locale)).slice(0, -1), scriptJson(defaultsAfter(assets, locale, routes)).slice(1)]));
    return `${parts[0]},${scriptJson(shopperDefaults(session, cart, csrf, unreadMessages)).slice(1, -1)},${parts[1]}`;
  };
}
