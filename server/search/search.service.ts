import type { Db } from '../db/client';
import { idLookup, type IdLookup } from './id-bits';
import { SOURCE_LOCALE, type Locale } from '../i18n/locales';
import { perDatabase } from '../db/prepared';
import { cacheBytes } from '../catalog/cache-budget';
import { CatalogueCache } from '../catalog/catalog-cache';
import { LISTED_TOP_LEVEL } from '../catalog/sellable';
import { buildMatch, exactKey, fold, normalizeQuery, SEARCH_PAGE_SIZE, tokenize } from './search.schemas';
import { buildTermIndex, ftsKey, type TermIndex } from './term-index';
import { hasTerm, rankFromIndex, termsStartingWith } from './term-rank';
import { allowedEdits, closestTerm, type VocabTerm } from './typo';

export interface SearchResult {
  /** The query shown back (trimmed, cut to the maximum length). */
  query: string;
  truncated: boolean;
  /** The corrected query when typo correction produced the results, else null. */
  corrected: string | null;
  /** The ids of this page's products, in rank order (cards and rows are the caller's). */
  ids: number[];
  total: number;
  page: number;
  pageSize: number;
  pages: number;
}

export interface SearchOptions {
  shopId: number;
  /** The shopper's locale: names in it (product_texts) are searched too and ranked first. */
  locale?: Locale;
  wholesale: boolean;
  page?: number;
  pageSize?: number;
  /** The shopper's own order of the matches (a sort menu's), instead of relevance. */
  order?: (ids: readonly number[]) => readonly number[];
}

/** Name over code: a word in the name counts ten times a match in the public code. */
const BM25 = 'bm25(products_fts, 10.0, 1.0)';
// What the shop lists (sellable.ts), with a price in the shop.
const LISTED = LISTED_TOP_LEVEL;

interface Ranked {
  ids: number[];
  corrected: string | null;
}

/**
 * Whether a query's ranking is kept: only when it runs past one page, so that paging through it
 * ranks once. One page of results is ranked again on a sort change (tens of µs); keeping it, as most
 * typed searches find a page or nothing, only pushed out the rankings paging reuses and ended as
 * old-generation garbage (docs/decisions/277).
 */
export const keepsRanking = (ranked: Ranked, pageSize: number): boolean => ranked.ids.length > pageSize;

function prepare(db: Db) {
  const s = db.$client;
  return {
    // FTS alone: whether a match is listed is looked up in memory (listedIds), not joined per row.
    rank: s.prepare<[string], [number, number]>(`SELECT rowid, ${BM25} FROM products_fts WHERE products_fts MATCH ?`).raw(),
    listedIds: s.prepare<[number], number>(`SELECT p.id FROM products p JOIN product_prices pp ON pp.product_id = p.id AND pp.shop_id = ? WHERE ${LISTED}`).pluck(),
    matchIds: s.prepare<[string], { id: number }>('SELECT rowid AS id FROM products_fts WHERE products_fts MATCH ?'),
    // Names in the shopper's locale (catalogue-texts.ts), the same tokenizer as products_fts.
    localRank: s.prepare<[string, string], [number, number]>(
      `SELECT t.product_id, bm25(product_texts_fts) FROM product_texts_fts JOIN product_texts t ON t.id = product_texts_fts.rowid
        WHERE product_texts_fts MATCH ? AND t.locale = ?`,
    ).raw(),
    byId: s.prepare<[number], { id: number }>('SELECT COALESCE(parent_id, id) AS id FROM products WHERE id = ?'),
    byCode: s.prepare<[string], { id: number }>('SELECT COALESCE(parent_id, id) AS id FROM products WHERE code_public = ?'),
    listed: s.prepare<[number, number], { id: number }>(
      `SELECT p.id FROM products p JOIN product_prices pp ON pp.product_id = p.id AND pp.shop_id = ? WHERE p.id = ? AND ${LISTED}`,
    ),
    // Every term with one first letter (candidates share it): read once per catalogue version.
    vocab: s.prepare<[string, string], VocabTerm>('SELECT term, doc FROM products_fts_vocab WHERE term >= ? AND term < ?'),
    // Terms starting with a digit are the 100,000 public codes: never held in memory, read per use.
    known: s.prepare<[string], { doc: number }>('SELECT doc FROM products_fts_vocab WHERE term = ?'),
    vocabByLength: s.prepare<[string, string, number, number], VocabTerm>(
      'SELECT term, doc FROM products_fts_vocab WHERE term >= ? AND term < ? AND length(term) BETWEEN ? AND ?',
    ),
  };
}

type Statements = ReturnType<typeof prepare>;

/**
 * What searching keeps per database, all keyed on the catalogue version (docs/decisions/170) and
 * bounded by bytes: ranked ids per shop and query, so a query is ranked once per catalogue change;
 * listed ids per shop; vocabulary terms by first letter (without a term index). The term index is
 * kept by FTS5's own records instead (names and codes change far less often than prices).
 */
interface PerDb {
  st: Statements;
  ranked: CatalogueCache<Ranked>;
  listed: CatalogueCache<IdLookup>;
  vocab: CatalogueCache<{ terms: VocabTerm[]; known: Set<string> }>;
  /** The term index looked up at one version (null: it would not match FTS5). */
  terms?: { version: number; index: TermIndex | null };
  /** The term index and the FTS5 records it was built at. */
  built?: { key: Buffer; index: TermIndex | null };
}

const perDb = perDatabase(
  (db): PerDb => ({
    st: prepare(db),
    ranked: new CatalogueCache<Ranked>(cacheBytes('searchRanked'), (r) => 64 + r.ids.length * 8),
    listed: new CatalogueCache<IdLookup>(cacheBytes('searchListed'), (ids) => ids.bytes),
    vocab: new CatalogueCache<{ terms: VocabTerm[]; known: Set<string> }>(cacheBytes('searchVocab'), (v) => 64 + v.terms.length * 120),
  }),
);

function state(db: Db, version: number) {
  const entry = perDb(db);
  return { db, version, entry, st: entry.st };
}

type State = ReturnType<typeof state>;

/**
 * The term index for this catalogue version: looked up once per version, rebuilt only when FTS5's
 * own records changed (a product added, removed, renamed or recoded).
 */
function termIndex(state: State): TermIndex | null {
  const { entry } = state;
  if (entry.terms?.version === state.version) return entry.terms.index;
  const key = ftsKey(state.db);
  let built = entry.built;
  if (!built || !built.key.equals(key)) entry.built = built = { key, index: buildTermIndex(state.db) };
  entry.terms = { version: state.version, index: built.index };
  return built.index;
}

function listedIn(state: State, shopId: number): IdLookup {
  return state.entry.listed.get(state.version, String(shopId), () => idLookup(state.st.listedIds.all(shopId)));
}

/** Tokens FTS5 would keep exactly as they are (its tokenizer may fold or split anything else). */
const PLAIN = /^[a-z0-9]+$/;

/** Ids ordered: every word matched whole before prefix-only matches, then bm25, then id. */
function rankTokens(state: State, shopId: number, tokens: string[]): number[] {
  const index = termIndex(state);
  if (index && tokens.every((t) => PLAIN.test(t))) return rankFromIndex(state.db, index, tokens, listedIn(state, shopId));
  return rankFts(state, shopId, tokens);
}

/** FTS ids ordered: every word matched whole before prefix-only matches, then bm25, then id. */
function rankFts(state: State, shopId: number, tokens: string[]): number[] {
  const match = buildMatch(tokens);
  if (!match) return [];
  const listed = listedIn(state, shopId);
  const rows = state.st.rank.all(match).filter((r) => listed.has(r[0]));
  if (rows.length === 0) return [];
  const exactMatch = buildMatch(tokens, false)!;
  const whole = exactMatch === match ? null : new Set(state.st.matchIds.all(exactMatch).map((r) => r.id));
  const tier = (id: number) => (whole === null || whole.has(id) ? 0 : 1);
  rows.sort((a, b) => tier(a[0]) - tier(b[0]) || a[1] - b[1] || a[0] - b[0]);
  return rows.map((r) => r[0]);
}

function vocabulary(state: State, first: string) {
  return state.entry.vocab.get(state.version, first, () => {
    const terms = state.st.vocab.all(first, String.fromCodePoint(first.codePointAt(0)! + 1));
    return { terms, known: new Set(terms.map((t) => t.term)) };
  });
}

/** Each unknown word replaced by the closest vocabulary term; null when nothing changes. */
function correct(state: State, tokens: string[]): string[] | null {
  let changed = false;
  const out = tokens.map((token) => {
    if (token.length < 3 || /^\d+$/.test(token)) return token;
    const first = String.fromCodePoint(token.codePointAt(0)!);
    // Candidates share the first letter and are within two characters of the length.
    const slack = Math.max(2, allowedEdits(token));
    const [shortest, longest] = [Math.max(1, token.length - slack), token.length + slack];
    let candidates: VocabTerm[];
    const index = termIndex(state);
    if (index) {
      // The same terms and document counts as products_fts_vocab (term-index.ts checks them).
      if (hasTerm(index, token)) return token;
      candidates = termsStartingWith(index, first, shortest, longest);
    } else if (/\d/.test(first)) {
      if (state.st.known.get(token)) return token;
      candidates = state.st.vocabByLength.all(first, String.fromCodePoint(first.codePointAt(0)! + 1), shortest, longest);
    } else {
      const bucket = vocabulary(state, first);
      if (bucket.known.has(token)) return token;
      candidates = bucket.terms.filter((t) => t.term.length >= shortest && t.term.length <= longest);
    }
    const term = closestTerm(token, candidates);
    if (term && term !== token) {
      changed = true;
      return term;
    }
    return token;
  });
  return changed ? out : null;
}

/**
 * Listed products whose name in `locale` matches, accent-insensitive (whole words before
 * prefix-only matches, then bm25): a Czech shopper's words find the Czech names.
 */
function rankLocal(state: State, shopId: number, tokens: string[], locale: Locale): number[] {
  const match = buildMatch(tokens);
  if (!match) return [];
  const listed = listedIn(state, shopId);
  const rows = state.st.localRank.all(match, locale).filter((r) => listed.has(r[0]));
  if (rows.length === 0) return [];
  const exactMatch = buildMatch(tokens, false)!;
  const whole = exactMatch === match ? null : new Set(state.st.localRank.all(exactMatch, locale).map((r) => r[0]));
  const tier = (id: number) => (whole === null || whole.has(id) ? 0 : 1);
  rows.sort((a, b) => tier(a[0]) - tier(b[0]) || a[1] - b[1] || a[0] - b[0]);
  return rows.map((r) => r[0]);
}

function rank(state: State, shopId: number, text: string, locale: Locale): { ids: number[]; corrected: string | null } {
  const { st } = state;
  const ids: number[] = [];
  const key = exactKey(text);
  if (key) {
    const hit = 'id' in key ? st.byId.get(key.id) : st.byCode.get(key.code);
    if (hit && st.listed.get(shopId, hit.id)) ids.push(hit.id);
  }
  const tokens = tokenize(text);
  // The locale's own names first, then the Slovak ones (every product has them: the fallback).
  const local = locale === SOURCE_LOCALE ? [] : rankLocal(state, shopId, tokens, locale);
  const base = rankTokens(state, shopId, tokens);
  const found = local.length === 0 ? base : [...new Set([...local, ...base])];
  if (found.length > 0 || ids.length > 0) return { ids: [...ids, ...found.filter((id) => id !== ids[0])], corrected: null };
  const fixed = correct(state, tokens);
  if (!fixed) return { ids, corrected: null };
  const again = rankTokens(state, shopId, fixed);
  return { ids: again, corrected: again.length > 0 ? fixed.join(' ') : null };
}

/**
 * Builds what the first search would (the term index: ~1.4 s at 100,000 products), so that the
 * server starts with it instead of making its first searching shopper, and every request queued
 * behind them, wait.
 */
export function prepareSearch(db: Db, version: number): void {
  termIndex(state(db, version));
}

/**
 * Products matching a shopper's query: an exact id or public code first, then full-text matches on
 * name and code (accent-insensitive, ranked by bm25), and when nothing matches, the same search
 * with each unknown word corrected against the index vocabulary.
 */
export function searchProducts(db: Db, version: number, rawQuery: unknown, options: SearchOptions): SearchResult {
  const { text, truncated } = normalizeQuery(rawQuery);
  const pageSize = options.pageSize ?? SEARCH_PAGE_SIZE;
  const page = Math.max(1, Math.floor(options.page ?? 1));
  const empty = { query: text, truncated, corrected: null, ids: [], total: 0, page, pageSize, pages: 0 };
  if (tokenize(text).length === 0) return empty;

  const current = state(db, version);
  const locale = options.locale ?? SOURCE_LOCALE;
  const key = `${options.shopId}\u0000${locale}\u0000${fold(text)}`;
  const hit = current.entry.ranked.get(version, key, () => rank(current, options.shopId, text, locale), (ranked) => keepsRanking(ranked, pageSize));
  const total = hit.ids.length;
  const pages = Math.ceil(total / pageSize);
  const ids = (options.order?.(hit.ids) ?? hit.ids).slice((page - 1) * pageSize, page * pageSize);
  return { query: text, truncated, corrected: hit.corrected, ids, total, page, pageSize, pages };
}
