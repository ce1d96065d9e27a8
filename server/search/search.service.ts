import type { Db } from '../db/client';
import { catalogVersion } from '../catalog/catalog-version';
import { productsByIds, type ListedProduct, type ListOrderCache } from '../catalog/listing.service';
import { listedCard, type ProductCard } from '../catalog/product-card';
import { buildMatch, exactKey, fold, normalizeQuery, SEARCH_PAGE_SIZE, tokenize } from './search.schemas';
import { buildTermIndex, ftsKey, type TermIndex } from './term-index';
import { hasTerm, rankFromIndex, termsStartingWith } from './term-rank';
import { allowedEdits, closestTerm, type VocabTerm } from './typo';

/** A card in search results: the home page's card plus what the list shows (ribbons, code). */
export type SearchCard = ProductCard & { codePublic: string; tagsPublic: string[] };

export interface SearchResult {
  /** The query shown back (trimmed, cut to the maximum length). */
  query: string;
  truncated: boolean;
  /** The corrected query when typo correction produced the results, else null. */
  corrected: string | null;
  items: SearchCard[];
  /** The same products as list rows (for the page's cached cards: decision 171). */
  rows: ListedProduct[];
  total: number;
  page: number;
  pageSize: number;
  pages: number;
}

export interface SearchOptions {
  shopId: number;
  wholesale: boolean;
  page?: number;
  pageSize?: number;
  /** Epoch ms from the injected clock; ranked id lists are reused for RANK_TTL_MS. */
  now: number;
  /** The app's row cache (CatalogCache): the page's rows are read from it, as category pages do. */
  rowCache?: ListOrderCache;
}

/**
 * Ranked ids are cached per database and catalogue version (catalog_version, raised by every write
 * that changes names, codes, visibility or prices: docs/decisions/170), so a query is ranked once
 * per catalogue change, not per request; the minute is a second line of defence only.
 */
const RANK_TTL_MS = 60_000;
const RANK_CACHE_SIZE = 500;
/** Name over code: a word in the name counts ten times a match in the public code. */
const BM25 = 'bm25(products_fts, 10.0, 1.0)';
// A product is listed when it is not hidden (visible 0), is not a variant, and has a price in the shop.
const LISTED = 'p.visible > 0 AND p.parent_id IS NULL';

interface Ranked {
  ids: number[];
  corrected: string | null;
  at: number;
}

function prepare(db: Db) {
  const s = db.$client;
  return {
    // FTS alone: whether a match is listed is looked up in memory (listedIds), not joined per row.
    rank: s.prepare<[string], [number, number]>(`SELECT rowid, ${BM25} FROM products_fts WHERE products_fts MATCH ?`).raw(),
    listedIds: s.prepare<[number], number>(`SELECT p.id FROM products p JOIN product_prices pp ON pp.product_id = p.id AND pp.shop_id = ? WHERE ${LISTED}`).pluck(),
    matchIds: s.prepare<[string], { id: number }>('SELECT rowid AS id FROM products_fts WHERE products_fts MATCH ?'),
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

/** What is kept per database for one catalogue version; a write to the catalogue starts afresh. */
interface Versioned {
  version: number;
  ranked: Map<string, Ranked>;
  /** Listed product ids per shop. */
  listed: Map<number, Set<number>>;
  /** Vocabulary terms by first letter, with the number of products containing each (without a term index). */
  vocab: Map<string, { terms: VocabTerm[]; known: Set<string> }>;
  /** The in-memory FTS index (term-index.ts); null when it would not match FTS5; undefined: not looked up yet. */
  terms?: TermIndex | null;
}

interface PerDb {
  st: Statements;
  current: Versioned;
  /** The term index and the FTS5 records it was built at: names and codes change far less often than prices. */
  built?: { key: Buffer; index: TermIndex | null };
}

const perDb = new WeakMap<Db, PerDb>();

const fresh = (version: number): Versioned => ({ version, ranked: new Map(), listed: new Map(), vocab: new Map() });

function state(db: Db) {
  let entry = perDb.get(db);
  if (!entry) perDb.set(db, (entry = { st: prepare(db), current: fresh(Number.NaN) }));
  const version = catalogVersion(db);
  if (version !== entry.current.version || version === -1) entry.current = fresh(version);
  return { db, entry, st: entry.st, ...entry.current };
}

type State = ReturnType<typeof state>;

/**
 * The term index for this catalogue version: looked up once per version, rebuilt only when FTS5's
 * own records changed (a product added, removed, renamed or recoded).
 */
function termIndex(state: State): TermIndex | null {
  const current = state.entry.current;
  if (current.terms !== undefined) return current.terms;
  const key = ftsKey(state.db);
  let built = state.entry.built;
  if (!built || !built.key.equals(key)) state.entry.built = built = { key, index: buildTermIndex(state.db) };
  current.terms = built.index;
  return built.index;
}

function listedIn(state: State, shopId: number): Set<number> {
  let ids = state.listed.get(shopId);
  if (!ids) state.listed.set(shopId, (ids = new Set(state.st.listedIds.all(shopId))));
  return ids;
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
  let bucket = state.vocab.get(first);
  if (!bucket) {
    const terms = state.st.vocab.all(first, String.fromCodePoint(first.codePointAt(0)! + 1));
    state.vocab.set(first, (bucket = { terms, known: new Set(terms.map((t) => t.term)) }));
  }
  return bucket;
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

function rank(state: State, shopId: number, text: string): { ids: number[]; corrected: string | null } {
  const { st } = state;
  const ids: number[] = [];
  const key = exactKey(text);
  if (key) {
    const hit = 'id' in key ? st.byId.get(key.id) : st.byCode.get(key.code);
    if (hit && st.listed.get(shopId, hit.id)) ids.push(hit.id);
  }
  const tokens = tokenize(text);
  const found = rankTokens(state, shopId, tokens);
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
export function prepareSearch(db: Db): void {
  termIndex(state(db));
}

/**
 * Products matching a shopper's query: an exact id or public code first, then full-text matches on
 * name and code (accent-insensitive, ranked by bm25), and when nothing matches, the same search
 * with each unknown word corrected against the index vocabulary.
 */
export function searchProducts(db: Db, rawQuery: unknown, options: SearchOptions): SearchResult {
  const { text, truncated } = normalizeQuery(rawQuery);
  const pageSize = options.pageSize ?? SEARCH_PAGE_SIZE;
  const page = Math.max(1, Math.floor(options.page ?? 1));
  const empty = { query: text, truncated, corrected: null, items: [], rows: [], total: 0, page, pageSize, pages: 0 };
  if (tokenize(text).length === 0) return empty;

  const current = state(db);
  const { ranked } = current;
  const cacheKey = `${options.shopId}\u0000${fold(text)}`;
  let hit = ranked.get(cacheKey);
  if (!hit || options.now - hit.at > RANK_TTL_MS || options.now < hit.at) {
    hit = { ...rank(current, options.shopId, text), at: options.now };
    ranked.delete(cacheKey);
    if (ranked.size >= RANK_CACHE_SIZE) ranked.delete(ranked.keys().next().value!);
  } else {
    ranked.delete(cacheKey);
  }
  ranked.set(cacheKey, hit);

  const total = hit.ids.length;
  const pages = Math.ceil(total / pageSize);
  const slice = hit.ids.slice((page - 1) * pageSize, page * pageSize);
  // Rows through the row cache (dropped by both catalogue clocks): price, stock and visibility are
  // never older than the catalogue version the ids were ranked at.
  const rows = productsByIds(db, options.shopId, options.wholesale, slice, options.rowCache);
  const items = rows.map(listedCard);
  return { query: text, truncated, corrected: hit.corrected, items, rows, total, page, pageSize, pages };
}
