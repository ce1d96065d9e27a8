import type { Db } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { pagedQuery, whereOf, type Paged } from '../paged-query';
import { PRODUCT_PAGE_SIZE, type ProductFilter } from './products.schemas';

/**
 * The back office's product list: the filter becomes a WHERE clause of fixed pieces with bound
 * values, newest first, paged on the server; the page's prices per shop come in one more query.
 * Digits find an id or a code's beginning, other text a part of the name or a code's beginning
 * (tests/bench/admin-products.bench.ts measures it at 100k products).
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

const COLUMNS = `p.id, p.name, p.code_public AS code, p.image_filename AS image, c.name AS category, p.quantity, p.visible, p.seller_id AS sellerId`;
const FROM = 'products p JOIN categories c ON c.id = p.category_id';

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
const prefixEnd = (text: string) => `${text}\uffff`;

export function productWhere(filter: ProductFilter): { where: string; params: (string | number)[] } {
  const parts: string[] = [];
  const params: (string | number)[] = [];
  const q = filter.q;
  if (q) {
    const code = '(p.code_public >= ? AND p.code_public < ?)';
    if (/^\d{1,10}$/.test(q)) {
      parts.push(`(p.id = ? OR ${code})`);
      params.push(Number(q), q, prefixEnd(q));
    } else {
      parts.push(`(p.name LIKE ? ESCAPE '\\' OR ${code})`);
      params.push(likeText(q), q, prefixEnd(q));
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

export function productPage(db: Db, filter: ProductFilter): ProductPage {
  const { where, params } = productWhere(filter);
  const page = pagedQuery<ProductListRow>(db, { columns: COLUMNS, from: FROM, where, order: 'p.id DESC' }, params, filter.strana, PRODUCT_PAGE_SIZE);
  const byId = new Map(page.rows.map((r) => [r.id, { ...r, prices: {} as ProductListRow['prices'] }]));
  if (byId.size) for (const price of pricesOf(db).all(JSON.stringify([...byId.keys()]))) byId.get(price.productId)!.prices[price.shopId] = { b2c: price.b2c, b2b: price.b2b };
  return { ...page, rows: [...byId.values()] };
}
