import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buyPointItem, creditPurchasePoints, creditRegistrationBonus, pointBalance, REGISTRATION_BONUS, reversePurchasePoints } from '../../server/points/points.service';
import { createTestShop, type TestShop } from '../setup/test-app';
import { Browser } from './accounts.client';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let shop: TestShop;
beforeAll(() => {
  shop = createTestShop({ products: 8 });
});
afterAll(() => shop.close());

let n = 0;
async function signedIn() {
  n += 1;
  const b = new Browser(shop);
  const email = `points${n}@example.sk`;
  await b.signUpAndIn(email);
  const { id } = shop.db.$client.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number };
  return { b, userId: id };
}

function addItem(name: string, price: number, extra: { once?: boolean; disabled?: boolean; stock?: number | null; kind?: string } = {}) {
  const r = shop.db.$client
    .prepare('INSERT INTO point_items (name, price, kind, once_per_user, disabled, stock) VALUES (?, ?, ?, ?, ?, ?)')
    .run(name, price, extra.kind ?? 'reward', extra.once ? 1 : 0, extra.disabled ? 1 : 0, extra.stock ?? null);
  return Number(r.lastInsertRowid);
}

function manual(userId: number, value: number, at = shop.clock.now().getTime()) {
  shop.db.$client.prepare(`INSERT INTO point_entries (user_id, value, item_type, item_id, created_at) VALUES (?, ?, 'manual', 0, ?)`).run(userId, value, at);
}

describe('points ledger', () => {
  it('credits the registration bonus once, when the account is created', async () => {
    const { b, userId } = await signedIn();
    expect(pointBalance(shop.db, userId)).toBe(REGISTRATION_BONUS);
    creditRegistrationBonus(shop.db, userId, shop.clock.now());
    expect(pointBalance(shop.db, userId)).toBe(REGISTRATION_BONUS);
    const count = await b.api('GET', '/api/consumer/point/count');
    expect(count.json).toEqual({ count: REGISTRATION_BONUS });
  });

  it('spends exactly once when 20 concurrent buys have a balance for one', async () => {
    const { b, userId } = await signedIn();
    const item = addItem('Drahá odmena', REGISTRATION_BONUS);
    const answers = await Promise.all(Array.from({ length: 20 }, () => b.api('GET', `/api/consumer/point/${item}/buy`)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(answers.find((a) => a.status === 409)!.json.detail).toBe('Nedostatok bodov - Pre získanie kupónu nazbieraj viac bodov');
    expect(pointBalance(shop.db, userId)).toBe(0);
    const raw = shop.db.$client.prepare('SELECT SUM(value) AS s FROM point_entries WHERE user_id = ?').get(userId) as { s: number };
    expect(raw.s).toBe(0);
  });

  it('never lets the balance go negative', async () => {
    const { userId } = await signedIn();
    const item = addItem('Príliš drahá', REGISTRATION_BONUS + 1);
    expect(() => buyPointItem(shop.db, userId, item, shop.clock.now())).toThrow('Nedostatok bodov');
    expect(pointBalance(shop.db, userId)).toBe(REGISTRATION_BONUS);
  });

  it('asks for the CSRF header on the GET buy and refuses disabled or already claimed items', async () => {
    const { b, userId } = await signedIn();
    const once = addItem('Raz za život', 10, { once: true });
    const off = addItem('Vypnutá', 1, { disabled: true });
    expect((await b.api('GET', `/api/consumer/point/${once}/buy`, undefined, { csrf: false })).status).toBe(403);
    expect(pointBalance(shop.db, userId)).toBe(REGISTRATION_BONUS);
    expect((await b.api('GET', `/api/consumer/point/${once}/buy`)).status).toBe(200);
    expect((await b.api('GET', `/api/consumer/point/${once}/buy`)).status).toBe(409);
    expect((await b.api('GET', `/api/consumer/point/${off}/buy`)).status).toBe(409);
    expect((await b.api('GET', '/api/consumer/point/999999/buy')).status).toBe(404);
    const detail = await b.api('GET', `/api/consumer/point/item/${once}`);
    expect(detail.json).toMatchObject({ id: once, name: 'Raz za život', disabled: true });
    expect(pointBalance(shop.db, userId)).toBe(REGISTRATION_BONUS - 10);
  });

  it('credits and reverses purchase points idempotently, never below zero', async () => {
    const { userId } = await signedIn();
    expect(creditPurchasePoints(shop.db, { userId, orderId: 77, points: 30 })).toBe(true);
    expect(creditPurchasePoints(shop.db, { userId, orderId: 77, points: 30 })).toBe(false);
    expect(pointBalance(shop.db, userId)).toBe(REGISTRATION_BONUS + 30);
    buyPointItem(shop.db, userId, addItem('Minie skoro všetko', REGISTRATION_BONUS + 20), shop.clock.now());
    expect(reversePurchasePoints(shop.db, { userId, orderId: 77 })).toBe(10);
    expect(reversePurchasePoints(shop.db, { userId, orderId: 77 })).toBe(0);
    expect(pointBalance(shop.db, userId)).toBe(0);
  });

  it('pages the history (10/20/50) with labels, dates and item names', async () => {
    const { b, userId } = await signedIn();
    const base = Date.UTC(2026, 10, 1, 8, 5);
    for (let i = 0; i < 24; i++) manual(userId, 1, base + i * 60_000);
    const item = addItem('Odmena v histórii', 5);
    await b.api('GET', `/api/consumer/point/${item}/buy`);
    const first = await b.api('GET', '/api/consumer/point/history');
    expect(first.json.total).toBe(26);
    expect(first.json.items).toHaveLength(10);
    expect(first.json.items[0]).toMatchObject({ value: -5, item_type: 'point_item', item_id: item, item: { name: 'Odmena v histórii' } });
    expect((await b.api('GET', '/api/consumer/point/history?page=3&size=10')).json.items).toHaveLength(6);
    expect((await b.api('GET', '/api/consumer/point/history?size=20')).json.items).toHaveLength(20);
    expect((await b.api('GET', '/api/consumer/point/history?size=7')).json.size).toBe(10);

    const page = await b.get('/moje/body?size=50');
    expect(page.status).toBe(200);
    const rows = [...page.doc!.querySelectorAll('.points-history tbody tr')];
    expect(rows).toHaveLength(26);
    const cells = (i: number) => [...rows[i].querySelectorAll('td')].map((td) => td.textContent);
    expect(cells(0)[1]).toBe('Výhoda');
    expect(cells(rows.length - 1)).toEqual(['01.11.2026 09:05', 'Manuálne', '', '+1']);
    expect(page.text).toContain('Registrácia');
    expect((await b.get('/moje/body')).doc!.querySelectorAll('.points-history tbody tr')).toHaveLength(10);
  });

  it('claims a reward with the plain form (no JavaScript) and shows the spec toasts', async () => {
    const { b, userId } = await signedIn();
    const item = addItem('Formulárová odmena', 10, { once: true });
    const page = await b.get('/moje/body');
    expect(page.doc!.querySelector(`[data-reward="${item}"] button`)!.hasAttribute('disabled')).toBe(false);
    const ok = await b.form(`/moje/body/ziskaj/${item}`, {});
    expect(ok.status).toBe(303);
    expect(ok.location).toBe('/moje/body?vysledok=ok');
    const after = await b.get(ok.location!);
    expect(after.text).toContain('Získal si body');
    expect(after.doc!.querySelector(`[data-reward="${item}"] button`)!.hasAttribute('disabled')).toBe(true);
    const again = await b.form(`/moje/body/ziskaj/${item}`, {});
    expect(again.location).toBe('/moje/body?vysledok=chyba');
    expect((await b.get(again.location!)).text).toContain('Nezískal si body');
    expect(pointBalance(shop.db, userId)).toBe(REGISTRATION_BONUS - 10);
  });

  it('shows the header point count only to signed-in shoppers', async () => {
    const anonymous = new Browser(shop);
    expect((await anonymous.get('/')).doc!.querySelector('shop-point-count')).toBeNull();
    const { b } = await signedIn();
    const home = await b.get('/');
    expect(home.doc!.querySelector('shop-point-count a.point-count')!.getAttribute('href')).toBe('/moje/body');
  });

  it('keeps anonymous visitors out', async () => {
    const b = new Browser(shop);
    expect((await b.get('/moje/body')).status).toBe(303);
    expect((await b.api('GET', '/api/consumer/point/count')).status).toBe(401);
    expect((await b.api('GET', '/api/consumer/point/1/buy')).status).toBe(401);
    // The CSRF check (no anonymous session yet) or the guard answers; nothing is spent either way.
    expect([303, 403]).toContain((await b.form('/moje/body/ziskaj/1', {})).status);
  });
});
