import { requestHeader } from '../http/request-header';
import type { Context } from 'hono';
import { cookie } from '../http/cookies';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { LOCALE_NAMES, LOCALES, type Locale } from '../i18n/locales';
import type { AppEnv, SessionState, ShopContext } from '../http/env';
import type { MenuCache } from '../catalog/menu.service';
import { cartSummary } from '../cart/cart-summary.service';
import { CONSENT_COOKIE } from '../shops/shop.pages';
import type { Assets } from './assets';
import { ROUTES } from './routes';
import { formatMoney, intlLocale } from './format';
import { attrJson, scriptJson } from './json';
import { CHROME_CART_COUNT, CHROME_CART_TOTAL, CHROME_PATH, CHROME_QUERY, ChromeCache, escapeHtml, LAYOUT_BODY, LAYOUT_CART, LAYOUT_HEAD, type Chrome } from './chrome';
import { acceptedCodings, acceptsGzip, gzipParts } from './gzip-splice';
import { HoledHtml, renderWithBytes, sharedHtml } from './pieces';
import { CachedPage } from './cached-page';
import { THEME_SCRIPT } from './theme-script';
import { createEta } from './eta';

export interface PageMeta {
  title?: string;
  description?: string;
  canonicalPath?: string;
  status?: ContentfulStatusCode;
  /** Pages with personal data must never be stored by a shared cache. */
  noStore?: boolean;
  /** The same page in the other storefronts: `<link rel="alternate" hreflang href>` (absolute URLs). */
  alternates?: { hreflang: string; href: string }[];
  /** Neighbouring pages of a paginated list (paths on this shop): `<link rel="prev|next">`. */
  prevPath?: string;
  nextPath?: string;
}

export type Render = (c: Context<AppEnv>, template: string, view: Record<string, unknown>, meta?: PageMeta) => Response;

/**
 * Stands for the CSRF token in a fragment rendered for many shoppers; whoever serves the fragment
 * replaces it with the shopper's own token (a shared fragment never holds a real one).
 */
export const FRAGMENT_CSRF = '__fragment_csrf_token__';

export interface Renderer extends Render {
  /**
   * Renders a template without the layout and without anything personal (no session or cart;
   * `csrf` is FRAGMENT_CSRF), so the HTML may be shared between shoppers of one shop and locale.
   * `path` (default: the request's) stands in for `it.path`, e.g. a mark filled in later.
   */
  fragment(c: Context<AppEnv>, template: string, view: Record<string, unknown>, path?: string): string;
  /**
   * The whole page as any anonymous visitor without a stored session sees it (not signed in, an
   * empty cart, no CSRF token: its forms are proven by the browser, decision 181): for the page
   * cache (decision 180).
   */
  anonymousPage(c: Context<AppEnv>, template: string, view: Record<string, unknown>, meta?: PageMeta): CachedPage;
  /** Answers with a cached page (the headers render() would send). */
  sendPage(c: Context<AppEnv>, page: CachedPage): Response;
}

interface Visitor {
  session: Pick<SessionState, 'userId' | 'username' | 'roles'>;
  cart: { count: number; total: number };
  /** The visitor's CSRF token; empty on a page shared by many visitors. */
  csrf: string;
  consentGiven: boolean;
}

const NO_CART = { count: 0, total: 0 };
const ANONYMOUS: Visitor['session'] = { userId: null, username: null, roles: [] };
const HTML_TYPE = { 'Content-Type': 'text/html; charset=UTF-8' };

/** The routes object templates read, one per terms path (one per shop) instead of one per render. */
const routesByTerms = new Map<string, Record<string, string>>();
function routesFor(terms: string): Record<string, string> {
  let routes = routesByTerms.get(terms);
  if (!routes) {
    routes = { ...ROUTES, terms };
    routesByTerms.set(terms, routes);
  }
  return routes;
}

export { ROUTES } from './routes';

/**
 * A page's own view with the renderer's values on top (theirs win, as in `{ ...view, ...values }`).
 * Not written as that literal: a spread followed by two dozen properties, over views of many
 * shapes, took V8's slow path and cost ~27 µs per page; two Object.assign calls cost ~2 µs
 * (measured with tests/bench/profile.ts on an uncached category page).
 */
function withView(view: Record<string, unknown>, values: Record<string, unknown>): Record<string, unknown> {
  return Object.assign(Object.assign({}, view), values);
}

/**
 * Renders a page template inside the base layout with everything the header, footer and widgets
 * need. Templates are compiled once and cached in production.
 */
export function createRenderer(options: { root: string; production: boolean; assets: Assets; menu: MenuCache }): Renderer {
  const eta = createEta(options);
  /** The same templates without their `layout()` call: a page's own HTML, for the layout shell. */
  const pageEta = createEta({ ...options, withoutLayout: true });
  const { assets, menu } = options;
  const chromes = new ChromeCache();
  /** Header menus and footer for one shop and locale, with marks for the CSRF token and path. */
  const sharedChrome = (c: Context<AppEnv>, shopMenu: ReturnType<MenuCache['get']>): Chrome => {
    const shop = c.get('shop');
    const locale = c.get('locale');
    const i18n = c.get('i18n');
    return chromes.get(shopMenu, `${shop.code}|${locale}`, () => {
      const view = {
        t: (id: string, values?: Record<string, unknown>) => i18n._(id, values),
        shop,
        locale,
        locales: LOCALES,
        localeNames: LOCALE_NAMES,
        menu: shopMenu,
        csrf: FRAGMENT_CSRF,
        path: CHROME_PATH,
        routes: routesFor(shop.termsPath),
      };
      const mobileNav = eta.render('/partials/mobile-nav', view);
      const megaMenu = eta.render('/partials/mega-menu', view);
      const anonymousHeader = eta.render('/partials/header', {
        ...view,
        session: ANONYMOUS,
        cart: { count: CHROME_CART_COUNT, totalFormatted: CHROME_CART_TOTAL },
        query: CHROME_QUERY,
        chromeMobileNav: mobileNav,
        chromeMegaMenu: megaMenu,
      });
      const footer = eta.render('/partials/footer', view);
      return {
        mobileNav: sharedHtml(mobileNav),
        megaMenu: sharedHtml(megaMenu),
        footer: new HoledHtml(footer, [FRAGMENT_CSRF, CHROME_PATH]),
        footerHtml: footer,
        anonymousHeader: new HoledHtml(anonymousHeader, [FRAGMENT_CSRF, CHROME_CART_COUNT, CHROME_CART_TOTAL, CHROME_QUERY]),
        anonymousHeaderHtml: anonymousHeader,
        shells: [undefined, undefined],
      };
    });
  };

  /**
   * The layout shell for visitors who are not signed in (decision 191): base.eta rendered once per
   * shop, locale, menu and consent, with holes for the page, its head lines and the visitor's
   * token, path, cart and search text. A page is then its own template (without the layout) and
   * the shell's bytes, instead of the layout rendered and encoded again for every response.
   */
  const shellFor = (c: Context<AppEnv>, chrome: Chrome, shopMenu: ReturnType<MenuCache['get']>, consentGiven: boolean): HoledHtml => {
    const slot = consentGiven ? 1 : 0;
    const kept = chrome.shells[slot];
    if (kept) return kept;
    const shop = c.get('shop');
    const locale = c.get('locale');
    const i18n = c.get('i18n');
    const routes = routesFor(shop.termsPath);
    const html = eta.render('/layouts/base', {
      t: (id: string, values?: Record<string, unknown>) => i18n._(id, values),
      shop,
      locale,
      locales: LOCALES,
      localeNames: LOCALE_NAMES,
      themeScript: THEME_SCRIPT,
      csrf: FRAGMENT_CSRF,
      path: CHROME_PATH,
      routes,
      session: ANONYMOUS,
      menu: shopMenu,
      assets,
      consentGiven,
      headMeta: LAYOUT_HEAD,
      body: LAYOUT_BODY,
      chromeHeader: chrome.anonymousHeaderHtml,
      chromeFooter: chrome.footerHtml,
      defaultsJson: scriptJson(pageDefaults(shop, locale, ANONYMOUS, JSON.parse(LAYOUT_CART), FRAGMENT_CSRF, routes)),
    });
    const shell = new HoledHtml(html, [LAYOUT_HEAD, LAYOUT_BODY, LAYOUT_CART, FRAGMENT_CSRF, CHROME_PATH, CHROME_CART_COUNT, CHROME_CART_TOTAL, CHROME_QUERY]);
    chrome.shells[slot] = shell;
    return shell;
  };

  const pageDefaults = (shop: ShopContext, locale: Locale, session: Visitor['session'], cart: unknown, csrf: string, routes: Record<string, string>) => ({
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

  /** The layout around a page for one visitor: who they are, their token and cart. */
  const layout = (c: Context<AppEnv>, template: string, view: Record<string, unknown>, meta: PageMeta, visitor: Visitor): string | Buffer[] => {
    // c.get(), not c.var: Hono's `var` getter copies every variable into a new object per access.
    const shop = c.get('shop');
    const locale = c.get('locale');
    const i18n = c.get('i18n');
    const { session, cart } = visitor;
    const money = (minor: number) => formatMoney(minor, shop.currency, locale);
    const cartView = { count: cart.count, total: cart.total, totalFormatted: money(cart.total) };
    const routes = routesFor(shop.termsPath);
    const shopMenu = menu.get();
    const shared = sharedChrome(c, shopMenu);
    const path = c.req.path;
    // What the page's own template reads (and the layout too, on the classic path below).
    const values = {
      t: (id: string, v?: Record<string, unknown>) => i18n._(id, v),
      money,
      attrJson,
      shop,
      locale,
      locales: LOCALES,
      localeNames: LOCALE_NAMES,
      themeScript: THEME_SCRIPT,
      csrf: visitor.csrf,
      path,
      routes,
      session,
      cart: cartView,
      menu: shopMenu,
      assets,
      consentGiven: visitor.consentGiven,
      meta: { ...meta, canonical: `${shop.origin}${meta.canonicalPath ?? path}` },
    };
    const headMeta = eta.render('/partials/head-meta', values);
    const classic = () =>
      renderWithBytes(
        withView(view, Object.assign({}, values, {
          headMeta,
          chromeMobileNav: shared.mobileNav,
          chromeMegaMenu: shared.megaMenu,
          chromeFooter: shared.footer.fill({ [FRAGMENT_CSRF]: visitor.csrf, [CHROME_PATH]: escapeHtml(path) }),
          // Not signed in: the header is the same for everyone but for these values (decision 188).
          chromeHeader:
            session.userId === null
              ? shared.anonymousHeader.fill({
                  [FRAGMENT_CSRF]: visitor.csrf,
                  [CHROME_CART_COUNT]: String(cartView.count),
                  [CHROME_CART_TOTAL]: escapeHtml(cartView.totalFormatted),
                  [CHROME_QUERY]: escapeHtml(String(view.query ?? '')),
                })
              : undefined,
          defaultsJson: scriptJson(pageDefaults(shop, locale, session, cartView, visitor.csrf, routes)),
        })),
        (marked) => eta.render(template, marked),
      );
    if (session.userId !== null) return classic();

    const body = renderWithBytes(withView(view, values), (marked) => pageEta.render(template, marked));
    const filled = shellFor(c, shared, shopMenu, visitor.consentGiven).fill({
      [LAYOUT_HEAD]: headMeta,
      [LAYOUT_BODY]: body,
      [LAYOUT_CART]: scriptJson(cartView),
      [FRAGMENT_CSRF]: visitor.csrf,
      [CHROME_PATH]: escapeHtml(path),
      [CHROME_CART_COUNT]: String(cartView.count),
      [CHROME_CART_TOTAL]: escapeHtml(cartView.totalFormatted),
      [CHROME_QUERY]: escapeHtml(String(view.query ?? '')),
    }).parts as Buffer[];
    // Outside production every such page is also rendered the classic way and must be the same
    // bytes: the whole test suite checks the shell against base.eta.
    if (!options.production) {
      const expected = classic();
      const got = Buffer.concat(filled).toString();
      const want = typeof expected === 'string' ? expected : Buffer.concat(expected).toString();
      if (got !== want) throw new Error(`The layout shell differs from base.eta for ${template} (${path})`);
    }
    return filled;
  };

  const render: Render = (c, template, view, meta = {}) => {
    const session = c.get('session');
    const shop = c.get('shop');
    // No row behind the id when the request began: no cart either (carts reference the row), unless
    // this very request stored one (a form post that renders instead of redirecting).
    const mayHaveCart = session.stored || c.req.method !== 'GET';
    const cart = mayHaveCart ? cartSummary(c.get('deps').db, session.hash, shop.id, session.roles.includes('ROLE_WHOLESALE')) : NO_CART;
    const html = layout(c, template, view, meta, {
      session,
      cart,
      csrf: c.get('csrfToken'),
      consentGiven: cookie(c, CONSENT_COOKIE) === '1',
    });
    if (meta.noStore || !session.fresh) c.header('Cache-Control', 'no-store');
    if (typeof html === 'string') return c.html(html, meta.status ?? 200);
    c.header('Vary', 'Accept-Encoding', { append: true });
    if (acceptsGzip(requestHeader(c, 'accept-encoding'))) {
      c.header('Content-Encoding', 'gzip');
      return c.body(gzipParts(html) as Uint8Array<ArrayBuffer>, meta.status ?? 200, HTML_TYPE);
    }
    return c.body(Buffer.concat(html) as Uint8Array<ArrayBuffer>, meta.status ?? 200, HTML_TYPE);
  };

  const anonymousPage: Renderer['anonymousPage'] = (c, template, view, meta = {}) => {
    const html = layout(c, template, view, meta, {
      session: ANONYMOUS,
      cart: NO_CART,
      csrf: '',
      consentGiven: cookie(c, CONSENT_COOKIE) === '1',
    });
    return new CachedPage(typeof html === 'string' ? Buffer.from(html) : Buffer.concat(html));
  };

  const sendPage: Renderer['sendPage'] = (c, page) => {
    if (!c.get('session').fresh) c.header('Cache-Control', 'no-store');
    c.header('Vary', 'Accept-Encoding', { append: true });
    const { bytes, encoding } = page.body(acceptedCodings(requestHeader(c, 'accept-encoding')));
    if (encoding) c.header('Content-Encoding', encoding);
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, HTML_TYPE);
  };

  const fragment: Renderer['fragment'] = (c, template, view, path = c.req.path) => {
    const shop = c.get('shop');
    const locale = c.get('locale');
    const i18n = c.get('i18n');
    return eta.render(template, withView(view, {
      t: (id: string, values?: Record<string, unknown>) => i18n._(id, values),
      money: (minor: number) => formatMoney(minor, shop.currency, locale),
      attrJson,
      scriptJson,
      shop,
      locale,
      csrf: FRAGMENT_CSRF,
      path,
      routes: routesFor(shop.termsPath),
    }));
  };

  return Object.assign(render, { fragment, anonymousPage, sendPage });
}
