import type { Db } from '../../db/client';
import type { ShopContext } from '../../http/env';
import { amount, csvStream, type CsvValue } from '../orders/csv';
import { csvColumns } from './columns';

/**
 * Every product as CSV for Excel (the orders' writer: semicolons, decimal commas, UTF-8 with a BOM,
 * formula-like texts defused), in the columns the import reads (columns.ts). Read by keyset on id in
 * batches of 1,000, each batch one short statement, so 100,000 products never sit in memory at once.
 */
const BATCH = 1000;

interface Row {
  id: number;
  code: string;
  name: string;
  slug: string;
  description: string;
  category: string;
  sellerId: number | null;
  visible: number;
  stock: number;
  availabilityDays: number;
  cartLimit: number | null;
  [price: string]: number | string | null;
}

const money = (minor: unknown): number | null => (typeof minor === 'number' ? amount(minor) : null);

export function productsCsv(db: Db, shops: ShopContext[]): ReadableStream<Uint8Array> {
  const joins = shops.map((s, i) => `LEFT JOIN product_prices pp${i} ON pp${i}.product_id = p.id AND pp${i}.shop_id = ${s.id}`).join(' ');
  const prices = shops
    .map((_, i) => `pp${i}.price_b2c AS b2c${i}, pp${i}.price_old_b2c AS oldB2c${i}, pp${i}.price_b2b AS b2b${i}, pp${i}.price_old_b2b AS oldB2b${i}, pp${i}.vat_rate AS vat${i}`)
    .join(', ');
  const batch = db.$client.prepare(
    `SELECT p.id, p.code_public AS code, p.name, p.slug, p.description, c.slug AS category, p.seller_id AS sellerId, p.visible, p.quantity AS stock,
       p.availability_days AS availabilityDays, p.cart_limit AS cartLimit${prices ? `, ${prices}` : ''}
     FROM products p JOIN categories c ON c.id = p.category_id ${joins} WHERE p.id > ? ORDER BY p.id LIMIT ${BATCH}`,
  );
  return csvStream(csvColumns(shops.map((s) => s.code)), BATCH, (last: Row | undefined) => batch.all(last?.id ?? 0) as Row[], (row) => line(row, shops.length));
}

function line(row: Row, shops: number): CsvValue[] {
  const values: CsvValue[] = [row.id, row.code, row.name, row.slug, row.description, row.category, row.sellerId, row.visible, row.stock, row.availabilityDays, row.cartLimit];
  for (let i = 0; i < shops; i++) {
    values.push(money(row[`b2c${i}`]), money(row[`oldB2c${i}`]), money(row[`b2b${i}`]), money(row[`oldB2b${i}`]), row[`vat${i}`] as number | null);
  }
  return values;
}
