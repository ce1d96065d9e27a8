import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../setup/test-app';
import { parseHtml } from '../setup/html';
import { SUPERSEDED_TERMS, updateSeededPages } from '../../server/db/seed/static-pages';

/**
 * Issue 17: the terms pages cite the laws in force (SK: zákon č. 108/2024 Z. z., which replaced
 * 102/2014 Z. z.; CZ: zákon č. 89/2012 Sb., § 1829 ff.) and lead to the withdrawal function; a database
 * seeded by an earlier release gets the corrected text, an operator's own text is kept.
 */
let shop: TestShop;
beforeAll(() => {
  shop = createTestShop({ products: 5 });
});
afterAll(() => shop.close());

async function prose(path: string, host: string) {
  const response = await shop.app.request(path, { headers: { host } });
  expect(response.status).toBe(200);
  return parseHtml(await response.text()).querySelector('.prose')!;
}
const bodyOf = (shopId: number, slug: string) =>
  (shop.db.$client.prepare('SELECT body FROM static_posts WHERE shop_id = ? AND slug = ?').get(shopId, slug) as { body: string }).body;

describe('the terms pages', () => {
  it('the Slovak shop cites zákon č. 108/2024 Z. z., no longer 102/2014, and links the withdrawal function', async () => {
    const terms = await prose('/podmienky', '127.0.0.1:3000');
    expect(terms.textContent).toContain('zákona č. 108/2024 Z. z. o ochrane spotrebiteľa');
    expect(terms.textContent).not.toContain('102/2014');
    const link = terms.querySelector('a[href="/odstupenie-od-zmluvy"]')!;
    expect(link.textContent).toBe('Odstúpiť od zmluvy');
    expect(terms.textContent).toContain('Potvrdiť odstúpenie');
  });

  it('the Czech shop cites the Czech Civil Code in Czech and links its withdrawal function', async () => {
    const terms = await prose('/obchodni-podminky', 'cz.localhost:3000');
    expect(terms.textContent).toContain('§ 1829 a násl. zákona č. 89/2012 Sb., občanský zákoník');
    expect(terms.querySelector('a[href="/odstoupeni-od-smlouvy"]')!.textContent).toBe('Odstoupit od smlouvy');
  });
});

describe('updateSeededPages (start-up)', () => {
  it('replaces a text an earlier release seeded, once, and never an operator\'s own text', () => {
    const current = SUPERSEDED_TERMS.map((t) => bodyOf(t.shopId, t.slug));
    const set = shop.db.$client.prepare('UPDATE static_posts SET body = ? WHERE shop_id = ? AND slug = ?');
    for (const old of SUPERSEDED_TERMS) set.run(old.body, old.shopId, old.slug);
    expect(bodyOf(1, 'podmienky')).toContain('102/2014');

    expect(updateSeededPages(shop.db.$client)).toBe(2);
    expect(SUPERSEDED_TERMS.map((t) => bodyOf(t.shopId, t.slug))).toEqual(current);
    expect(updateSeededPages(shop.db.$client)).toBe(0);

    const own = `${SUPERSEDED_TERMS[0].body}<p>Naše vlastné doplnenie.</p>`;
    set.run(own, 1, 'podmienky');
    expect(updateSeededPages(shop.db.$client)).toBe(0);
    expect(bodyOf(1, 'podmienky')).toBe(own);
  });
});
