import type Database from 'better-sqlite3';
import type { Db } from '../db/client';
import { langParams, productName, productSlug, productTextJoins, SLOVAK, type CatalogueLang } from './catalogue-texts';
import { matchScope, pageOf, scopeIndex, type IndexQuery } from './filter-index';
import { matchText, orderOf, pageInOrder, type ListTools } from './list-tools';
import { withLowestPrices } from './price-history';
import { LISTED_TOP_LEVEL, shownSql } from './sellable';

/** A product row as lists and the product API need it; money in minor units for the shopper's role. */
export interface ListedProduct {
  id: number;
  parentId: number | null;
  name: string;
  slug: string;
  type: 'single' | 'set' | 'variant';
  visible: number;
  codePublic: string;
  imageFilename: string | null;
  price: number;
  priceOld: number | null;
  /** With a crossed-out price, the lowest price of the 30 days before the reduction (price-history.ts). */
  priceLowest: number | null;
  priceIsB2c: boolean;
  quantity: number;
  availabilityDays: number;
  tags: { c_type: string; c_value: string }[];
  tagsPublic: string[];
  hasVideos: boolean;
  seller: { name: string; slug: string } | null;
  childrenCount: number;
  inventoryStatus: string | null;
  variantView: 'grid' | 'list' | null;
  variantViewSetting: string | null;
}

/** Which products a list draws from. The SQL for each kind is fixed; input only ever binds values. */
export type ListScope =
  | { kind: 'category'; categoryIds: number[] }
  | { kind: 'parent'; parentId: number }
  | { kind: 'seller'; sellerId: number }
  | { kind: 'ids'; ids: number[] }
  | { kind: 'all' };

export interface ListQuery {
  shopId: number;
  wholesale: boolean;
  scope: ListScope;
  /** Option ids per attribute: a product matches when it has one option of every group (AND of ORs). */
  optionGroups: number[][];
  /** Inclusive, minor units, on the price the shopper sees (B2C or B2B). */
  price: [number, number] | null;
  offset: number;
  limit: number;
  /** A category list's own search and order (list-tools.ts), names in `lang`; other scopes keep their order. */
  tools?: ListTools;
  lang?: CatalogueLang;
}

const PRICE = 'CASE WHEN @b2b = 1 THEN pp.price_b2b ELSE pp.price_b2c END';
const PRICE_OLD = 'CASE WHEN @b2b = 1 THEN pp.price_old_b2b ELSE pp.price_old_b2c END';

/** Each scope's WHERE, on top of what the shop lists (sellable.ts). */
const SCOPES: Record<ListScope['kind'], string> = {
  category: LISTED_TOP_LEVEL,
  parent: `p.parent_id = @scope AND ${shownSql()}`,
  seller: `p.seller_id = @scope AND ${LISTED_TOP_LEVEL}`,
  ids: shownSql(),
  all: `${LISTED_TOP_LEVEL} AND @scope IS NULL`,
};

/**
 * Where each scope starts. CROSS JOIN fixes SQLite's join order: without statistics the planner
 * would rather scan every price row of the shop (measured: 40 ms for a count over 10,000 products)
 * than walk products_category_idx from the listed categories (under 2 ms).
 */
const SOURCES: Record<ListScope['kind'], string> = {
  category: 'json_each(@scope) scope CROSS JOIN products p ON p.category_id = scope.value',
  parent: 'products p',
  seller: 'products p',
  ids: 'json_each(@scope) scope CROSS JOIN products p ON p.id = scope.value',
  all: 'products p',
};

/** A list of ids keeps the order it was asked in; everything else follows the editors' positions. */
const ORDER: Record<ListScope['kind'], string> = {
  category: 'p.position, p.id',
  parent: 'p.position, p.id',
  seller: 'p.position, p.id',
  ids: 'scope.key',
  all: 'p.position, p.id',
};

const FILTERS = `
  AND (@min IS NULL OR ${PRICE} >= @min) AND (@max IS NULL OR ${PRICE} <= @max)
  AND NOT EXISTS (
    SELECT 1 FROM json_each(@groups) g
     WHERE NOT EXISTS (
       SELECT 1 FROM json_each(g.value) o
         JOIN product_attribute_values v ON v.product_id = p.id AND v.option_id = o.value))`;

const COLUMNS = `p.id, p.parent_id, ${productName()} AS name, ${productSlug()} AS slug, p.type, p.visible, p.code_public, p.image_filename,
  ${PRICE} AS price, ${PRICE_OLD} AS price_old, p.quantity, p.availability_days, p.tags, p.tags_public, p.has_videos,
  s.name AS seller, s.slug AS seller_slug, p.children_count, p.inventory_status, p.variant_view, p.variant_view_setting`;

interface Row {
  id: number;
  parent_id: number | null;
  name: string;
  slug: string;
  type: 'single' | 'set' | 'variant';
  visible: number;
  code_public: string;
  image_filename: string | null;
  price: number;
  price_old: number | null;
  quantity: number;
  availability_days: number;
  tags: string;
  tags_public: string;
  has_videos: number;
  seller: string | null;
  seller_slug: string | null;
  children_count: number;
  inventory_status: string | null;
  variant_view: 'grid' | 'list' | null;
  variant_view_setting: string | null;
}

interface Statements {
  /** Ids of one page only: sorting narrow rows, then reading 12 full ones, beats sorting full rows. */
  page: Record<ListScope['kind'], Database.Statement>;
  details: Database.Statement;
  count: Record<ListScope['kind'], Database.Statement>;
  availability: Database.Statement;
}

const cache = new WeakMap<Db, Statements>();

function statements(db: Db): Statements {
  let s = cache.get(db);
  if (s) return s;
  const sqlite = db.$client;
  const kinds = Object.keys(SCOPES) as ListScope['kind'][];
  const from = (k: ListScope['kind']) => `FROM ${SOURCES[k]} CROSS JOIN product_prices pp ON pp.product_id = p.id AND pp.shop_id = @shop`;
  s = {
    page: Object.fromEntries(
      kinds.map((k) => [
        k,
        sqlite.prepare(`SELECT p.id ${from(k)} WHERE ${SCOPES[k]} ${FILTERS} ORDER BY ${ORDER[k]} LIMIT @limit OFFSET @offset`).pluck(),
      ]),
    ) as Statements['page'],
    details: sqlite.prepare(
      `SELECT ${COLUMNS} ${from('ids')} LEFT JOIN sellers s ON s.id = p.seller_id ${productTextJoins()} ORDER BY scope.key`,
    ),
    count: Object.fromEntries(
      kinds.map((k) => [k, sqlite.prepare(`SELECT count(*) AS n ${from(k)} WHERE ${SCOPES[k]} ${FILTERS}`).pluck()]),
    ) as Statements['count'],
    availability: sqlite.prepare(
      `SELECT id, quantity, availability_days FROM products p WHERE id IN (SELECT value FROM json_each(?)) AND ${shownSql()}`,
    ),
  };
  cache.set(db, s);
  return s;
}

function scopeValue(scope: ListScope): string | number | null {
  switch (scope.kind) {
    case 'category':
      return JSON.stringify(scope.categoryIds);
    case 'ids':
      return JSON.stringify(scope.ids);
    case 'parent':
      return scope.parentId;
    case 'seller':
      return scope.sellerId;
    case 'all':
      return null;
  }
}

function filterParams(q: ListQuery) {
  return {
    shop: q.shopId,
    b2b: q.wholesale ? 1 : 0,
    scope: scopeValue(q.scope),
    min: q.price ? q.price[0] : null,
    max: q.price ? q.price[1] : null,
    groups: JSON.stringify(q.optionGroups),
  };
}

function toProduct(r: Row, wholesale: boolean): ListedProduct {
  return {
    id: r.id,
    parentId: r.parent_id,
    name: r.name,
    slug: r.slug,
    type: r.type,
    visible: r.visible,
    codePublic: r.code_public,
    imageFilename: r.image_filename,
    price: r.price,
    priceOld: r.price_old,
    priceLowest: null,
    priceIsB2c: !wholesale,
    quantity: r.quantity,
    availabilityDays: r.availability_days,
    tags: JSON.parse(r.tags) as ListedProduct['tags'],
    tagsPublic: JSON.parse(r.tags_public) as string[],
    hasVideos: r.has_videos === 1,
    seller: r.seller && r.seller_slug ? { name: r.seller, slug: r.seller_slug } : null,
    childrenCount: r.children_count,
    inventoryStatus: r.inventory_status,
    variantView: r.variant_view,
    variantViewSetting: r.variant_view_setting,
  };
}

/**
 * The straightforward SQL count (one statement per scope, filters bound as JSON). Category scopes
 * answer from the in-memory index instead (countProducts); this stays the reference the tests
 * compare that index with, and the path of the other scopes.
 */
export function countProductsSql(db: Db, q: Omit<ListQuery, 'offset' | 'limit'>): number {
  return statements(db).count[q.scope.kind].get(filterParams(q as ListQuery)) as number;
}

/** The straightforward SQL page of ids (see countProductsSql). */
export function pageIdsSql(db: Db, q: ListQuery): number[] {
  return statements(db).page[q.scope.kind].all({ ...filterParams(q), limit: q.limit, offset: q.offset }) as number[];
}

/**
 * A filtered category list from the scope's in-memory index (filter-index.ts), kept per catalogue
 * `version`: at 100,000 products the SQL count took 60–220 ms per call (every product re-reads the
 * JSON groups and probes its attribute values), the bitsets take microseconds. Same WHERE, same order.
 */
function categoryMatch(db: Db, version: number, q: Omit<ListQuery, 'offset' | 'limit'>, categoryIds: number[]) {
  const scope: IndexQuery = { shopId: q.shopId, wholesale: q.wholesale, categoryIds };
  const index = scopeIndex(db, version, scope);
  const match = matchScope(index, q.optionGroups, q.price);
  const searched = q.tools?.text ? matchText(db, version, index, scope, q.tools.text, q.lang ?? SLOVAK, match.bits) : null;
  return { index, scope, ...(searched ?? match) };
}

/** How many products match: the filter count, and the total of a list. */
export function countProducts(db: Db, version: number, q: Omit<ListQuery, 'offset' | 'limit'>): number {
  if (q.scope.kind === 'category') return categoryMatch(db, version, q, q.scope.categoryIds).count;
  return countProductsSql(db, q);
}

/**
 * The ids of one page of products and the total that match, in list order (a list of ids keeps
 * the order it was asked in). Pages that draw kept cards need no more (card-cache.ts).
 */
export function listedIds(db: Db, version: number, q: ListQuery): { ids: number[]; total: number } {
  if (q.scope.kind === 'category') {
    const { index, scope, bits, count } = categoryMatch(db, version, q, q.scope.categoryIds);
    const order = orderOf(db, version, index, scope, q.tools?.sort ?? null, q.lang);
    return { ids: order ? pageInOrder(index, bits, order, q.offset, q.limit) : pageOf(index, bits, q.offset, q.limit), total: count };
  }
  const ids = pageIdsSql(db, q);
  const total = ids.length < q.limit && q.offset === 0 ? ids.length : countProductsSql(db, q);
  return { ids, total };
}

/** One page of products (their rows) and the total that match. */
export function listProducts(db: Db, version: number, q: ListQuery, lang: CatalogueLang = SLOVAK): { items: ListedProduct[]; total: number } {
  const { ids, total } = listedIds(db, version, q);
  return { items: productsByIds(db, q.shopId, q.wholesale, ids, lang), total };
}

/**
 * The rows of `ids` in that order (shown, with a price in the shop; others are left out), named
 * and addressed in `lang` (catalogue-texts.ts).
 */
export function productsByIds(db: Db, shopId: number, wholesale: boolean, ids: readonly number[], lang: CatalogueLang = SLOVAK): ListedProduct[] {
  if (ids.length === 0) return [];
  const rows = statements(db).details.all({ shop: shopId, b2b: wholesale ? 1 : 0, scope: JSON.stringify(ids), ...langParams(lang) }) as Row[];
  // The 30-day lowest prices of the reduced ones in one more query for the whole batch, not per product.
  return withLowestPrices(db, shopId, wholesale, rows.map((r) => toProduct(r, wholesale)));
}

/** Stock and delivery time of shown products, by id. */
export function productAvailability(db: Db, ids: number[]): { id: number; quantity: number; availabilityDays: number }[] {
  const rows = statements(db).availability.all(JSON.stringify(ids)) as { id: number; quantity: number; availability_days: number }[];
  return rows.map((r) => ({ id: r.id, quantity: r.quantity, availabilityDays: r.availability_days }));
}
