import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pointBalance, REGISTRATION_BONUS } from '../../server/points/points.service';
import { guideLedgerId } from '../../server/points/guide-unlock.service';
import { createTestShop, type TestShop } from '../setup/test-app';
import { Browser } from './accounts.client';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let shop: TestShop;
const sqlite = () => shop.db.$client;
const SHORT = 'Nedostatok bodov - Pre získanie kupónu nazbieraj viac bodov';
const SECRET = 'TAJNY-OBSAH-NAVODU';

beforeAll(() => {
  shop = createTestShop({ products: 40 });
});
afterAll(() => shop.close());

let n = 0;
async function signedIn() {
  n += 1;
  const b = new Browser(shop);
  const email = `guides${n}@example.sk`;
  await b.signUpAndIn(email);
  const { id } = sqlite().prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number };
  return { b, userId: id };
}

interface GuideRef {
  id: number;
  url: string;
}

let made = 0;
/** A new visible guide in a blog category, with the given mode and price and a marker in its body. */
function guide(mode: 'free' | 'points' | 'purchase', price: number | null = null): GuideRef {
  made += 1;
  const category = sqlite()
    .prepare(`SELECT c.id, c.slug FROM categories c JOIN blog_posts b ON b.category_id = c.id WHERE c.visible = 1 AND c.type = 'blog' ORDER BY c.id LIMIT 1`)
    .get() as { id: number; slug: string };
  const slug = `test-navod-${made}`;
  const id = Number(
    sqlite()
      .prepare(
        `INSERT INTO blog_posts (category_id, title, slug, short, body, visible, obtain_mode, obtain_price, position, published_at)
         VALUES (?, ?, ?, '<p>Úvod</p>', ?, 1, ?, ?, 0, ?)`,
      )
      .run(category.id, `Testovací návod ${made}`, slug, `<p>${SECRET}-${made}</p>`, mode, price, shop.clock.now().getTime()).lastInsertRowid,
  );
  sqlite().prepare('UPDATE blog_posts SET body = ? WHERE id = ?').run(`<p>${SECRET}-${id}</p>`, id);
  return { id, url: `/navody-inspiracie/${category.slug}/${slug}` };
}

const unlocks = (userId: number) => (sqlite().prepare('SELECT blog_id, via FROM guide_unlocks WHERE user_id = ? ORDER BY blog_id').all(userId) as { blog_id: number; via: string }[]);

describe('guide obtain modes on cards and the guide page', () => {
  it('shows the obtain label by mode and hides a points guide’s body until it is unlocked', async () => {
    const g = guide('points', 30);
    const { b, userId } = await signedIn();
    const anon = new Browser(shop);
    for (const who of [anon, b]) {
      const page = await who.get(g.url);
      expect(page.status).toBe(200);
      expect(page.text).not.toContain(`${SECRET}-${g.id}`);
      expect(page.doc!.querySelector('.guide__body')).toBeNull();
      expect(page.doc!.querySelector('.guide-lock shop-guide-unlock a')!.textContent).toBe('Získať za 30 bodov');
      expect(page.doc!.querySelector('.guide__short')).not.toBeNull();
    }
    const api = await b.api('GET', `/api/blog/${g.id}`);
    expect(api.json).toMatchObject({ id: g.id, body: '', locked: true, obtain_mode: 'points' });
    expect(api.response.headers.get('cache-control')).toBe('no-store');

    const done = await b.api('POST', `/api/consumer/blog/${g.id}/unlock`, {}, { json: true });
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({ blog_id: g.id, unlocked: true, via: 'points', spent: 30, balance: REGISTRATION_BONUS - 30, redirect: `/moje/objednavky#blog:${g.id}` });
    const after = await b.get(g.url);
    expect(after.doc!.querySelector('.guide__body')!.textContent).toContain(`${SECRET}-${g.id}`);
    expect(after.doc!.querySelector('.guide-lock--open a')!.getAttribute('href')).toBe(`/moje/objednavky#blog:${g.id}`);
    expect((await b.api('GET', `/api/blog/${g.id}`)).json).toMatchObject({ locked: false, body: expect.stringContaining(SECRET) });
    // Still locked for everyone else.
    expect((await anon.get(g.url)).text).not.toContain(`${SECRET}-${g.id}`);
    expect(unlocks(userId)).toEqual([{ blog_id: g.id, via: 'points' }]);

    // The Návody tab lists it under the anchor the redirect uses.
    const list = await b.get('/moje/objednavky');
    const item = list.doc!.getElementById(`blog:${g.id}`)!;
    expect(item.querySelector('a')!.getAttribute('href')).toBe(g.url);
    // The history shows the spend as a "Výhoda" with the guide's title.
    const history = await b.api('GET', '/api/consumer/point/history');
    expect(history.json.items[0]).toMatchObject({ value: -30, item_type: 'point_item', item_id: guideLedgerId(g.id) });
    expect(history.json.items[0].item.name).toMatch(/^Testovací návod \d+$/);
    const points = await b.get('/moje/body');
    expect(points.doc!.querySelector('.points-history tbody tr')!.textContent).toContain('Výhoda');
    // In another language the history names the guide as that language's guide page does.
    sqlite().prepare(`INSERT INTO blog_post_texts (post_id, locale, title, slug) VALUES (?, 'en', ?, ?)`).run(g.id, `Test guide ${g.id}`, `test-guide-${g.id}`);
    const english = await b.get('/moje/body', { cookie: `sid=${b.sid}; locale=en` });
    expect(english.doc!.querySelector('.points-history tbody tr')!.textContent).toContain(`Test guide ${g.id}`);
  });

  it('labels cards by mode (Kúpiť, Získať za {price} bodov, Získať zadarmo)', async () => {
    const row = sqlite().prepare(`SELECT c.slug FROM blog_posts b JOIN categories c ON c.id = b.category_id WHERE b.id = ?`).get(guide('purchase', 299).id) as { slug: string };
    const page = await new Browser(shop).get(`/${row.slug}`);
    const labels = [...page.doc!.querySelectorAll('.guide-card .guide-card__obtain')].map((a) => a.textContent);
    expect(labels).toContain('Kúpiť');
    for (const label of labels) expect(label).toMatch(/^(Kúpiť|Získať za \d+ bodov|Získať zadarmo)$/);
  });

  it('gives free guides to everyone and records them for a signed-in user without charging', async () => {
    const g = guide('free');
    expect((await new Browser(shop).get(g.url)).doc!.querySelector('.guide__body')!.textContent).toContain(SECRET);
    const { b, userId } = await signedIn();
    const page = await b.get(g.url);
    const form = page.doc!.querySelector('form.guide-lock--free')!;
    expect(form.getAttribute('action')).toBe(`/moje/navody/ziskat/${g.id}`);
    const posted = await b.form(`/moje/navody/ziskat/${g.id}`, {});
    expect(posted.status).toBe(303);
    expect(posted.location).toBe(`/moje/objednavky?vysledok=odomknuty#blog:${g.id}`);
    expect(unlocks(userId)).toEqual([{ blog_id: g.id, via: 'free' }]);
    expect(pointBalance(shop.db, userId)).toBe(REGISTRATION_BONUS);
  });
});

describe('POST /api/consumer/blog/{id}/unlock', () => {
  it('spends once under 20 concurrent calls for the same guide (already unlocked → no second charge)', async () => {
    const g = guide('points', REGISTRATION_BONUS);
    const { b, userId } = await signedIn();
    const answers = await Promise.all(Array.from({ length: 20 }, () => b.api('POST', `/api/consumer/blog/${g.id}/unlock`, {}, { json: true })));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => a.json.unlocked === true)).toHaveLength(1);
    expect(pointBalance(shop.db, userId)).toBe(0);
    const debits = sqlite().prepare(`SELECT COUNT(*) AS n FROM point_entries WHERE user_id = ? AND value < 0`).get(userId) as { n: number };
    expect(debits.n).toBe(1);
  });

  it('never goes negative when 20 concurrent calls for different guides have a balance for one', async () => {
    const guides = Array.from({ length: 20 }, () => guide('points', REGISTRATION_BONUS));
    const { b, userId } = await signedIn();
    const answers = await Promise.all(guides.map((g) => b.api('POST', `/api/consumer/blog/${g.id}/unlock`, {}, { json: true })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(19);
    for (const r of refused) expect(r.json.detail).toBe(SHORT);
    expect(pointBalance(shop.db, userId)).toBe(0);
    const sum = sqlite().prepare('SELECT SUM(value) AS s FROM point_entries WHERE user_id = ?').get(userId) as { s: number };
    expect(sum.s).toBe(0);
    expect(unlocks(userId)).toHaveLength(1);
  });

  it('answers bad input clearly and changes nothing', async () => {
    const { b, userId } = await signedIn();
    const sale = guide('purchase', 299);
    const forSale = await b.api('POST', `/api/consumer/blog/${sale.id}/unlock`, {}, { json: true });
    expect(forSale.status).toBe(409);
    expect(forSale.json.detail).toBe('Tento návod sa dá len kúpiť.');
    const missing = await b.api('POST', '/api/consumer/blog/99999999/unlock', {}, { json: true });
    expect(missing.status).toBe(404);
    expect((await b.api('POST', '/api/consumer/blog/abc/unlock', {}, { json: true })).status).toBe(404);
    const noToken = await b.api('POST', `/api/consumer/blog/${guide('points', 10).id}/unlock`, {}, { json: true, csrf: false });
    expect(noToken.status).toBe(403);
    const anon = await new Browser(shop).api('POST', `/api/consumer/blog/${sale.id}/unlock`, {}, { json: true });
    expect(anon.status).toBe(401);
    expect(unlocks(userId)).toEqual([]);
    expect(pointBalance(shop.db, userId)).toBe(REGISTRATION_BONUS);
  });
});

describe('no-JS guide flows', () => {
  it('confirms on a page of its own, unlocks, and lands on the Návody tab with the toast text', async () => {
    const g = guide('points', 20);
    const { b, userId } = await signedIn();
    const confirm = await b.get(`/moje/navody/ziskat/${g.id}`);
    expect(confirm.status).toBe(200);
    expect(confirm.text).toContain('Naozaj chceš vymeniť 20 bodov za túto výhodu?');
    expect(confirm.doc!.querySelector('h1')!.textContent).toBe('Potvrdenie');
    expect(confirm.doc!.querySelector('form.loyalty__confirm a')!.textContent).toBe('Zrušiť');
    expect(confirm.doc!.querySelector('form.loyalty__confirm button')!.textContent).toBe('Získať za 20 bodov');
    const posted = await b.form(`/moje/navody/ziskat/${g.id}`, {});
    expect(posted.status).toBe(303);
    expect(posted.location).toBe(`/moje/objednavky?vysledok=odomknuty#blog:${g.id}`);
    const list = await b.get(posted.location!);
    expect(list.doc!.querySelector('.message--success')!.textContent).toBe('Potvrdenie, Odomkol si návod');
    expect(list.doc!.querySelector('.order-tabs')!.getAttribute('data-tab')).toBe('navody');
    expect(list.doc!.getElementById(`blog:${g.id}`)).not.toBeNull();
    expect(pointBalance(shop.db, userId)).toBe(REGISTRATION_BONUS - 20);
    // Visiting the confirmation again goes straight to the guide in the list.
    const again = await b.get(`/moje/navody/ziskat/${g.id}`);
    expect([again.status, again.location]).toEqual([303, `/moje/objednavky#blog:${g.id}`]);
  });

  it('shows the short-balance text on the confirmation page and charges nothing', async () => {
    const g = guide('points', REGISTRATION_BONUS + 1);
    const { b, userId } = await signedIn();
    const posted = await b.form(`/moje/navody/ziskat/${g.id}`, {});
    expect(posted.status).toBe(409);
    expect(posted.doc!.querySelector('.message--error')!.textContent).toBe(SHORT);
    expect(pointBalance(shop.db, userId)).toBe(REGISTRATION_BONUS);
    expect(unlocks(userId)).toEqual([]);
  });

  it('explains how to buy a purchase guide, and sends anonymous visitors to sign in first', async () => {
    const g = guide('purchase', 399);
    const { b } = await signedIn();
    const page = await b.get(`/moje/navody/ziskat/${g.id}`);
    expect(page.status).toBe(200);
    const buy = [...page.doc!.querySelectorAll('.loyalty__confirm a')].find((a) => a.textContent === 'Kúpiť')!;
    expect(buy.getAttribute('href')).toMatch(/^mailto:info@obchod\.sk\?subject=/);
    const anon = await new Browser(shop).get(`/moje/navody/ziskat/${g.id}`);
    expect(anon.status).toBe(303);
    expect(anon.location).toBe(`/moje/prihlasenie?r=${encodeURIComponent(`/moje/navody/ziskat/${g.id}`)}`);
  });
});
