import type { Db } from '../db/client';
import { escapeHtml } from '../render/chrome';
import { markShared } from '../render/gzip-splice';
import { catalogVersion } from './catalog-version';
import { Lru } from './lru';
import type { ProductCard } from './product-card';

/** Stands for the request path in a cached card (the favourite and add-to-cart forms return there). */
export const CARD_PATH = '__card_path__';
/** ~2 KB a card: at most ~10 MB, a full 10k catalogue of one shop, locale and role and then some. */
export const CARD_CAPACITY = 5000;

/**
 * The HTML of single product cards (templates/partials/product-card.eta), rendered once per shop,
 * locale, price role and product, so a list page joins twelve cached strings instead of rendering
 * twelve cards (escaping, translations, money, three includes each). A card holds nothing per
 * session by design; the only per-request value, the return path, is a mark filled in on each join.
 *
 * Never late (decision 184): the app drops every card when `CatalogVersion` moves (prices, stock,
 * orders, any other process's write: App.invalidateCatalog), and each join also compares the
 * trigger-kept `catalogVersion` (~1 µs), so a rename or price edit through any connection shows on
 * the next request. Kept with HTML_CACHE=false too: it is a per-product cache like the menu, not a
 * page cache.
 */
interface CachedCard {
  /** The card's HTML split at CARD_PATH. */
  html: string[];
  /** The same as UTF-8, encoded (and deflated by gzipParts) once, on first use as bytes. */
  bytes?: Buffer[];
}

export class CardCache {
  private readonly cards = new Lru<CachedCard>(CARD_CAPACITY);
  private version = Number.NaN;
  readonly stats = { hits: 0, misses: 0 };

  constructor(private readonly db: Db) {}

  /**
   * The cards' HTML in order for one page: `scope` is "shop|locale|role", `render` draws one card
   * with CARD_PATH as its path (only called for cards not kept yet).
   */
  join(scope: string, cards: readonly ProductCard[], path: string, render: (card: ProductCard) => string): string {
    const escapedPath = escapeHtml(path);
    let html = '';
    for (const entry of this.entries(scope, cards, render)) html += entry.html.length === 1 ? entry.html[0] : entry.html.join(escapedPath);
    return html;
  }

  /**
   * The same as bytes, without encoding the cards again: the cards' own buffers are shared (gzipParts
   * sends their deflated form), only the path between them is per page.
   */
  bytes(scope: string, cards: readonly ProductCard[], path: string, render: (card: ProductCard) => string): Buffer[] {
    const pathBytes = Buffer.from(escapeHtml(path));
    const out: Buffer[] = [];
    for (const entry of this.entries(scope, cards, render)) {
      // Sent stored once before being deflated: a card seen on one page only never pays zlib's set-up.
      entry.bytes ??= entry.html.map((part) => markShared(Buffer.from(part), 1));
      for (let i = 0; i < entry.bytes.length; i++) {
        if (i > 0) out.push(pathBytes);
        out.push(entry.bytes[i]);
      }
    }
    return out;
  }

  private entries(scope: string, cards: readonly ProductCard[], render: (card: ProductCard) => string): CachedCard[] {
    const now = catalogVersion(this.db);
    if (now !== this.version || now === -1) {
      this.cards.clear();
      this.version = now;
    }
    const out: CachedCard[] = [];
    for (const card of cards) {
      const key = `${scope}|${card.id}`;
      let entry = this.cards.get(key);
      if (entry === undefined) {
        this.stats.misses++;
        entry = { html: render(card).split(CARD_PATH) };
        this.cards.set(key, entry);
      } else {
        this.stats.hits++;
      }
      out.push(entry);
    }
    return out;
  }

  get size(): number {
    return this.cards.size;
  }

  invalidate(): void {
    this.cards.clear();
  }
}
