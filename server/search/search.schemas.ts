import { z } from 'zod';

/**
 * Search input, pure so a widget may import it. A query longer than MAX_QUERY_LENGTH (or the caller's
 * own bound) is cut, never refused: a pasted paragraph still searches its start (docs/decisions/020-search.md).
 */
export const MAX_QUERY_LENGTH = 200;
/** More words than this add nothing to a product name search and only cost FTS work. */
export const MAX_TOKENS = 8;
export const SEARCH_PAGE_SIZE = 12;
export const MAX_API_LIMIT = 100;

export interface NormalizedQuery {
  /** The query as shown back to the shopper: trimmed, spaces collapsed, at most MAX_QUERY_LENGTH. */
  text: string;
  truncated: boolean;
}

export function normalizeQuery(raw: unknown, maxLength = MAX_QUERY_LENGTH): NormalizedQuery {
  const source = typeof raw === 'string' ? raw : Array.isArray(raw) && typeof raw[0] === 'string' ? raw[0] : '';
  // Control characters never belong in a query; NFC so "š" typed two ways compares equal.
  const clean = source.normalize('NFC').replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim();
  const chars = [...clean];
  if (chars.length <= maxLength) return { text: clean, truncated: false };
  return { text: chars.slice(0, maxLength).join('').trim(), truncated: true };
}

/** Lower case without diacritics, the way the FTS tokenizer (unicode61 remove_diacritics 2) folds. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();
}

/**
 * Words of the query: runs of letters and digits. Everything else (quotes, *, :, -, parentheses,
 * ^, +) is a separator, so no FTS5 syntax survives; keywords like OR or NEAR become plain words
 * once quoted by buildMatch.
 */
export function tokenize(text: string): string[] {
  const words = fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.slice(0, MAX_TOKENS).map((w) => w.slice(0, 64));
}

/**
 * An FTS5 MATCH expression from tokens: each one a quoted string (all tokens must match), the last
 * one a prefix query so "slahac" finds "Šľahačková" while typing. A one-letter prefix would touch
 * half the catalogue (measured: 40,000 rows, ~100 ms at 100k products), so it stays exact.
 */
export function buildMatch(tokens: string[], prefixLast = true): string | null {
  if (tokens.length === 0) return null;
  const terms = tokens
    .map((t, i) => {
      const quoted = `"${t.replace(/"/g, '')}"`;
      return prefixLast && i === tokens.length - 1 && t.length >= 2 ? `${quoted}*` : quoted;
    })
    .join(' ');
  // Words without digits are looked up in names only: public codes all share their letters ("OB"),
  // and ranking all 100,000 products for "ob" took ~750 ms. A digit brings the code column in.
  return tokens.some((t) => /\d/.test(t)) ? terms : `name : (${terms})`;
}

/** A product id ("123") or a public code ("OB-000123", "ob000123") typed as the whole query. */
export function exactKey(text: string): { id: number } | { code: string } | null {
  if (/^\d{1,15}$/.test(text)) {
    const id = Number(text);
    return Number.isSafeInteger(id) && id > 0 ? { id } : null;
  }
  const code = text.toUpperCase().match(/^([A-Z]{1,5})[\s-]?(\d{1,12})$/);
  return code ? { code: `${code[1]}-${code[2]}` } : null;
}

/** `/hladaj/{page}`: digits only, 2 and up (page 1 is /hladaj itself). */
export const pageParam = z
  .string()
  .regex(/^[1-9]\d{0,5}$/)
  .transform(Number);

export const searchApiQuery = z.object({
  q: z.string().optional().default(''),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  limit: z.coerce.number().int().min(1).max(MAX_API_LIMIT).optional().default(SEARCH_PAGE_SIZE),
});
