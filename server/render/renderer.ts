import { join } from 'node:path';
import { Eta } from 'eta';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { LOCALE_NAMES, LOCALES } from '../i18n/locales';
import type { AppEnv } from '../http/env';
import type { MenuCache } from '../catalog/menu.service';
import { cartSummary } from '../cart/cart-summary.service';
import { CONSENT_COOKIE } from '../shops/shop.pages';
import type { Assets } from './assets';
import { ROUTES } from './routes';
import { formatMoney, intlLocale } from './format';
import { attrJson, scriptJson } from './json';

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
   * Renders a template without the layout and without anything personal (no session, cart or
   * nonce; `csrf` is FRAGMENT_CSRF), so the HTML may be shared between shoppers of one shop and locale.
   */
  fragment(c: Context<AppEnv>, template: string, view: Record<string, unknown>): string;
}

export { ROUTES } from './routes';

/**
 * Renders a page template inside the base layout with everything the header, footer and widgets
 * need. Templates are compiled once and cached in production.
 */
export function createRenderer(options: { root: string; production: boolean; assets: Assets; menu: MenuCache }): Renderer {
  const eta = new Eta({ views: join(options.root, 'templates'), cache: options.production, autoTrim: false });
  const { assets, menu } = options;

  const render: Render = (c, template, view, meta = {}) => {
    const { shop, locale, i18n, session, deps } = c.var;
    const db = deps.db;
    const t = (id: string, values?: Record<string, unknown>) => i18n._(id, values);
    const cart = session.fresh ? { count: 0, total: 0 } : cartSummary(db, session.hash, shop.id, session.roles.includes('ROLE_WHOLESALE'));
    const money = (minor: number) => formatMoney(minor, shop.currency, locale);
    const defaults = {
      shop: shop.code,
      locale,
      intlLocale: intlLocale(locale),
      currency: { code: shop.currency, symbol: shop.currencySymbol },
      isLogged: session.userId !== null,
      loggedUsername: session.username,
      loggedRoles: session.roles,
      cart: { count: cart.count, total: cart.total, totalFormatted: money(cart.total) },
      csrf: c.var.csrfToken,
      messages: assets.messages[locale],
      routes: { ...ROUTES, terms: shop.termsPath },
    };
    const html = eta.render(template, {
      ...view,
      t,
      money,
      attrJson,
      shop,
      locale,
      locales: LOCALES,
      localeNames: LOCALE_NAMES,
      nonce: c.var.secureHeadersNonce ?? '',
      csrf: c.var.csrfToken,
      path: c.req.path,
      routes: defaults.routes,
      session,
      cart: defaults.cart,
      menu: menu.get(),
      menuJson: menu.json(),
      assets,
      consentGiven: getCookie(c, CONSENT_COOKIE) === '1',
      defaultsJson: scriptJson(defaults),
      meta: { ...meta, canonical: `${shop.origin}${meta.canonicalPath ?? c.req.path}` },
    });
    if (meta.noStore || !session.fresh) c.header('Cache-Control', 'no-store');
    return c.html(html, meta.status ?? 200);
  };

  const fragment: Renderer['fragment'] = (c, template, view) => {
    const { shop, locale, i18n } = c.var;
    return eta.render(template, {
      ...view,
      t: (id: string, values?: Record<string, unknown>) => i18n._(id, values),
      money: (minor: number) => formatMoney(minor, shop.currency, locale),
      attrJson,
      scriptJson,
      shop,
      locale,
      csrf: FRAGMENT_CSRF,
      path: c.req.path,
      routes: { ...ROUTES, terms: shop.termsPath },
    });
  };

  return Object.assign(render, { fragment });
}
