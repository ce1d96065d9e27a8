import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salesChart, salesFigures } from '../../server/admin/dashboard/dashboard.service';
import { dayRange, lastDays, monthRange } from '../../server/admin/shop-days';
import { createTestShop, type TestShop } from '../setup/test-app';
import { insertOrders } from '../setup/bulk-orders';
import { createStaff, StaffBrowser } from './admin.client';
import { Browser, placeOrder } from './payments-helpers';

let shop: TestShop;
const SHOPS = [
  { id: 1, code: 'sk', name: 'obchod.sk', currency: 'EUR' },
  { id: 2, code: 'cz', name: 'obchod.cz', currency: 'CZK' },
];

beforeAll(async () => {
  shop = createTestShop({ products: 10 });
  insertOrders(shop.db.$client, { count: 300, until: shop.clock.now().getTime(), days: 45 });
  await placeOrder(shop, new Browser(shop), { payment: 2 });
});
afterAll(() => shop.close());

const sum = (from: number, to: number, shopId: number) =>
  shop.db.$client.prepare('SELECT COUNT(*) AS orders, COALESCE(SUM(total), 0) AS revenue FROM orders WHERE shop_id = ? AND created_at >= ? AND created_at < ? AND cancelled_at IS NULL').get(shopId, from, to);

describe('dashboard figures', () => {
  it('counts today and this month per shop in the shop time zone, cancelled orders left out', () => {
    const now = shop.clock.now();
    const figures = salesFigures(shop.db, SHOPS, now);
    for (const row of figures) {
      expect(row.today).toEqual(sum(dayRange(now.getTime()).from, dayRange(now.getTime()).to, row.shop.id));
      expect(row.month).toEqual(sum(monthRange(now.getTime()).from, monthRange(now.getTime()).to, row.shop.id));
    }
    expect(figures[0].today.orders).toBeGreaterThan(0);
  });

  it('has 30 days for the chart, oldest first, each the sum of its local day', () => {
    const now = shop.clock.now();
    const chart = salesChart(shop.db, SHOPS, now);
    const days = lastDays(now.getTime(), 30);
    expect(chart.days).toEqual(days.map((d) => d.day));
    expect(chart.days.at(-1)).toBe('2026-11-22');
    for (const [s, line] of chart.series.entries()) {
      days.forEach((d, i) => {
        const expected = sum(d.from, d.to, SHOPS[s].id) as { orders: number; revenue: number };
        expect([line.orders[i], line.revenue[i]], `${line.shop} ${d.day}`).toEqual([expected.orders, expected.revenue]);
      });
    }
  });

  it('shows admins the figures, the chart box with its data table, and what waits with links', async () => {
    const member = await createStaff(shop, 'ROLE_ADMIN');
    const b = new StaffBrowser(shop);
    await b.signIn(member);
    const page = await b.get('/admin');
    const doc = page.doc!;
    expect(doc.querySelectorAll('[data-table="figures"] tbody tr')).toHaveLength(2);
    const charts = doc.querySelectorAll('shop-admin-sales-chart');
    expect(charts).toHaveLength(2);
    expect(JSON.parse(charts[0].getAttribute('days')!)).toHaveLength(30);
    expect(charts[0].querySelectorAll('tbody tr')).toHaveLength(30);
    const toShip = doc.querySelector('[data-queue="to-ship"]')!;
    expect(toShip.querySelector('a')?.getAttribute('href')).toBe('/admin/objednavky?stav=na-odoslanie');
    const shipCount = (shop.db.$client.prepare('SELECT COUNT(*) AS n FROM orders WHERE stage = 1 OR (stage = 0 AND payment_id = 1)').get() as { n: number }).n;
    expect(toShip.querySelector('.admin-queue__count')?.textContent).toBe(String(shipCount));
    // Seller products waiting for approval (visible = 4): counted; their section comes in a later phase.
    const sellerProducts = (shop.db.$client.prepare('SELECT COUNT(*) AS n FROM products WHERE visible = 4').get() as { n: number }).n;
    expect(doc.querySelector('[data-queue="seller-products"] .admin-queue__count')?.textContent).toBe(String(sellerProducts));
    const list = await b.get('/admin/objednavky?stav=na-odoslanie');
    expect(list.doc!.querySelector('[data-field="total"]')?.textContent).toContain(String(shipCount));
  });

  it('shows an editor no figures of orders', async () => {
    const member = await createStaff(shop, 'ROLE_EDITOR');
    const b = new StaffBrowser(shop);
    await b.signIn(member);
    const doc = (await b.get('/admin')).doc!;
    expect(doc.querySelector('[data-table="figures"]')).toBeNull();
    expect(doc.querySelector('shop-admin-sales-chart')).toBeNull();
    expect(doc.querySelector('[data-queue]')).toBeNull();
    // What an editor may open: content sections only (server/admin/sections.ts).
    const links = [...doc.querySelectorAll('.admin-links a')].map((a) => a.getAttribute('href'));
    expect(links).toContain('/admin/navody');
    expect(links).not.toContain('/admin/objednavky');
  });
});
