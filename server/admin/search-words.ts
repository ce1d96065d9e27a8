/**
 * How the back office's search fields read what staff type: the lists of orders and products both
 * look words up in an FTS5 index (orders_search, products_fts) and codes and numbers up in a B-tree
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
