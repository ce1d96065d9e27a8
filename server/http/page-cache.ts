import type { ShopCode } from '../config';
import type { Locale } from '../i18n/locales';
import { Lru } from '../catalog/fragment-cache';
import type { CachedAnswer } from '../render/cached-page';
import type { Context } from 'hono';
import type { PageMeta, Renderer } from '../render/renderer';
import type { AppEnv, Clock } from './env';
import { cookie } from './cookies';
import { CONSENT_COOKIE } from '../shops/shop.pages';

/**
 * Whole pages for anonymous visitors (decision 180). A category page seen by a visitor who is not
 * signed in and has nothing stored under their session (no session row, so no cart) is the same
 * for all of them: no nonce (the CSP allows its one inline script by hash) and no CSRF token (the
 * browser's Sec-Fetch-Site/Origin proves its forms, decision 181). So it is rendered once per shop,
 * locale, consent banner state and address and kept as finished bytes (CachedPage: plain, gzip,
 * brotli). Such requests are answered before Hono's router and middleware run (fast-path.ts):
 * parse the cookies, find the shop, one indexed look-up for a session row when the visitor has a
 * cookie, headers, the stored bytes. Anything else (an address that is not a stored page's canonical one, a signed-in
 * or cart-holding visitor, another method) goes the normal way, where the page handlers fill the
 * page cache (AnonymousPages below).
 */

export const PAGE_CAPACITY = 500;
/** As fragments: stock moves without a catalogue edit in ways we may not hear of. */
export const PAGE_TTL_MS = 60_000;

export function pageKey(shop: ShopCode, locale: Locale, consent: boolean, path: string): string {
  return `${shop}|${locale}|${consent ? 'c' : '-'}|${path}`;
}

export class PageCache {
  private readonly pages = new Lru<{ page: CachedAnswer; storedAt: number }>(PAGE_CAPACITY);
  /** The last SEEN_CAPACITY keys asked for (askedBefore). */
  private readonly seen = new Lru<true>(SEEN_CAPACITY);
  /** Paths (before the `?`) some page was stored for with a query: only those are worth a look-up. */
  private readonly queried = new Set<string>();
  /** hits: kept answers sent; stores: answers kept; counts: filter counts answered before Hono; rendered: pages rendered before it. */
  readonly stats = { hits: 0, stores: 0, counts: 0, rendered: 0 };

  constructor(
    private readonly clock: Clock,
    readonly enabled: boolean,
  ) {}

  get(key: string): CachedAnswer | undefined {
    const entry = this.pages.get(key);
    if (!entry) return undefined;
    if (this.clock.now().getTime() - entry.storedAt >= PAGE_TTL_MS) {
      this.pages.delete(key);
      return undefined;
    }
    return entry.page;
  }

  /** Stores the page of `path` (path and query) under `key` (pageKey). */
  store(key: string, path: string, page: CachedAnswer): void {
    if (!this.enabled) return;
    this.stats.stores++;
    const query = path.indexOf('?');
    if (query !== -1) this.queried.add(path.slice(0, query));
    this.pages.set(key, { page, storedAt: this.clock.now().getTime() });
  }

  /**
   * Whether `key` was asked for before, among the last SEEN_CAPACITY keys; notes it otherwise. Pages
   * with unbounded addresses (search queries, filter counts) are kept only when asked again, so a
   * stream of one-off questions never pays for storing answers nobody reuses.
   */
  askedBefore(key: string): boolean {
    if (this.seen.get(key)) return true;
    this.seen.set(key, true);
    return false;
  }

  /** Whether a page may be stored for this address: one with a query only under a path that had one. */
  mayHold(path: string): boolean {
    const query = path.indexOf('?');
    return query === -1 || this.queried.has(path.slice(0, query));
  }

  get size(): number {
    return this.pages.size;
  }

  clear(): void {
    this.pages.clear();
    this.queried.clear();
  }
}

/**
 * The rule for which requests see (and fill) a shared anonymous page, for the page handlers that
 * offer one (home, category lists, product pages, search results, guides, blog lists and static
 * pages): the cache is on, the visitor is not signed in and has nothing stored under their session
 * (no session row, so no cart), and the address is the page's canonical one (path and query
 * exactly). `keep` stores the page and answers with it. `appliesOnRepeat` is for pages with unbounded addresses (search queries): a
 * page is kept only when its address is asked for a second time within the last SEEN_CAPACITY
 * distinct ones, so a stream of one-off queries never pays for compressing pages nobody reuses.
 */
export interface AnonymousPages {
  applies(c: Context<AppEnv>, canonical: string): boolean;
  appliesOnRepeat(c: Context<AppEnv>, canonical: string): boolean;
  keep<A extends CachedAnswer>(c: Context<AppEnv>, canonical: string, page: A, send: (c: Context<AppEnv>, page: A) => Response): Response;
}

export const SEEN_CAPACITY = 2_000;

/** The request's path and query as sent (what the fast path looks pages up by). */
function pathAndQuery(url: string): string {
  return url.slice(url.indexOf('/', url.indexOf('//') + 2));
}

export function anonymousPages(pages: PageCache): AnonymousPages {
  const applies = (c: Context<AppEnv>, canonical: string): boolean => {
    if (!pages.enabled || pathAndQuery(c.req.url) !== canonical) return false;
    const session = c.get('session');
    return session.userId === null && session.roles.length === 0 && !session.stored;
  };
  const keyOf = (c: Context<AppEnv>, canonical: string) => pageKey(c.get('shop').code, c.get('locale'), cookie(c, CONSENT_COOKIE) === '1', canonical);
  return {
    applies,
    appliesOnRepeat(c, canonical) {
      return applies(c, canonical) && pages.askedBefore(keyOf(c, canonical));
    },
    keep(c, canonical, page, send) {
      pages.store(keyOf(c, canonical), canonical, page);
      c.header('X-Page-Cache', 'miss');
      return send(c, page);
    },
  };
}

/**
 * A page kept whole for the visitors `shared` applies to at its canonical address (product pages,
 * guides, blog lists, static pages: decision 204); anyone else gets it rendered for them.
 */
export function sharedOrRendered(
  c: Context<AppEnv>,
  render: Renderer,
  shared: AnonymousPages,
  template: string,
  view: Record<string, unknown>,
  meta: PageMeta & { canonicalPath: string },
): Response {
  if (shared.applies(c, meta.canonicalPath)) return shared.keep(c, meta.canonicalPath, render.anonymousPage(c, template, view, meta), render.sendPage);
  return render(c, template, view, meta);
}
