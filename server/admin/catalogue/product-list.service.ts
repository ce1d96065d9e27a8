import type Database from 'better-sqlite3';
import type { Db } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { pagedQuery, whereOf, type Paged } from '../paged-query';
import { prefixEnd, searchWords } from '../../search/search-words';
import { PRODUCT_PAGE_SIZE, type ProductFilter } from './products.schemas';

/**
 * The back office's product list: the filter becomes a WHERE clause of fixed pieces with bound
 * values, newest first, paged on the server; the page's prices per shop come in one more query.
 * Digits find an id or a code's beginning; text that begins a code finds codes; other text the
 * beginnings of the name's words (tests/bench/admin-products.bench.ts measures it at 100k products).
 */
export interface ProductListRow {
  id: number;
  name: string;
  code: string;
  image: string | null;
  category: string;
  quantity: number;
  visible: number;
  sellerId: number | null;
  prices: Record<number, { b2c: number; b2b: number }>;
}

const COLUMNS = `p.id, p.name, p.code_public AS code, p.image_filename AS image, (SELECT c.name FROM categories c WHERE c.id = p.category_id) AS category,
  p.quantity, p.visible, p.seller_id AS sellerId`;
const FROM = 'products p';


const codeExists = perDatabase((db: Db) => db.$client.prepare<[string, string], number>('SELECT 1 FROM products WHERE code_public >= ? AND code_public < ? LIMIT 1').pluck());

export function productWhere(db: Db, filter: ProductFilter): { where: string; params: (string | number)[] } {
  const parts: string[] = [];
  const params: (string | number)[] = [];
  const q = filter.q;
  if (q) {
    const code = '(p.code_public >= ? AND p.code_public < ?)';
    if (/^\d{1,10}$/.test(q)) {
      parts.push(`(p.id = ? OR ${code})`);
      params.push(Number(q), q, prefixEnd(q));
    } else if (!/\s/.test(q) && codeExists(db).get(q, prefixEnd(q))) {
      // The beginning of a code (OB-0001…): found through the codes' unique index alone.
      parts.push(code);
      params.push(q, prefixEnd(q));
    } else {
      // Words of the name, each the beginning of a word in any case, with or without accents, from
      // the shop's own search index (products_fts holds every product, listed or not); a LIKE over
      // the names read all 100,000 of them and missed "šľahačková" for "Šľahačková".
      const words = searchWords(q);
      parts.push(words ? 'p.id IN (SELECT rowid FROM products_fts WHERE products_fts MATCH ?)' : '0');
      if (words) params.push(`name : (${words})`);
    }
  }
  if (filter.kategoria) {
    // The category and everything under it (the materialised path).
    parts.push("p.category_id IN (SELECT d.id FROM categories d WHERE d.path >= (SELECT path FROM categories WHERE id = ?) AND d.path < (SELECT path FROM categories WHERE id = ?) || '\uffff')");
    params.push(Number(filter.kategoria), Number(filter.kategoria));
  }
  if (filter.viditelnost) {
    parts.push('p.visible = ?');
    params.push(Number(filter.viditelnost));
  }
  if (filter.predajca === 'obchod') parts.push('p.seller_id IS NULL');
  else if (filter.predajca) {
    parts.push('p.seller_id = ?');
    params.push(Number(filter.predajca));
  }
  if (filter.sklad === 'ano') parts.push('p.quantity > 0');
  else if (filter.sklad === 'nie') parts.push('p.quantity <= 0');
  return { where: whereOf(parts), params };
}

const pricesOf = perDatabase((db: Db) =>
  db.$client.prepare<[string], { productId: number; shopId: number; b2c: number; b2b: number }>(
    'SELECT product_id AS productId, shop_id AS shopId, price_b2c AS b2c, price_b2b AS b2b FROM product_prices WHERE product_id IN (SELECT value FROM json_each(?))',
  ),
);

export type ProductPage = Paged<ProductListRow>;

const shapes = perDatabase(() => new Map<string, Database.Statement>());

function prepared(db: Db, sql: string): Database.Statement {
  const cache = shapes(db);
  let statement = cache.get(sql);
  if (!statement) cache.set(sql, (statement = db.$client.prepare(sql)));
  return statement;
}

/**
 * A text search scans the names once: the matching ids (newest first) give the count and the page,
 * whose rows are then read by id. Other filters page in SQL (pagedQuery: a page and a count).
 */
function searchedPage(db: Db, where: string, params: (string | number)[], asked: number): Paged<Omit<ProductListRow, 'prices'>> {
  const ids = (prepared(db, `SELECT p.id FROM ${FROM} ${where} ORDER BY p.id DESC`).pluck().all(params) as number[]);
  const pages = Math.max(1, Math.ceil(ids.length / PRODUCT_PAGE_SIZE));
  const page = Math.min(Math.max(1, asked), pages);
  const chosen = ids.slice((page - 1) * PRODUCT_PAGE_SIZE, page * PRODUCT_PAGE_SIZE);
  const rows = chosen.length
    ? (prepared(db, `SELECT ${COLUMNS} FROM ${FROM} WHERE p.id IN (SELECT value FROM json_each(?)) ORDER BY p.id DESC`).all(JSON.stringify(chosen)) as Omit<ProductListRow, 'prices'>[])
    : [];
  return { rows, total: ids.length, page, pages };
}

export function productPage(db: Db, filter: ProductFilter): ProductPage {
  const { where, params } = productWhere(db, filter);
  const page = filter.q
    ? searchedPage(db, where, params, filter.strana)
    : pagedQuery<Omit<ProductListRow, 'prices'>>(db, { columns: COLUMNS, from: FROM, where, order: 'p.id DESC' }, params, filter.strana, PRODUCT_PAGE_SIZE);
  const byId = new Map(page.rows.map((r) => [r.id, { ...r, prices: {} as ProductListRow['prices'] }]));
  if (byId.size) for (const price of pricesOf(db).all(JSON.stringify([...byId.keys()]))) byId.get(price.productId)!.prices[price.shopId] = { b2c: price.b2c, b2b: price.b2b };
  return { ...page, rows: [...byId.values()] };
}
