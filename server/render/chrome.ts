import type { Context } from 'hono';
import type { Eta } from 'eta';
import { cacheBytes, keptBytes } from '../catalog/cache-budget';
import { CatalogueCache } from '../catalog/catalog-cache';
import { catalogAt, shopMenu } from '../catalog/catalog-views';
import type { Menu } from '../catalog/menu.service';
import type { AppEnv, SessionState } from '../http/env';
import { LOCALE_NAMES, LOCALES } from '../i18n/locales';
import type { Assets } from './assets';
import { renderParts, renderRuns } from './eta';
import { formatMoney, intlLocale } from './format';
import { routesFor } from './routes';
import { scriptJson } from './json';

/**
 * The header's two category lists (the mega menu, and the phone drawer's fallback, which the drawer
 * also reads: decision 186), the footer and the cookie bar: most of a page's own HTML and the same
 * for every shopper of one shop and locale. Rendered by Eta once per shop, locale and catalogue
 * version and handed to base.eta and the shoppers' headers (below) as UTF-8.
 */
export interface Menus {
  menu: Menu;
  mobileNav: Buffer;
  megaMenu: Buffer;
  /** The footer and the cookie bar; their forms' _csrf fields are the shopper's (header.eta). */
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
      const view = { t: i18n.t, shop, locale, locales: LOCALES, localeNames: LOCALE_NAMES, menu, routes: routesFor(shop.termsPath) };
      const html = (template: string) => keptBytes(eta.render(template, view));
      return { menu, mobileNav: html('/partials/mobile-nav'), megaMenu: html('/partials/mega-menu'), footer: Buffer.concat([html('/partials/footer'), html('/partials/consent')]) };
    });
  };
}

/** Who a page is for, as the layout reads it. */
export type LayoutSession = Pick<SessionState, 'userId' | 'username' | 'roles'>;

/** What the layout shows of its shopper and page, beside its shop's and locale's (`query`: the search box's text). */
export interface ShopperView {
  session: LayoutSession;
  accountLinks: unknown[];
  unreadMessages: number;
  cart: { count: number; total: number };
  csrf: string;
  query: unknown;
}

/** The layout's parts about its shopper: the header (its menus referenced, not copied) and the page defaults' JSON. */
type ShopperChrome = { header: (string | Uint8Array)[]; defaultsJson: string; bytes: number };

/**
 * The page header (header.eta, rendered from this view and nothing else) and the page defaults the
 * widgets start from (#shop-defaults), kept once per shop, locale, catalogue version and shopper
 * (name, roles, cart, Správy count, token): a shopper's pages differ in their main part, not there,
 * and rendering the header for each page cost a sixth of a signed-in page's CPU (decision 274). A header
 * with a search text is drawn as text, not kept: typed texts are seldom asked twice; kept ones filled the
 * old generation. The page defaults hold no search text: a search page takes its shopper's kept ones.
 */
export function createShopperChrome(eta: Eta, assets: Assets): (c: Context<AppEnv>, view: ShopperView & { t: unknown; menus: Menus }) => ShopperChrome {
  const kept = new CatalogueCache<ShopperChrome>(cacheBytes('shoppers'), (chrome) => chrome.bytes);
  return (c, view) => {
    const shop = c.get('shop');
    const locale = c.get('locale');
    const { session, menus } = view;
    const draw = <Parts>(parts: (eta: Eta, template: string, data: object) => Parts, query: unknown) => {
      const routes = routesFor(shop.termsPath);
      const cart = { count: view.cart.count, total: view.cart.total, totalFormatted: formatMoney(view.cart.total, shop.currency, locale) };
      return { routes, cart, header: parts(eta, '/partials/header', Object.assign({}, view, { cart, shop, locale, routes, query })) };
    };
    const chrome = kept.get(c.get('catalogVersion'), JSON.stringify([shop.code, locale, view.csrf, session.userId, session.username, session.roles, view.unreadMessages, view.cart.count, view.cart.total]), () => {
      const { routes, cart, header: parts } = draw(renderParts, '');
      const shopper = { isLogged: session.userId !== null, loggedUsername: session.username, loggedRoles: session.roles, cart, csrf: view.csrf, unreadMessages: view.unreadMessages };
      const defaultsJson = scriptJson({ shop: shop.code, locale, intlLocale: intlLocale(locale), currency: { code: shop.currency, symbol: shop.currencySymbol }, ...shopper, messages: assets.messages[locale], routes });
      const own = parts.reduce((sum, part) => sum + (part === menus.mobileNav || part === menus.megaMenu ? 0 : part.byteLength), 0);
      return { header: parts, defaultsJson, bytes: 64 + own + 2 * defaultsJson.length };
    });
    return view.query ? { header: draw(renderRuns, view.query).header, defaultsJson: chrome.defaultsJson, bytes: 0 } : chrome;
  };
}
