import { requestHeader } from '../http/request-header';
import type { Context } from 'hono';
import { cookie } from '../http/cookies';
import { answer } from '../http/response-head';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { LOCALE_NAMES, LOCALES } from '../i18n/locales';
import type { AppEnv } from '../http/env';
import type { MenuCache } from '../catalog/menu.service';
import { cartSummary } from '../cart/cart-summary.service';
import { CONSENT_COOKIE } from '../shops/shop.pages';
import type { Assets } from './assets';
import { routesFor } from './routes';
import { formatMoney } from './format';
import { attrJson, scriptJson } from './json';
import { ANONYMOUS, CHROME_CART_COUNT, CHROME_CART_TOTAL, CHROME_PATH, CHROME_QUERY, createChrome, escapeHtml, FRAGMENT_CSRF, LAYOUT_BODY, LAYOUT_CART, LAYOUT_HEAD, LAYOUT_USER_JSON, LAYOUT_USER_NAME, type LayoutSession } from './chrome';
import { acceptedCodings, acceptsGzip, gzipParts } from './gzip-splice';
import { renderWithBytes } from './pieces';
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

export { FRAGMENT_CSRF } from './chrome';

/**
 * The `path` of a fragment shared by every page (product cards): its no-JS forms then carry no return
 * address and their handlers return to the Referer (server/http/return-path.ts, decision 199).
 */
export const NO_RETURN_PATH = '';

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
  session: LayoutSession;
  cart: { count: number; total: number };
  /** The visitor's CSRF token; empty on a page shared by many visitors. */
  csrf: string;
  consentGiven: boolean;
}

const NO_CART = { count: 0, total: 0 };
const HTML_TYPE = 'text/html; charset=UTF-8';

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

/** An empty cart's JSON per currency and locale (the same on most pages); any other cart's, made. */
const emptyCarts = new Map<string, string>();
function cartJson(cart: { count: number; total: number; totalFormatted: string }): string {
  if (cart.count !== 0 || cart.total !== 0) return scriptJson(cart);
  let json = emptyCarts.get(cart.totalFormatted);
  if (json === undefined) emptyCarts.set(cart.totalFormatted, (json = scriptJson(cart)));
  return json;
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
  const { chromeFor, shellFor, pageDefaults } = createChrome(eta, assets);

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
    // base.eta around the page, its header rendered for this visitor: what the layout shells must
    // equal, byte for byte (the check below).
    const classic = () => {
      const chrome = chromeFor(c, shopMenu);
      return renderWithBytes(
        withView(view, Object.assign({}, values, {
          headMeta,
          chromeMobileNav: chrome.mobileNav,
          chromeMegaMenu: chrome.megaMenu,
          chromeFooter: chrome.footer.fill({ [FRAGMENT_CSRF]: visitor.csrf, [CHROME_PATH]: escapeHtml(path) }),
          defaultsJson: scriptJson(pageDefaults(shop, locale, session, cartView, visitor.csrf, routes)),
        })),
        (marked) => eta.render(template, marked),
      );
    };
    const signedIn = session.userId !== null;
    const body = renderWithBytes(withView(view, values), (marked) => pageEta.render(template, marked));
    const filled = shellFor(c, shopMenu, visitor.consentGiven, signedIn ? session.roles : undefined).fill({
      [LAYOUT_HEAD]: headMeta,
      [LAYOUT_BODY]: body,
      [LAYOUT_CART]: cartJson(cartView),
      [FRAGMENT_CSRF]: visitor.csrf,
      [CHROME_PATH]: escapeHtml(path),
      [CHROME_CART_COUNT]: String(cartView.count),
      [CHROME_CART_TOTAL]: escapeHtml(cartView.totalFormatted),
      [CHROME_QUERY]: escapeHtml(String(view.query ?? '')),
      // A signed-in shopper's name: in the profile menu as the part before "@", in the defaults whole.
      ...(signedIn ? { [LAYOUT_USER_NAME]: escapeHtml((session.username ?? '').split('@')[0]), [LAYOUT_USER_JSON]: scriptJson(session.username) } : {}),
    }).parts as Buffer[];
    // Outside production every such page is also rendered the classic way, header and all, and must
    // be the same bytes: the whole test suite checks the shell against base.eta and header.eta.
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
    if (typeof html === 'string') return answer(c, html, meta.status ?? 200, HTML_TYPE);
    c.header('Vary', 'Accept-Encoding', { append: true });
    if (acceptsGzip(requestHeader(c, 'accept-encoding'))) {
      c.header('Content-Encoding', 'gzip');
      return answer(c, gzipParts(html), meta.status ?? 200, HTML_TYPE);
    }
    return answer(c, Buffer.concat(html), meta.status ?? 200, HTML_TYPE);
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
    return answer(c, bytes, 200, HTML_TYPE);
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
