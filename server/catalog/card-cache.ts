import type { Db } from '../db/client';
import { linkedAfter, markShared } from '../render/gzip-splice';
import { catalogVersion } from './catalog-version';
import { Lru } from './lru';
import type { ProductCard } from './product-card';

/** ~2 KB a card: at most ~10 MB, a full 10k catalogue of one shop, locale and role and then some. */
export const CARD_CAPACITY = 5000;
/** Links made per page at most (~30 µs each, linkedAfter): a list met again is fully linked soon. */
export const NEW_LINKS_PER_PAGE = 2;

/**
 * The HTML of single product cards (templates/partials/product-card.eta), rendered once per shop,
 * locale, price role and product, so a list page joins twelve cached strings instead of rendering
 * twelve cards (escaping, translations, money, three includes each). A card holds nothing per
 * session or page by design: its no-JS forms (favourite, add to cart) return to the page they were
 * sent from through the Referer (decision 199), so a card is the same bytes on every list.
 *
 * Never late (decision 184): the app drops every card when `CatalogVersion` moves (prices, stock,
 * orders, any other process's write: App.invalidateCatalog), and each join also compares the
 * trigger-kept `catalogVersion` (~1 µs), so a rename or price edit through any connection shows on
 * the next request. Kept with HTML_CACHE=false too: it is a per-product cache like the menu, not a
 * page cache.
 */
interface CachedCard {
  html: string;
  /** The same as UTF-8, encoded (and deflated by gzipParts) once, on first use as bytes. */
  bytes?: Buffer;
  /**
   * This card sent right after another one, deflated against it (linkedAfter); `null` while the
   * pair has been met only once, so a list seen once makes no links.
   */
  after?: WeakMap<CachedCard, Buffer | null>;
}

export class CardCache {
  private readonly cards = new Lru<CachedCard>(CARD_CAPACITY);
  private version = Number.NaN;
  readonly stats = { hits: 0, misses: 0 };

  constructor(private readonly db: Db) {}

  /**
   * The cards' HTML in order for one page: `scope` is "shop|locale|role", `render` draws one card
   * (only called for cards not kept yet).
   */
  join(scope: string, cards: readonly ProductCard[], render: (card: ProductCard) => string): string {
    let html = '';
    for (const entry of this.entries(scope, cards, render)) html += entry.html;
    return html;
  }

  /**
   * The same as bytes, without encoding the cards again. A card's own buffer is sent stored once
   * before being deflated (a card seen on one page only never pays zlib's set-up); a card met again
   * after the same card is sent as its link to that card (~250 bytes gzipped instead of ~1.1 KB).
   */
  bytes(scope: string, cards: readonly ProductCard[], render: (card: ProductCard) => string): Buffer[] {
    const out: Buffer[] = [];
    let budget = NEW_LINKS_PER_PAGE;
    let before: CachedCard | undefined;
    for (const entry of this.entries(scope, cards, render)) {
      const own = (entry.bytes ??= markShared(Buffer.from(entry.html), 1));
      let link: Buffer | null | undefined;
      if (before !== undefined) {
        const after = (entry.after ??= new WeakMap());
        link = after.get(before);
        if (link === undefined) after.set(before, null);
        else if (link === null && budget > 0) {
          budget--;
          after.set(before, (link = linkedAfter(before.bytes!, own)));
        }
      }
      out.push(link ?? own);
      before = entry;
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
        entry = { html: render(card) };
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
