import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../setup/test-app';
import { runConcurrently } from '../setup/concurrent';
import { cancelOrder, markOrderPaid, setOrderStatus, type PaidResult } from '../../server/orders/order-lifecycle';
import { runOrderCli } from '../../server/orders/cli';
import { Browser, invoicesOf, orderRow, placeOrder, purchasePoints, stockOf, stockedProduct } from './payments-helpers';

let shop: TestShop;
beforeAll(() => {
  shop = createTestShop({ products: 60 });
});
afterAll(() => shop.close());

const NOW = new Date('2026-11-22T10:00:00Z');
const balance = (userId: number) => (shop.db.$client.prepare('SELECT COALESCE(SUM(value), 0) AS n FROM point_entries WHERE user_id = ?').get(userId) as { n: number }).n;
const userOf = (email: string) => (shop.db.$client.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number }).id;

let signedUp = 0;
async function signedInBuyer() {
  signedUp += 1;
  const email = `kupujuci${signedUp}@example.sk`;
  const b = new Browser(shop);
  await b.signUpAndIn(email);
  return { b, userId: userOf(email) };
}

/** markOrderPaid in `n` worker threads, each with its own connection, released together. */
function payConcurrently(n: number, input: { orderId: number; amount: number; currency: string }): Promise<PaidResult[]> {
  return runConcurrently<PaidResult>(join(import.meta.dirname, 'order-lifecycle.worker.ts'), n, { file: shop.config.dbFile, ...input });
}

describe('markOrderPaid', () => {
  it('pays an order exactly once under 20 concurrent calls from separate connections', async () => {
    const order = await placeOrder(shop, new Browser(shop));
    const results = await payConcurrently(20, { orderId: order.id, amount: order.total, currency: order.currency });
    expect(results.filter((r) => r.paid)).toHaveLength(1);
    const invoice = results.find((r) => r.paid)!.invoiceNumber;
    // Every later call answers the same invoice, and nothing was paid twice.
    expect(new Set(results.map((r) => r.invoiceNumber))).toEqual(new Set([invoice]));
    expect(invoicesOf(shop, order.id)).toEqual([invoice]);
    expect(orderRow(shop, order.id).price_paid).toBe(order.total);
  }, 60_000);

  it('refuses an amount or a currency that differs from the order', async () => {
    const order = await placeOrder(shop, new Browser(shop));
    expect(markOrderPaid(shop.db, { orderId: order.id, amount: order.total - 1, currency: 'EUR', now: NOW })).toEqual({ paid: false, invoiceNumber: null });
    expect(markOrderPaid(shop.db, { orderId: order.id, amount: order.total + 1, currency: 'EUR', now: NOW }).paid).toBe(false);
    expect(markOrderPaid(shop.db, { orderId: order.id, amount: order.total, currency: 'CZK', now: NOW }).paid).toBe(false);
    expect(orderRow(shop, order.id)).toMatchObject({ paid_at: null, price_paid: 0 });
    expect(invoicesOf(shop, order.id)).toEqual([]);
    expect(markOrderPaid(shop.db, { orderId: 999_999, amount: 1, currency: 'EUR' })).toEqual({ paid: false, invoiceNumber: null });
  });

  it('numbers invoices one after another within the year', async () => {
    const numbers: string[] = [];
    for (let i = 0; i < 3; i++) {
      const order = await placeOrder(shop, new Browser(shop));
      numbers.push(markOrderPaid(shop.db, { orderId: order.id, amount: order.total, currency: order.currency, now: NOW }).invoiceNumber!);
    }
    for (const n of numbers) expect(n).toMatch(/^2026\d{6}$/);
    const seq = numbers.map((n) => Number(n.slice(4)));
    expect(seq).toEqual([seq[0], seq[0] + 1, seq[0] + 2]);
    const nextYear = await placeOrder(shop, new Browser(shop));
    expect(markOrderPaid(shop.db, { orderId: nextYear.id, amount: nextYear.total, currency: 'EUR', now: new Date('2027-01-02T08:00:00Z') }).invoiceNumber).toBe('2027000001');
  });

  it('credits the purchase points of a signed-in buyer once', async () => {
    const { b, userId } = await signedInBuyer();
    const order = await placeOrder(shop, b);
    expect(orderRow(shop, order.id).user_id).toBe(userId);
    expect(order.points).toBeGreaterThan(0);
    expect(purchasePoints(shop, userId, order.id)).toEqual([]);
    const before = balance(userId);
    expect(markOrderPaid(shop.db, { orderId: order.id, amount: order.total, currency: 'EUR', now: NOW }).paid).toBe(true);
    expect(markOrderPaid(shop.db, { orderId: order.id, amount: order.total, currency: 'EUR', now: NOW }).paid).toBe(false);
    expect(purchasePoints(shop, userId, order.id)).toEqual([order.points]);
    expect(balance(userId)).toBe(before + order.points);
  });
});

describe('setOrderStatus', () => {
  it('marks cash on delivery paid when it is delivered, and only then', async () => {
    const cod = await placeOrder(shop, new Browser(shop), { payment: 1 });
    expect(setOrderStatus(shop.db, { orderId: cod.id, status: 'sent', now: NOW })).toBe(true);
    expect(orderRow(shop, cod.id)).toMatchObject({ status: 2, paid_at: null });
    expect(setOrderStatus(shop.db, { orderId: cod.id, status: 'delivered', now: NOW })).toBe(true);
    expect(orderRow(shop, cod.id)).toMatchObject({ status: 3, price_paid: cod.total, paid_at: NOW.getTime() });
    expect(invoicesOf(shop, cod.id)).toHaveLength(1);

    const transfer = await placeOrder(shop, new Browser(shop), { payment: 2 });
    expect(setOrderStatus(shop.db, { orderId: transfer.id, status: 'delivered', now: NOW })).toBe(true);
    expect(orderRow(shop, transfer.id)).toMatchObject({ status: 3, paid_at: null, price_paid: 0 });
  });

  it('never moves the status back, and leaves a cancelled order alone', async () => {
    const order = await placeOrder(shop, new Browser(shop), { payment: 2 });
    expect(setOrderStatus(shop.db, { orderId: order.id, status: 'sent' })).toBe(true);
    expect(setOrderStatus(shop.db, { orderId: order.id, status: 'sent' })).toBe(false);
    expect(setOrderStatus(shop.db, { orderId: order.id, status: 'received' })).toBe(false);
    expect(orderRow(shop, order.id).status).toBe(2);
    expect(setOrderStatus(shop.db, { orderId: order.id, status: 'delivered' })).toBe(true);
    expect(setOrderStatus(shop.db, { orderId: order.id, status: 'sent' })).toBe(false);
    expect(orderRow(shop, order.id).status).toBe(3);

    const cancelled = await placeOrder(shop, new Browser(shop), { payment: 2 });
    expect(cancelOrder(shop.db, { orderId: cancelled.id })).toBe(true);
    expect(setOrderStatus(shop.db, { orderId: cancelled.id, status: 'sent' })).toBe(false);
    expect(orderRow(shop, cancelled.id).status).toBe(1);
  });
});

describe('cancelOrder', () => {
  it('returns the pieces to stock and takes back the purchase points, once', async () => {
    const { b, userId } = await signedInBuyer();
    const product = stockedProduct(shop, 1, 5, 40);
    const order = await placeOrder(shop, b, { lines: [[product, 3]] });
    expect(stockOf(shop, product)).toBe(37);
    markOrderPaid(shop.db, { orderId: order.id, amount: order.total, currency: 'EUR', now: NOW });
    const credited = balance(userId);
    expect(cancelOrder(shop.db, { orderId: order.id, now: NOW })).toBe(true);
    expect(stockOf(shop, product)).toBe(40);
    expect(purchasePoints(shop, userId, order.id)).toEqual([order.points, -order.points]);
    expect(balance(userId)).toBe(credited - order.points);
    expect(cancelOrder(shop.db, { orderId: order.id, now: NOW })).toBe(false);
    expect(stockOf(shop, product)).toBe(40);
    // A payment arriving after the cancel never marks it paid again.
    expect(orderRow(shop, order.id).cancelled_at).toBe(NOW.getTime());
  });

  it('refuses an order already sent', async () => {
    const product = stockedProduct(shop, 1, 6, 10);
    const order = await placeOrder(shop, new Browser(shop), { payment: 2, lines: [[product, 1]] });
    setOrderStatus(shop.db, { orderId: order.id, status: 'sent' });
    expect(cancelOrder(shop.db, { orderId: order.id })).toBe(false);
    expect(stockOf(shop, product)).toBe(9);
    expect(orderRow(shop, order.id).cancelled_at).toBeNull();
  });

  it('after a cancel an unpaid order can no longer be paid', async () => {
    const order = await placeOrder(shop, new Browser(shop), { payment: 2 });
    cancelOrder(shop.db, { orderId: order.id });
    expect(markOrderPaid(shop.db, { orderId: order.id, amount: order.total, currency: 'EUR' }).paid).toBe(false);
    expect(orderRow(shop, order.id).paid_at).toBeNull();
  });
});

describe('order CLI', () => {
  const cli = (...args: string[]) => {
    const lines: string[] = [];
    const code = runOrderCli(shop.db, args, (l) => lines.push(l), NOW);
    return { code, out: lines.join('\n') };
  };

  it('books a bank transfer, sends, delivers and cancels through the lifecycle', async () => {
    const order = await placeOrder(shop, new Browser(shop), { payment: 2 });
    const paid = cli('paid', order.documentNumber);
    expect(paid.code).toBe(0);
    expect(paid.out).toMatch(new RegExp(`^${order.documentNumber}: paid, invoice 2026\\d{6}\\.$`));
    expect(cli('paid', order.documentNumber)).toEqual({ code: 1, out: `${order.documentNumber}: not changed (already paid).` });
    expect(orderRow(shop, order.id).price_paid).toBe(order.total);
    expect(cli('sent', order.documentNumber).code).toBe(0);
    expect(cli('cancel', order.documentNumber)).toEqual({ code: 1, out: `${order.documentNumber}: not changed (already sent).` });
    expect(cli('delivered', order.documentNumber)).toEqual({ code: 0, out: `${order.documentNumber}: delivered.` });
    expect(cli('sent', order.documentNumber).code).toBe(1);

    const other = await placeOrder(shop, new Browser(shop), { payment: 2 });
    expect(cli('cancel', other.documentNumber)).toEqual({ code: 0, out: `${other.documentNumber}: cancelled, stock returned.` });
    expect(cli('paid', other.documentNumber)).toEqual({ code: 1, out: `${other.documentNumber}: not changed (cancelled).` });
    expect(cli('paid', '0000')).toEqual({ code: 1, out: 'No order 0000.' });
    expect(cli('refund', other.documentNumber).code).toBe(2);
  });

  it('runs as `npm run order` against DB_FILE', async () => {
    const order = await placeOrder(shop, new Browser(shop), { payment: 2 });
    const { stdout } = await promisify(execFile)('npx', ['tsx', 'server/orders/cli.ts', 'paid', order.documentNumber], {
      env: { ...process.env, DB_FILE: shop.config.dbFile, LOG_LEVEL: 'error', NODE_NO_WARNINGS: '1' },
      timeout: 60_000,
    });
    expect(stdout).toMatch(new RegExp(`${order.documentNumber}: paid, invoice`));
    expect(orderRow(shop, order.id).price_paid).toBe(order.total);
  }, 60_000);
});
