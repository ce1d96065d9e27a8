import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../http/env';
import { isSharedRequest, markPrivate, markShared, type HttpCacheSettings } from '../http/http-cache';
import { answer } from '../http/response-head';
import { accountLinksFor } from '../accounts/account-links';
import { NO_HEADER, shopperHeaderOf } from '../cart/shopper-header';
import type { Assets } from './assets';
import { createMenus, createShopperChrome } from './chrome';
import { createEta, renderBytes, renderParts } from './eta';
import { formatMoney, formatNumber } from './format';
import { attrJson, scriptJson } from './json';
import { routesFor } from './routes';
import { THEME_SCRIPT } from './theme-script';

export interface PageMeta {
  title?: string;
  description?: string;
  canonicalPath?: string;
  status?: ContentfulStatusCode;
  /**
   * The page is the same for every visitor without a stored session at its canonical address
   * (home, category lists, products, guides, blog and static pages, search results): such a request
   * gets it without a token or cart, marked for shared caches (server/http/http-cache.ts).
   */
  shared?: boolean;
  /** Never shared, even at its canonical address (pages with personal data). Every other page is private too. */
  noStore?: boolean;
  /** The same page in the other storefronts: `<link rel="alternate" hreflang href>` (absolute URLs). */
  alternates?: { hreflang: string; href: string }[];
  /** Neighbouring pages of a paginated list (paths on this shop): `<link rel="prev|next">`. */
  prevPath?: string;
  nextPath?: string;
  /** These head lines as Renderer.head drew them, for a meta kept with its page's main part. */
  head?: Uint8Array[];
}

export type Render = (c: Context<AppEnv>, template: string, view: Record<string, unknown>, meta?: PageMeta) => Response;

/**
 * The `path` of a fragment shared by every page (product cards): its no-JS forms then carry no return
 * address and their handlers return to the Referer (server/http/return-path.ts, decision 199).
 */
export const NO_RETURN_PATH = '';

export interface Renderer extends Render {
  /**
   * Renders a template without the layout and without anything personal (no session, cart or
   * token), so the HTML may be shared between shoppers of one shop and locale (product cards).
   * `path` (default: the request's) stands in for `it.path`.
   */
  fragment(c: Context<AppEnv>, template: string, view: Record<string, unknown>, path?: string): string;
  /** The page's own <head> lines (head-meta.eta), to keep with a kept main part (PageMeta.head). */
  head(c: Context<AppEnv>, meta: PageMeta): Uint8Array[];
}

const HTML_TYPE = 'text/html; charset=UTF-8';

/** A page's meta with its absolute canonical address (the request's path unless the page names one). */
const withCanonical = (c: Context<AppEnv>, meta: PageMeta) => Object.assign({}, meta, { canonical: `${c.get('shop').origin}${meta.canonicalPath ?? c.req.path}` });

/** `{ ...view, ...values }`, which over views of many shapes took V8's slow path (~27 µs a page against ~2 µs). */
function withView(view: Record<string, unknown>, values: Record<string, unknown>): Record<string, unknown> {
  return Object.assign(Object.assign({}, view), values);
}

/**
 * Renders a page template inside the base layout, all by Eta; its menus, footer and cookie bar, its
 * header and page defaults come kept (chrome.ts). A shared page (PageMeta.shared) is rendered as
 * every anonymous visitor sees it and marked for HTTP caches; any other page is this visitor's own.
 */
export function createRenderer(options: { root: string; production: boolean; assets: Assets; httpCache: HttpCacheSettings }): Renderer {
  const eta = createEta(options);
  const menusFor = createMenus(eta);
  const shopperFor = createShopperChrome(eta, options.assets);

  /** What every template reads, page or fragment: texts, money and numbers in the locale, the shop, its routes. */
  const common = (c: Context<AppEnv>, path: string, csrf: string) => {
    const shop = c.get('shop');
    const locale = c.get('locale');
    const money = (minor: number) => formatMoney(minor, shop.currency, locale);
    const number = (value: number, decimals?: number) => formatNumber(value, locale, decimals);
    return { t: c.get('i18n').t, money, number, attrJson, scriptJson, shop, locale, csrf, path, routes: routesFor(shop.termsPath) };
  };

  const render: Render = (c, template, view, meta = {}) => {
    // c.get(), not c.var: Hono's `var` getter copies every variable into a new object per access.
    const session = c.get('session');
    const status = meta.status ?? 200;
    const shared = meta.shared === true && !meta.noStore && status === 200 && meta.canonicalPath !== undefined && isSharedRequest(c, meta.canonicalPath);
    // The cart and a signed-in user's Správy count; a shared page carries nobody's.
    const { cart, unread: unreadMessages } = shared ? NO_HEADER : shopperHeaderOf(c);
    const base = common(c, c.req.path, shared ? '' : c.get('csrfToken'));
    const menus = menusFor(c);
    const accountLinks = accountLinksFor(session.roles);
    const shopper = shopperFor(c, { t: base.t, menus, session, accountLinks, unreadMessages, cart, csrf: base.csrf, query: view.query });
    const html = renderBytes(eta, template, withView(view, Object.assign(base, {
      themeScript: THEME_SCRIPT,
      accountLinks,
      unreadMessages,
      menu: menus.menu,
      header: shopper.header,
      chromeFooter: menus.footer,
      assets: options.assets,
      meta: withCanonical(c, meta),
      defaultsJson: shopper.defaultsJson,
    })));
    if (shared) markShared(c, options.httpCache);
    else markPrivate(c);
    return answer(c, html, status, HTML_TYPE);
  };

  const fragment: Renderer['fragment'] = (c, template, view, path = c.req.path) => eta.render(template, withView(view, common(c, path, '')));
  const head: Renderer['head'] = (c, meta) => renderParts(eta, '/partials/head-meta', { meta: withCanonical(c, meta), shop: c.get('shop') });

  return Object.assign(render, { fragment, head });
}
