import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import { fold, normalizeQuery, tokenize } from '../search/search.schemas';
import { cacheBytes } from './cache-budget';
import { CatalogueCache } from './catalog-cache';
import { langKey, langParams, productName, productTextJoins, SLOVAK, type CatalogueLang } from './catalogue-texts';
import type { IndexQuery, ScopeIndex } from './filter-index';

/**
 * A category list's own search box and sorting (spec 2: "search by name or ID, accent-insensitive";
 * issue 23: the sort orders a Shoptet shopper expects). Both work on the scope's in-memory index
 * (filter-index.ts): an order is the index's positions in another sequence, a search a bitset of
 * positions, each built once per catalogue version and kept by bytes, so a sorted or searched page
 * is as cheap as a filtered one.
 */
export const LIST_SORTS = ['price', '-price', 'name', 'newest', 'bestselling'] as const;
export type ListSort = (typeof LIST_SORTS)[number];

/** The list's search text and sort order as its address carries them (`?q=…&sort=…`). */
export interface ListTools {
  sort: ListSort | null;
  text: string;
}

export const NO_LIST_TOOLS: ListTools = { sort: null, text: '' };
/** A name or a code is short; a longer text is cut, never refused (as the shop's search does). */
export const MAX_LIST_TEXT = 100;

/** A sort from an address; an unknown one is the list's own order (an old or mistyped link still lists). */
export const readListSort = (sort: string | undefined): ListSort | null => ((LIST_SORTS as readonly (string | undefined)[]).includes(sort) ? (sort as ListSort) : null);

/** The tools from a request's query. */
export function readListTools(query: (name: string) => string | undefined): ListTools {
  const { text } = normalizeQuery(query('q') ?? '', MAX_LIST_TEXT);
  return { sort: readListSort(query('sort')), text };
}

/** The query parameters that carry the tools, in address order (the filter form's hidden fields). */
export function listToolsParams(tools: ListTools): [name: string, value: string][] {
  return [...(tools.text ? [['q', tools.text] as [string, string]] : []), ...(tools.sort ? [['sort', tools.sort] as [string, string]] : [])];
}

/** `?q=…&sort=…` for the links that keep the tools (the paginator's), '' when neither is set. */
export function listToolsQuery(tools: ListTools): string {
  const query = new URLSearchParams(listToolsParams(tools)).toString();
  return query ? `?${query}` : '';
}

/** Orders and searchable texts of scopes, by bytes (an order is 4 bytes a product, a text ~50). */
const kept = perDatabase(() => new CatalogueCache<Int32Array | string[]>(cacheBytes('listTools'), (v) => (v instanceof Int32Array ? v.byteLength : v.reduce((sum, s) => sum + 32 + s.length * 2, 0))));

const scopeKey = (q: IndexQuery) => `${q.shopId}|${q.wholesale ? 1 : 0}|${q.categoryIds.join(',')}`;
/** An order's key: only the name order differs by language (collation and names). */
const orderKey = (q: IndexQuery, sort: ListSort, lang: CatalogueLang) => `${scopeKey(q)}|${sort}${sort === 'name' ? `|${langKey(lang)}` : ''}`;

const statements = perDatabase((db: Db) => ({
  names: db.$client.prepare(`SELECT p.id, ${productName()} AS name, p.code_public FROM json_each(@ids) j CROSS JOIN products p ON p.id = j.value ${productTextJoins()}`).raw(),
  created: db.$client.prepare('SELECT p.id, p.created_at FROM json_each(?) j CROSS JOIN products p ON p.id = j.value').raw(),
  // A parent sells through its variants: their order lines count for it.
  sold: db.$client
    .prepare(
      `SELECT COALESCE(p.parent_id, p.id), SUM(oi.quantity) FROM order_items oi JOIN products p ON p.id = oi.product_id
        WHERE COALESCE(p.parent_id, p.id) IN (SELECT value FROM json_each(?)) GROUP BY 1`,
    )
    .raw(),
}));

/** The index's positions sorted by `compare` (of two positions), ties in the editors' order. */
const positionsBy = (index: ScopeIndex, compare: (a: number, b: number) => number) => Int32Array.from(index.ids.keys()).sort((a, b) => compare(a, b) || a - b);

/** A value per position from rows of [id, value, …]; `missing` where an id has no row (nothing sold). */
function perPosition<T>(index: ScopeIndex, rows: readonly (readonly [number, T, ...unknown[]])[], missing: T): T[] {
  const byId = new Map(rows.map(([id, value]) => [id, value]));
  return Array.from(index.ids, (id) => byId.get(id) ?? missing);
}

/** The index's product ids as the statements bind them (json_each). */
const idsJson = (index: ScopeIndex) => JSON.stringify(Array.from(index.ids));

/** [id, name, code] of every position's product, named in `lang`. */
const namesOf = (db: Db, index: ScopeIndex, lang: CatalogueLang) => statements(db).names.all({ ids: idsJson(index), ...langParams(lang) }) as [number, string, string][];

/** The index's positions in `sort`'s order (names in `lang`'s collation); null for the editors' order. */
export function orderOf(db: Db, version: number, index: ScopeIndex, q: IndexQuery, sort: ListSort | null, lang: CatalogueLang = SLOVAK): Int32Array | null {
  if (sort === null) return null;
  if (sort === 'price') return index.byPrice;
  return kept(db).get(version, orderKey(q, sort, lang), () => {
    if (sort === 'name') {
      const names = perPosition(index, namesOf(db, index, lang), '');
      const collator = new Intl.Collator(lang.text, { sensitivity: 'base', numeric: true });
      return positionsBy(index, (a, b) => collator.compare(names[a], names[b]));
    }
    let value: number[];
    if (sort === '-price') {
      value = new Array<number>(index.ids.length);
      index.byPrice.forEach((i, k) => (value[i] = index.sortedPrices[k]));
    } else value = perPosition(index, (sort === 'newest' ? statements(db).created : statements(db).sold).all(idsJson(index)) as [number, number][], 0);
    // Every remaining order is the highest first.
    return positionsBy(index, (a, b) => value[b] - value[a]);
  }) as Int32Array;
}

/** Each position's name, code and id folded (no accents, lower case) as " word word …", in `lang`. */
function texts(db: Db, version: number, index: ScopeIndex, q: IndexQuery, lang: CatalogueLang): string[] {
  return kept(db).get(version, `${scopeKey(q)}|text|${langKey(lang)}`, () =>
    perPosition(index, namesOf(db, index, lang).map(([id, name, code]) => [id, ` ${(fold(`${name} ${code} ${id}`).match(/[\p{L}\p{N}]+/gu) ?? []).join(' ')}`] as const), ''),
  ) as string[];
}

/**
 * The positions whose name, code or id holds every typed word at a word's beginning ("slahac"
 * finds Šľahačková, "000026" and "ob-000026" the code OB-000026, "26" the product 26), as a bitset
 * ANDed into `bits` (null: every position); with no word typed, `bits` as it was.
 */
export function matchText(db: Db, version: number, index: ScopeIndex, q: IndexQuery, text: string, lang: CatalogueLang, bits: Uint32Array | null): { bits: Uint32Array | null; count: number } | null {
  const words = tokenize(text);
  if (words.length === 0) return null;
  const haystacks = texts(db, version, index, q, lang);
  const out = new Uint32Array((index.ids.length + 31) >>> 5);
  let count = 0;
  for (let i = 0; i < haystacks.length; i++) {
    if (bits !== null && (bits[i >>> 5] & (1 << (i & 31))) === 0) continue;
    if (words.every((word) => haystacks[i].includes(` ${word}`))) {
      out[i >>> 5] |= 1 << (i & 31);
      count++;
    }
  }
  return { bits: out, count };
}

/** The ids at matching positions `offset` … `offset + limit - 1` in `order`'s sequence. */
export function pageInOrder(index: ScopeIndex, bits: Uint32Array | null, order: Int32Array, offset: number, limit: number): number[] {
  const out: number[] = [];
  let skip = offset;
  for (let k = 0; k < order.length && out.length < limit; k++) {
    const i = order[k];
    if (bits !== null && (bits[i >>> 5] & (1 << (i & 31))) === 0) continue;
    if (skip > 0) skip--;
    else out.push(index.ids[i]);
  }
  return out;
}

/**
 * Ranked products (the shop's search results) put in `sort`'s order over `index`, a whole shop's
 * scope: each product's place in the order is kept per catalogue version as an array by product id,
 * so a sorted search costs one sort of its matches. Ties are the order's own (the editors' order, as
 * in a category); a match outside the index follows, in its rank order (the sort is stable).
 */
export function inListOrder(db: Db, version: number, index: ScopeIndex, q: IndexQuery, sort: ListSort, lang: CatalogueLang, ids: readonly number[]): number[] {
  const place = kept(db).get(version, `${orderKey(q, sort, lang)}|place`, () => {
    const order = orderOf(db, version, index, q, sort, lang)!;
    let largest = 0;
    for (const id of index.ids) largest = Math.max(largest, id);
    const out = new Int32Array(largest + 1);
    order.forEach((position, k) => (out[index.ids[position]] = k + 1));
    return out;
  }) as Int32Array;
  const last = place.length + 1;
  return [...ids].sort((a, b) => (place[a] || last) - (place[b] || last));
}
