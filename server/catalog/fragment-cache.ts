import type { Db } from '../db/client';
import type { Context } from 'hono';
import type { AppEnv, Clock, SessionState } from '../http/env';
import type { HoledHtml } from '../render/pieces';
import { FRAGMENT_CSRF, NO_RETURN_PATH, type PageMeta, type Renderer } from '../render/renderer';
import type { AnonymousPages } from '../http/page-cache';
import { loadCategoryIndex, type CategoryIndex } from './category.service';
import { loadCategoryFilter, type CategoryFilter } from './filter-choices.service';
import { CardCache } from './card-cache';
import { Lru } from './lru';
import type { ListedProduct } from './listing.service';
import type { ProductCard } from './product-card';
import { RowCache } from './row-cache';
import { PanelCache } from './panel-cache';

export { Lru } from './lru';

/**
 * The inside of <main> of a category page, as rendered for every anonymous B2C shopper: UTF-8
 * bytes with holes for the shopper's CSRF token (FRAGMENT_CSRF).
 */
export interface CachedFragment {
  html: HoledHtml;
  meta: PageMeta;
  storedAt: number;
}

export const FRAGMENT_CAPACITY = 500;
/** Stock and availability change without a catalogue edit (orders); a minute of staleness at most. */
export const FRAGMENT_TTL_MS = 60_000;
const FILTER_CAPACITY = 2000;
const ORDER_CAPACITY = 500;

/**
 * Which shared list a shopper sees: the fragment holds prices, so it is kept per price role. Nothing
 * else in it depends on who asks (render.fragment() gives templates no session), so signed-in
 * consumers share the anonymous one and every wholesale buyer the B2B one (decision 180).
 */
export function priceRole(session: Pick<SessionState, 'roles'>): 'b2c' | 'b2b' {
  return session.roles.includes('ROLE_WHOLESALE') ? 'b2b' : 'b2c';
}

/**
 * What a list page hands the card cache (decision 184): the scope its cards are kept under
 * ("shop|locale|price role") and how to draw one it does not hold yet, without a return path, so
 * the card is the same bytes on every list (NO_RETURN_PATH, decision 199).
 */
export function cardDrawing(render: Renderer, c: Context<AppEnv>): { scope: string; draw: (product: ProductCard) => string } {
  return {
    scope: `${c.get('shop').code}|${c.get('locale')}|${priceRole(c.get('session'))}`,
    draw: (product) => render.fragment(c, '/partials/product-card', { product }, NO_RETURN_PATH),
  };
}

/**
 * A page's own HTML as the fragment cache keeps it, one per shop, locale, price role and canonical
 * address (category lists, home), and whether it was there; the answer says so in X-Fragment-Cache.
 */
export function keptFragment(c: Context<AppEnv>, catalog: CatalogCache, canonical: string): { key: string; kept: CachedFragment | undefined } {
  const key = `${c.get('shop').code}|${c.get('locale')}|${priceRole(c.get('session'))}|${canonical}`;
  const kept = catalog.fragment(key);
  c.header('X-Fragment-Cache', catalog.htmlCache ? (kept ? 'hit' : 'miss') : 'bypass');
  return { key, kept };
}

/**
 * The page around a kept fragment: the whole page, shared, for a visitor the anonymous page cache
 * serves (no token in its forms: decision 181), else the layout rendered for this visitor with
 * their CSRF token in the fragment's holes.
 */
export function fragmentPage(c: Context<AppEnv>, render: Renderer, shared: AnonymousPages, canonical: string, template: string, fragment: Pick<CachedFragment, 'html' | 'meta'>): Response {
  if (shared.applies(c, canonical)) {
    return shared.keep(c, canonical, render.anonymousPage(c, template, { fragment: fragment.html.fill({ [FRAGMENT_CSRF]: '' }) }, fragment.meta), render.sendPage);
  }
  return render(c, template, { fragment: fragment.html.fill({ [FRAGMENT_CSRF]: c.get('csrfToken') }) }, fragment.meta);
}

/**
 * Catalogue views held by one app instance (never module scope): the category tree, each
 * category's filter choices, and rendered list fragments. `invalidate()` drops them all after a
 * catalogue change (App.invalidateCatalog).
 */
export class CatalogCache {
  private index: CategoryIndex | null = null;
  private readonly filters = new Lru<CategoryFilter>(FILTER_CAPACITY);
  private readonly fragments = new Lru<CachedFragment>(FRAGMENT_CAPACITY);
  private readonly derivedValues = new Map<string, unknown>();
  private readonly orders = new Lru<{ ids: readonly number[]; storedAt: number }>(ORDER_CAPACITY);
  readonly stats = { hits: 0, misses: 0, stores: 0, invalidations: 0 };
  /** Rendered product cards per shop, locale and price role (decision 184). */
  readonly cards: CardCache;
  private readonly rows: RowCache;
  /** Filter panels of category pages rendered for one request (decision 185). */
  readonly panels: PanelCache;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** false: fragments are never kept (HTML_CACHE=false, for benchmarks of the render). */
    readonly htmlCache = true,
  ) {
    this.cards = new CardCache(db);
    this.rows = new RowCache(db);
    this.panels = new PanelCache(db);
  }

  categories(): CategoryIndex {
    this.index ??= loadCategoryIndex(this.db);
    return this.index;
  }

  filter(categoryId: number, shopId: number, wholesale: boolean): CategoryFilter {
    const key = `${categoryId}|${shopId}|${wholesale ? 'b2b' : 'b2c'}`;
    let filter = this.filters.get(key);
    if (!filter) {
      filter = loadCategoryFilter(this.db, { categoryId, subtreeIds: this.categories().subtreeIds(categoryId), shopId, wholesale });
      this.filters.set(key, filter);
    }
    return filter;
  }

  fragment(key: string): CachedFragment | undefined {
    if (!this.htmlCache) return undefined;
    const entry = this.fragments.get(key);
    if (entry && this.clock.now().getTime() - entry.storedAt < FRAGMENT_TTL_MS) {
      this.stats.hits++;
      return entry;
    }
    if (entry) this.fragments.delete(key);
    this.stats.misses++;
    return undefined;
  }

  storeFragment(key: string, html: HoledHtml, meta: PageMeta): void {
    if (!this.htmlCache) return;
    this.stats.stores++;
    this.fragments.set(key, { html, meta, storedAt: this.clock.now().getTime() });
  }

  /**
   * The ordered ids of an unfiltered category list (ListOrderCache), for every shopper: signed-in
   * ones too, since it holds no prices. Expires like a fragment, as a sold-out product may be hidden.
   */
  orderedIds(key: string, build: () => number[]): readonly number[] {
    const entry = this.orders.get(key);
    const now = this.clock.now().getTime();
    if (entry && now - entry.storedAt < FRAGMENT_TTL_MS) return entry.ids;
    const ids = build();
    this.orders.set(key, { ids, storedAt: now });
    return ids;
  }

  /** The product rows of a list page (ListOrderCache.listedRows; RowCache, decision 185). */
  listedRows(scope: string, ids: readonly number[], read: (missing: number[]) => ListedProduct[]): ListedProduct[] {
    return this.rows.get(scope, ids, read);
  }

  get fragmentCount(): number {
    return this.fragments.size;
  }

  /** Small derived values (the sitemap per shop) built once per catalogue version. */
  derived<T>(key: string, build: () => T): T {
    if (!this.derivedValues.has(key)) this.derivedValues.set(key, build());
    return this.derivedValues.get(key) as T;
  }

  invalidate(): void {
    this.index = null;
    this.filters.clear();
    this.fragments.clear();
    this.orders.clear();
    this.derivedValues.clear();
    this.cards.invalidate();
    this.rows.invalidate();
    this.panels.invalidate();
    this.stats.invalidations++;
  }
}
