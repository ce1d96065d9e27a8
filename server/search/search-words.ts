/**
 * How search fields read typed words: the back office's lists of orders and products and the pickup-point
 * search look words up in FTS5 indexes (orders_search, products_fts, pickup_points_search), codes and numbers in a B-tree
 * by their beginning.
 */

/** Where a query's text ends: the next string after every string it begins (prefix ranges use indexes). */
export const prefixEnd = (text: string) => `${text}\uffff`;

/**
 * A query's words as an FTS5 expression: each word the beginning of a word in the index, in any case
 * and with or without accents ("maria nov" finds Mária Nováková, "slahac" Šľahačková). Words are
 * quoted, so nothing typed is FTS syntax; null when no word is left ("%" finds nothing).
 */
export function searchWords(q: string): string | null {
  const words = q.normalize('NFC').split(/[^\p{L}\p{N}]+/u).filter(Boolean).slice(0, 8);
  return words.length ? words.map((w) => `"${w}"*`).join(' AND ') : null;
}
