import type { Context } from 'hono';
import type { Eta } from 'eta';
import type { Menu } from '../catalog/menu.service';
import type { AppEnv, SessionState, ShopContext } from '../http/env';
import { LOCALE_NAMES, LOCALES, type Locale } from '../i18n/locales';
import type { Assets } from './assets';
import { intlLocale } from './format';
import { scriptJson } from './json';
import { HoledHtml, sharedHtml, type HtmlBytes } from './pieces';
import { routesFor } from './routes';
import { THEME_SCRIPT } from './theme-script';

/**
 * The parts of every page's layout that are the same for all shoppers of one shop and locale: the
 * category lists of the header (phone fallback and mega menu, which the phone drawer also reads:
 * decision 186) and the footer. They are rendered
 * once per shop, locale and menu (a new menu object after every catalogue change) instead of on
 * every request, where they were most of the layout's cost. The footer's form carries the
 * shopper's CSRF token and return path, so it is kept with marks filled per response. For visitors
 * who are not signed in the whole layout is kept that way (the shell, decision 191).
 */
export interface Chrome {
  mobileNav: HtmlBytes;
  megaMenu: HtmlBytes;
  /** Holes: FRAGMENT_CSRF and CHROME_PATH. */
  footer: HoledHtml;
  footerHtml: string;
  /**
   * The whole header as every visitor who is not signed in sees it (decision 188), with
   * FRAGMENT_CSRF, CHROME_CART_COUNT, CHROME_CART_TOTAL and CHROME_QUERY (the search box's text).
   */
  anonymousHeader: string;
  /** The same header for another shopper (a signed-in one, with marks for their name). */
  header(session: LayoutSession): string;
  /**
   * The whole layout around a page as a visitor who is not signed in sees it, without and with
   * the cookie consent given (decision 191), made on first use. Holes: the header's and footer's,
   * LAYOUT_HEAD, LAYOUT_BODY and LAYOUT_CART.
   */
  shells: [HoledHtml | undefined, HoledHtml | undefined];
  /**
   * The same for signed-in shoppers, per consent and roles (their account menu), made on first use:
   * holes as above and LAYOUT_USER_NAME, LAYOUT_USER_JSON (decision 207).
   */
  signedInShells: Map<string, HoledHtml>;
}

/**
 * Stands for the CSRF token in a fragment rendered for many shoppers; whoever serves the fragment
 * replaces it with the shopper's own token (a shared fragment never holds a real one).
 */
export const FRAGMENT_CSRF = '__fragment_csrf_token__';

/** Stands for the page's own lines of <head> (title, description, canonical, alternates) in a layout shell. */
export const LAYOUT_HEAD = '__layout_head__';
/** Stands for the page itself, inside <main>. */
export const LAYOUT_BODY = '__layout_body__';
/** Stands for the cart's JSON in the page defaults (a JSON string value, hence the quotes). */
export const LAYOUT_CART = '"__layout_cart__"';

/** Stands for the request path in a shared piece of HTML (Eta-escaped when filled in). */
export const CHROME_PATH = '__chrome_path__';
/** Stand for the cart's item count and formatted total in the shared header. */
export const CHROME_CART_COUNT = '__chrome_cart_count__';
export const CHROME_CART_TOTAL = '__chrome_cart_total__';
/** Stands for the search box's text in the shared header (escaped when filled in). */
export const CHROME_QUERY = '__chrome_query__';
/** Stands for a signed-in shopper's name in the header's profile menu (escaped when filled in; no "@"). */
export const LAYOUT_USER_NAME = '__layout_user_name__';
/** Stands for their e-mail in the page defaults (a JSON string value, hence the quotes). */
export const LAYOUT_USER_JSON = '"__layout_user_json__"';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]);

/** Who a page is for, as the layout reads it. */
export type LayoutSession = Pick<SessionState, 'userId' | 'username' | 'roles'>;
export const ANONYMOUS: LayoutSession = { userId: null, username: null, roles: [] };

/**
 * The chrome and layout shells of one renderer, built on first use and kept per menu object, so a
 * catalogue change (a new menu) drops the old pieces.
 */
export function createChrome(eta: Eta, assets: Assets) {
  const byMenu = new WeakMap<Menu, Map<string, Chrome>>();

  /** The page defaults the widgets start from (the #shop-defaults JSON). */
  const pageDefaults = (shop: ShopContext, locale: Locale, session: LayoutSession, cart: unknown, csrf: string, routes: Record<string, string>) => ({
    shop: shop.code,
    locale,
    intlLocale: intlLocale(locale),
    currency: { code: shop.currency, symbol: shop.currencySymbol },
    isLogged: session.userId !== null,
    loggedUsername: session.username,
    loggedRoles: session.roles,
    cart,
    csrf,
    messages: assets.messages[locale],
    routes,
  });

  /** Header menus and footer for the request's shop and locale, with marks for the CSRF token and path. */
  const chromeFor = (c: Context<AppEnv>, menu: Menu): Chrome => {
    const shop = c.get('shop');
    const locale = c.get('locale');
    let forMenu = byMenu.get(menu);
    if (!forMenu) byMenu.set(menu, (forMenu = new Map()));
    const key = `${shop.code}|${locale}`;
    let chrome = forMenu.get(key);
    if (chrome) return chrome;
    const i18n = c.get('i18n');
    const view = {
      t: (id: string, values?: Record<string, unknown>) => i18n._(id, values),
      shop,
      locale,
      locales: LOCALES,
      localeNames: LOCALE_NAMES,
      menu,
      csrf: FRAGMENT_CSRF,
      path: CHROME_PATH,
      routes: routesFor(shop.termsPath),
    };
    const mobileNav = eta.render('/partials/mobile-nav', view);
    const megaMenu = eta.render('/partials/mega-menu', view);
    const footer = eta.render('/partials/footer', view);
    const header = (session: LayoutSession) =>
      eta.render('/partials/header', {
        ...view,
        session,
        cart: { count: CHROME_CART_COUNT, totalFormatted: CHROME_CART_TOTAL },
        query: CHROME_QUERY,
        chromeMobileNav: mobileNav,
        chromeMegaMenu: megaMenu,
      });
    chrome = {
      mobileNav: sharedHtml(mobileNav),
      megaMenu: sharedHtml(megaMenu),
      footer: new HoledHtml(footer, [FRAGMENT_CSRF, CHROME_PATH]),
      footerHtml: footer,
      anonymousHeader: header(ANONYMOUS),
      header,
      shells: [undefined, undefined],
      signedInShells: new Map(),
    };
    forMenu.set(key, chrome);
    return chrome;
  };

  /**
   * The layout shell for visitors who are not signed in (decision 191): base.eta rendered once per
   * shop, locale, menu and consent, with holes for the page, its head lines and the visitor's
   * token, path, cart and search text. A page is then its own template (without the layout) and
   * the shell's bytes, instead of the layout rendered and encoded again for every response.
   */
  const shellFor = (c: Context<AppEnv>, menu: Menu, consentGiven: boolean, signedInRoles?: readonly string[]): HoledHtml => {
    const chrome = chromeFor(c, menu);
    const slot = consentGiven ? 1 : 0;
    const signedInKey = signedInRoles ? `${slot}|${signedInRoles.join(',')}` : '';
    const kept = signedInRoles ? chrome.signedInShells.get(signedInKey) : chrome.shells[slot];
    if (kept) return kept;
    const shop = c.get('shop');
    const locale = c.get('locale');
    const i18n = c.get('i18n');
    const routes = routesFor(shop.termsPath);
    // A signed-in shopper's header and defaults, with marks for their name: the header shows the part
    // before "@", the defaults the whole e-mail (JSON string, as LAYOUT_CART).
    const session: LayoutSession = signedInRoles ? { userId: 0, username: LAYOUT_USER_NAME, roles: [...signedInRoles] } : ANONYMOUS;
    const defaultsSession: LayoutSession = signedInRoles ? { ...session, username: JSON.parse(LAYOUT_USER_JSON) } : ANONYMOUS;
    const view = {
      t: (id: string, values?: Record<string, unknown>) => i18n._(id, values),
      shop,
      locale,
      locales: LOCALES,
      localeNames: LOCALE_NAMES,
      themeScript: THEME_SCRIPT,
      csrf: FRAGMENT_CSRF,
      path: CHROME_PATH,
      routes,
      session,
      menu,
      assets,
      consentGiven,
      headMeta: LAYOUT_HEAD,
      body: LAYOUT_BODY,
      chromeFooter: chrome.footerHtml,
      // The cart's mark as a JSON string: scriptJson quotes it, which is the LAYOUT_CART mark.
      defaultsJson: scriptJson(pageDefaults(shop, locale, defaultsSession, JSON.parse(LAYOUT_CART), FRAGMENT_CSRF, routes)),
    };
    const html = eta.render('/layouts/base', { ...view, chromeHeader: signedInRoles ? chrome.header(session) : chrome.anonymousHeader });
    const marks = [LAYOUT_HEAD, LAYOUT_BODY, LAYOUT_CART, FRAGMENT_CSRF, CHROME_PATH, CHROME_CART_COUNT, CHROME_CART_TOTAL, CHROME_QUERY];
    const shell = new HoledHtml(html, signedInRoles ? [...marks, LAYOUT_USER_NAME, LAYOUT_USER_JSON] : marks);
    if (signedInRoles) chrome.signedInShells.set(signedInKey, shell);
    else chrome.shells[slot] = shell;
    return shell;
  };

  return { chromeFor, shellFor, pageDefaults };
}
