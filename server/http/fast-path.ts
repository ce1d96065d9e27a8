import type { IncomingMessage } from 'node:http';
import { Context } from 'hono';
import type { I18n } from '@lingui/core';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Locale } from '../i18n/locales';
import { CachedJson } from '../render/cached-page';
import { FILTER_COUNT_PATH } from '../catalog/filter';
import type { FilterCountAnswer } from '../catalog/filter-count';
import { acceptedCodings } from '../render/gzip-splice';
import type { AppEnv, Deps, ShopContext } from './env';
import { pageKey, type PageCache } from './page-cache';
import { installHead } from './response-head';
import { parseCookies } from './cookies';
import { securityFieldsFor } from './security-headers';
import { requestIdFor } from './request-id';
import { hashSessionId, newSessionId, sessionCookieHeader, sessionCookieName, SESSION_ID_PATTERN, visitorWithoutRow } from './session';
import { LOCALE_COOKIE, localeFor } from './shop';
import { CONSENT_COOKIE } from '../shops/shop.pages';
import { sessionExists } from '../sessions/sessions.service';

/**
 * Answers made before Hono's router and middleware run, for visitors with nothing stored under
 * their session: kept pages (the page cache, decision 180), first-time filter counts (decision 200)
 * and search results (decision 206).
 */

type Fetch<Ctx> = (request: Request, env?: unknown, ctx?: Ctx) => Response | Promise<Response>;

interface FastPathDeps {
  config: Config;
  db: Db;
  pages: PageCache;
  shopFor: (host: string | undefined) => ShopContext;
  /** Drops every cached view when the catalogue changed (CatalogVersion.sync). */
  syncCatalog: () => void;
  /**
   * An anonymous visitor's filter count (GET FILTER_COUNT_PATH?…) from its query, or null for
   * anything to be answered the normal way (a bad question's 400 or 404): decision 200.
   */
  filterCount?: (query: URLSearchParams, shopId: number) => FilterCountAnswer | null;
  /**
   * Pages rendered here for a visitor with nothing stored under their session (decision 206): for a
   * path and query, the handler that answers it from a Context prepared as Hono's middleware would
   * (shop, locale, session, head) without a CSRF token, as the shared pages these visitors get have
   * none (decision 181); null for any other address. A handler that throws is left to Hono.
   */
  renderedPage?: (path: string) => ((c: Context<AppEnv>) => Response) | null;
  /** What such a Context carries for every request: the app's dependencies and translators. */
  requestDeps?: { deps: Deps; translators: Record<Locale, I18n> };
}

const COUNT_QUESTION = `${FILTER_COUNT_PATH}?`;

/**
 * Wraps the app's fetch: answers a page-cache hit for an anonymous visitor, else calls Hono. The
 * answer carries the same headers as the normal path's (tests/server/page-cache.test.ts compares
 * them): request id, the security headers, Content-Language, the session cookie for a first visit,
 * and for a page no-store for a returning visitor, Vary and the encoding; a JSON answer (a filter
 * count) gets the API's security headers. An anonymous visitor's filter count that is not kept is
 * counted here too (decision 200): the filter widget asks on every change, and Hono's router and
 * middleware were most of such an answer's cost; it is kept when asked again, as the handler would.
 * So are the pages `renderedPage` names (search results, decision 206), rendered by their own
 * handler from a Context set up as the middleware would have.
 */
export function withPageCache<Ctx>(fetch: Fetch<Ctx>, deps: FastPathDeps): Fetch<Ctx> {
  const { config, pages, shopFor } = deps;
  const cookieName = sessionCookieName(config);
  const answer = (request: Request, env: unknown): Response | null => {
    if (request.method !== 'GET') return null;
    // The Node adapter's raw request: its path and already parsed headers, without building a
    // WHATWG Headers object. app.request() (tests) has none.
    const incoming = (env as { incoming?: IncomingMessage } | undefined)?.incoming;
    let path: string;
    let header: (name: string) => string | undefined;
    if (incoming?.url !== undefined && incoming.headers) {
      path = incoming.url;
      if (path.charCodeAt(0) !== 47 /* / */) return null;
      const headers = incoming.headers;
      header = (name) => {
        const value = headers[name];
        return typeof value === 'string' ? value : undefined;
      };
    } else {
      const url = new URL(request.url);
      path = url.search ? `${url.pathname}${url.search}` : url.pathname;
      header = (name) => request.headers.get(name) ?? undefined;
    }
    // Addresses with a query are looked up as sent: only canonical ones are ever stored (search
    // results), so `?utm_source=…` and other spellings simply miss and go the normal way. Queries
    // under other paths (an API's GET, a category's filter form) are not looked up at all.
    const countQuestion = deps.filterCount !== undefined && path.startsWith(COUNT_QUESTION);
    const rendered = countQuestion ? null : (deps.renderedPage?.(path) ?? null);
    if (!countQuestion && !rendered && (pages.size === 0 || !pages.mayHold(path))) return null;

    const cookieHeader = header('cookie');
    const cookies = cookieHeader ? parseCookies(cookieHeader) : {};
    const shop = shopFor(header('host'));
    const locale = localeFor(shop, cookies[LOCALE_COOKIE]);
    deps.syncCatalog();
    const key = pageKey(shop.code, locale, cookies[CONSENT_COOKIE] === '1', path);
    let page = pages.size === 0 ? undefined : pages.get(key);
    if (!page && !countQuestion && !rendered) return null;

    // The session as session() would read it: a well-formed id with a row goes the normal way.
    let sid = cookies[cookieName];
    let fresh = false;
    if (sid !== undefined && SESSION_ID_PATTERN.test(sid)) {
      if (sessionExists(deps.db, hashSessionId(sid))) return null;
    } else {
      sid = newSessionId();
      fresh = true;
    }

    // The security headers of the address (a JSON answer, a filter count, gets the API's) and the
    // middleware's: request id, language, the cookie of a first visit.
    const headers = securityFieldsFor(path);
    const requestId = requestIdFor(header('x-request-id'));
    headers['x-request-id'] = requestId;
    headers['content-language'] = locale;
    const setCookies = fresh ? [sessionCookieHeader(config, sid)] : [];

    // A page not kept, rendered by its handler from what Hono's middleware would have set.
    if (!page && rendered) {
      const c = new Context<AppEnv>(request, { env, path: path.split('?', 1)[0] });
      const { deps: appDeps, translators } = deps.requestDeps!;
      installHead(c, headers, setCookies);
      c.set('deps', appDeps);
      c.set('requestId', requestId);
      c.set('shop', shop);
      c.set('locale', locale);
      c.set('i18n', translators[locale]);
      c.set('session', visitorWithoutRow(sid, fresh));
      c.set('csrfToken', '');
      try {
        const response = rendered(c);
        pages.stats.rendered++;
        return response;
      } catch {
        return null;
      }
    }

    // A filter count not kept: counted now for a visitor who is not signed in (retail prices), kept
    // when its one address is asked again (AnonymousPages.appliesOnRepeat's rule).
    let kept: 'hit' | 'miss' | undefined = 'hit';
    if (page) pages.stats.hits++;
    else {
      const counted = deps.filterCount!(new URLSearchParams(path.slice(COUNT_QUESTION.length)), shop.id);
      if (counted === null) return null;
      pages.stats.counts++;
      page = new CachedJson(Buffer.from(counted.json));
      kept = undefined;
      if (pages.enabled && counted.canonical === path && pages.askedBefore(key)) {
        pages.store(key, path, page);
        kept = 'miss';
      }
    }
    // No caching rule of a page on JSON, as the answer through Hono has.
    if (fresh) headers['set-cookie'] = setCookies[0];
    else if (page.kind !== 'json') headers['cache-control'] = 'no-store';
    if (kept) headers['x-page-cache'] = kept;
    if (page.kind === 'json') {
      headers['content-type'] = 'application/json';
      return new Response(page.json as Uint8Array<ArrayBuffer>, { status: 200, headers });
    }
    headers['x-fragment-cache'] = 'hit';
    headers['vary'] = 'Accept-Encoding';
    headers['content-type'] = 'text/html; charset=UTF-8';
    const { bytes, encoding } = page.body(acceptedCodings(header('accept-encoding')));
    if (encoding) headers['content-encoding'] = encoding;
    return new Response(bytes as Uint8Array<ArrayBuffer>, { status: 200, headers });
  };

  return (request, env, ctx) => answer(request, env) ?? fetch(request, env, ctx);
}
