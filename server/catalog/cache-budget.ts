/**
 * The in-process caches' memory, in one place (docs/decisions/266): CACHE_MB in all, shared out
 * by parts, so the process is made smaller or larger by one number. Sizes are CatalogueCache's
 * estimates of what its values hold (strings, buffers, typed arrays), per database.
 */
export const CACHE_MB = 88;

const PARTS = {
  /** Product cards' HTML (card-cache.ts): ~1.5 KB a card. */
  cards: 4,
  /** Filter panels, the home's main part and guides' articles as HTML (card-cache.ts). */
  pieces: 2,
  /** Category tree, filter choices, menus, sitemap (catalog-views.ts). */
  views: 4,
  /** Bitsets of category subtrees (filter-index.ts): a department at 100,000 products is ~0.7 MB. */
  filterIndex: 6,
  /** A category list's sort orders and searchable names (list-tools.ts): ~4 bytes and ~50 a product. */
  listTools: 2,
  /** Product list answers of the public API (product-json.ts): ~10 KB a list of 12. */
  productLists: 2,
  /** Page headers and page defaults as their shoppers see them (render/chrome.ts): ~4 KB a shopper. */
  shoppers: 1,
  /** Search (search.service.ts): ranked ids per query, listed ids per shop, vocabulary by first letter. */
  searchRanked: 1,
  searchListed: 2,
  searchVocab: 1,
};

const TOTAL_PARTS = Object.values(PARTS).reduce((sum, parts) => sum + parts, 0);

/** The bytes one cache may hold. */
export function cacheBytes(cache: keyof typeof PARTS): number {
  return Math.floor((CACHE_MB * 1024 * 1024 * PARTS[cache]) / TOTAL_PARTS);
}

/**
 * A kept piece's UTF-8 in memory of its own. Buffer.from(text) under 4 KB is a slice of a shared
 * 8 KB slab, and a kept slice keeps its whole slab alive: caches of small pieces (headers, head
 * lines, cards) held several times the bytes they counted (22 MB of slabs after the 100k bench).
 */
export function keptBytes(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}
