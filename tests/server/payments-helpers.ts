import { expect } from 'vitest';
import { SELLABLE_SQL } from '../../server/catalog/sellable';
import type { TestShop } from '../setup/test-app';
import { CUSTOMER } from '../setup/customer';
import { Browser } from './accounts.client';

export const SK_HOST = '127.0.0.1:3000';
export const CZ_HOST = 'cz.localhost:3000';


export interface PlacedOrder {
  id: number;
  hash: string;
  documentNumber: string;
  total: number;
  currency: string;
  points: number;
}

export interface OrderRow {
  id: number;
  status: number;
  total: number;
  currency: string;
  price_paid: number;
  paid_at: number | null;
  cancelled_at: number | null;
  user_id: number | null;
  points: number;
}

/** A priced product the shop sells (sellable.ts), given plenty of stock. */
export function stockedProduct(shop: TestShop, shopId = 1, index = 0, quantity = 100): number {
  const row = shop.db.$client
    .prepare(`SELECT p.id FROM products p JOIN product_prices pr ON pr.product_id = p.id AND pr.shop_id = ? WHERE p.id IN (SELECT id FROM products WHERE ${SELLABLE_SQL}) AND pr.price_b2c >= 500 ORDER BY p.id LIMIT 1 OFFSET ?`)
    .get(shopId, index) as { id: number };
  shop.db.$client.prepare('UPDATE products SET quantity = ?, cart_limit = NULL, manufactured = 0 WHERE id = ?').run(quantity, row.id);
  return row.id;
}

/** What a shopper does: add to the cart, courier, the payment, submit; answers the stored order. */
export async function placeOrder(
  shop: TestShop,
  b: Browser,
  options: { payment?: number; host?: string; lines?: [number, number][] } = {},
): Promise<PlacedOrder> {
  const host = options.host ?? SK_HOST;
  const cz = host === CZ_HOST;
  const headers = { host };
  await b.holdToken(headers);
  const call = async (path: string, body: object) => {
    const response = await shop.app.request(path, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: b.headers({ host, 'x-csrf-token': b.csrf, 'content-type': 'application/json' }),
    });
    const json = (await response.json()) as any;
    expect(response.status, `${path}: ${JSON.stringify(json)}`).toBe(200);
    return json;
  };
  const lines = options.lines ?? [[stockedProduct(shop, cz ? 2 : 1), 2]];
  for (const [id, quantity] of lines) await call('/api/cart/add', { product_id: id, quantity });
  await call('/api/cart/delivery', { id: 1 });
  await call('/api/cart/payment', { id: options.payment ?? (cz ? 10 : 30) });
  const submitted = await call('/api/cart/submit', { ...CUSTOMER, country: cz ? 'cz' : 'sk' });
  const hash = submitted.data.hash as string;
  const row = shop.db.$client.prepare('SELECT id, document_number AS documentNumber, total, currency, points FROM orders WHERE hash = ?').get(hash) as Omit<PlacedOrder, 'hash'>;
  return { ...row, hash };
}

export function orderRow(shop: TestShop, id: number): OrderRow {
  return shop.db.$client.prepare('SELECT id, status, total, currency, price_paid, paid_at, cancelled_at, user_id, points FROM orders WHERE id = ?').get(id) as OrderRow;
}

export function invoicesOf(shop: TestShop, orderId: number): string[] {
  return (shop.db.$client.prepare('SELECT number FROM invoices WHERE order_id = ?').all(orderId) as { number: string }[]).map((r) => r.number);
}

export function purchasePoints(shop: TestShop, userId: number, orderId: number): number[] {
  return (
    shop.db.$client.prepare("SELECT value FROM point_entries WHERE user_id = ? AND item_type = 'purchase' AND item_id = ? ORDER BY id").all(userId, orderId) as { value: number }[]
  ).map((r) => r.value);
}

export function stockOf(shop: TestShop, productId: number): number {
  return (shop.db.$client.prepare('SELECT quantity FROM products WHERE id = ?').get(productId) as { quantity: number }).quantity;
}

export { Browser };
