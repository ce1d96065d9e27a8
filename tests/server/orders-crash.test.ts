import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '../../server/db/client';
import { createTestShop, type TestShop } from '../setup/test-app';

let shop: TestShop | undefined;
afterAll(() => shop?.close());

describe('order submit after kill -9', () => {
  it('leaves every order complete or absent, and stock used equal to quantity sold', async () => {
    shop = createTestShop({ products: 20 });
    const file = shop.config.dbFile;
    const ids = (shop.db.$client.prepare('SELECT p.id FROM products p JOIN product_prices pr ON pr.product_id = p.id AND pr.shop_id = 1 WHERE p.visible = 2 ORDER BY p.id LIMIT 3').all() as { id: number }[]).map((r) => r.id);
    for (const id of ids) shop.db.$client.prepare('UPDATE products SET quantity = 1000000, cart_limit = NULL, manufactured = 0 WHERE id = ?').run(id);
    const before = new Map(ids.map((id) => [id, 1_000_000]));

    const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'orders-crash.child.ts'), file, ids.join(',')], { stdio: ['ignore', 'pipe', 'pipe'] });
    let dots = 0;
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        dots += chunk.length;
        // Killed while it is busy submitting, at whatever point the next write happens to be.
        if (dots >= 40 && child.exitCode === null && !child.killed) child.kill('SIGKILL');
      });
      child.on('exit', () => resolve());
      child.on('error', reject);
    });
    expect(stderr).toBe('');
    expect(dots).toBeGreaterThanOrEqual(40);

    const db = openDb(file);
    try {
      const orders = db.$client.prepare('SELECT id, subtotal, shipping_price, payment_fee, alignment, voucher_price, total FROM orders').all() as Record<string, number>[];
      expect(orders.length).toBeGreaterThanOrEqual(40);
      const sums = new Map(
        (db.$client.prepare('SELECT order_id AS id, SUM(line_total) AS lines, COUNT(*) AS n FROM order_items GROUP BY order_id').all() as { id: number; lines: number; n: number }[]).map((r) => [r.id, r]),
      );
      for (const o of orders) {
        const lines = sums.get(o.id);
        expect(lines?.n).toBe(ids.length);
        expect(o.subtotal).toBe(lines!.lines);
        expect(o.total).toBe(o.subtotal + o.shipping_price + o.payment_fee + o.alignment - o.voucher_price);
      }
      for (const id of ids) {
        const stock = (db.$client.prepare('SELECT quantity FROM products WHERE id = ?').get(id) as { quantity: number }).quantity;
        const sold = (db.$client.prepare('SELECT COALESCE(SUM(quantity), 0) AS n FROM order_items WHERE product_id = ?').get(id) as { n: number }).n;
        expect(before.get(id)! - stock).toBe(sold);
      }
      expect(db.$client.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      db.$client.close();
    }
  }, 30_000);
});
