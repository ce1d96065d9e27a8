import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalogVersion } from '../../server/catalog/catalog-version';
import { contentTextsByLocale, setContentTexts, setVoucherTexts } from '../../server/catalog/content-texts';
import { pointItemsFor } from '../../server/points/points.service';
import { userVouchers } from '../../server/vouchers/vouchers.service';
import { shopGifts } from '../../server/cart/gifts.service';
import { createTestShop, type TestShop } from '../setup/test-app';
import { CZ, get, post, session, sql } from './catalog-helpers';

/** Small texts per locale (docs/decisions/249): Czech on the Czech shop, English with locale=en, Slovak where none. */
let shop: TestShop;
let categoryId: number;

beforeAll(() => {
  shop = createTestShop({ products: 60 });
  categoryId = sql<{ id: number }>(
    shop,
    `SELECT ca.category_id AS id FROM category_attributes ca JOIN attributes a ON a.id = ca.attribute_id AND a.code = 'farba'
      WHERE EXISTS (SELECT 1 FROM products p JOIN product_attribute_values v ON v.product_id = p.id JOIN attribute_options o ON o.id = v.option_id
                      JOIN categories pc ON pc.id = p.category_id
                     WHERE pc.path LIKE (SELECT path FROM categories WHERE id = ca.category_id) || '%' AND o.attribute_id = a.id AND p.visible = 2 AND p.parent_id IS NULL)
      ORDER BY ca.category_id LIMIT 1`,
  )[0].id;
});
afterAll(() => shop.close());

async function filterLabels(headers: Record<string, string>) {
  const s = await session(shop, headers);
  const answer = await post(shop, s, '/api/product/filter', { category_id: categoryId }, { headers: { ...headers, cookie: [s.cookie, headers.cookie].filter(Boolean).join('; ') } });
  expect(answer.status).toBe(200);
  return answer.json as { attributes: Record<string, { label: string; options: Record<string, string> }> };
}

describe('seeded texts in the shopper’s locale', () => {
  it('the filter panel: Czech on the Czech shop, English with locale=en, Slovak on the Slovak shop', async () => {
    const sk = await filterLabels({});
    expect(sk.attributes.farba.label).toBe('Farba');
    const cz = await filterLabels(CZ);
    expect(cz.attributes.farba.label).toBe('Barva');
    const en = await filterLabels({ cookie: 'locale=en' });
    expect(en.attributes.farba.label).toBe('Colour');
    const key = Object.keys(sk.attributes.farba.options)[0];
    expect(en.attributes.farba.options[key]).not.toBe(sk.attributes.farba.options[key]);
    // The category page's filter form reads the same choices.
    const page = await get(shop, `/api/category/${categoryId}`, CZ);
    expect(page.status).toBe(200);
  });

  it('banners, overlays, rewards, vouchers and gifts', async () => {
    const db = shop.db;
    const banners = async (headers: Record<string, string>) => (await (await shop.app.request('/api/banner', { headers: { host: '127.0.0.1:3000', ...headers } })).json()) as { alt: string }[];
    expect((await banners({})).map((b) => b.alt)).toContain('Nové návody každý týždeň');
    expect((await banners({ cookie: 'locale=en' })).map((b) => b.alt)).toContain('New guides every week');
    expect((await banners({ cookie: 'locale=cs' })).map((b) => b.alt)).toContain('Nové návody každý týden');
    const home = await get(shop, '/', { cookie: 'locale=en' });
    expect(home.html).toMatch(/alt="(Autumn sale|New|Free delivery)/);

    const overlays = async (headers: Record<string, string>) =>
      ((await (await shop.app.request('/api/overlay', { headers: { host: '127.0.0.1:3000', 'x-referrer-route': '/navody-inspiracie', ...headers } })).json()) as { text: string }[]).map((o) => o.text);
    expect(await overlays({})).toContain('Väčšina návodov je zadarmo.');
    expect(await overlays({ cookie: 'locale=en' })).toContain('Most guides are free.');
    expect(await overlays({ cookie: 'locale=cs' })).toContain('Většina návodů je zdarma.');

    const user = sql<{ id: number }>(shop, 'SELECT id FROM users ORDER BY id LIMIT 1')[0]?.id ?? 0;
    expect(pointItemsFor(db, user, 'cs').map((i) => i.name)).toContain('Odznak Věrný zahradník');
    expect(pointItemsFor(db, user, 'en').map((i) => i.name)).toContain('Loyal Gardener badge');
    expect(pointItemsFor(db, user, 'hu').map((i) => i.name)).toContain('Hűséges kertész kitűző');

    const now = new Date(Date.UTC(2026, 5, 1));
    expect(shopGifts(db, 1, now, null, 'cs').map((g) => g.value)).toContain('Zahradnické rukavice');
    expect(shopGifts(db, 1, now, null, 'en').map((g) => g.value)).toContain('Gardening gloves');
    expect(shopGifts(db, 1, now, null, 'sk').map((g) => g.value)).toContain('Záhradnícke rukavice');
  });

  it('falls back to Slovak where a locale has no text, and a write moves the catalogue version', async () => {
    const farba = sql<{ id: number }>(shop, `SELECT id FROM attributes WHERE code = 'farba'`)[0].id;
    const before = readCatalogVersion(shop.db);
    setContentTexts(shop.db, 'attribute', farba, 'en', { label: null });
    expect(readCatalogVersion(shop.db)).toBeGreaterThan(before);
    expect((await filterLabels({ cookie: 'locale=en' })).attributes.farba.label).toBe('Farba');
    setContentTexts(shop.db, 'attribute', farba, 'en', { label: 'Colour' });
    expect((await filterLabels({ cookie: 'locale=en' })).attributes.farba.label).toBe('Colour');
    // No German voucher text: the Slovak gift item shows.
    const voucher = sql<{ id: number }>(shop, `SELECT id FROM vouchers WHERE code = 'DARCEK'`)[0].id;
    setVoucherTexts(shop.db, voucher, 'de', { gift_item: null });
    expect(contentTextsByLocale(shop.db, 'voucher', voucher)).toMatchObject({ cs: { gift_item: 'Semínka bylinek' }, en: { gift_item: 'Herb seeds' } });
    shop.db.$client.prepare('UPDATE vouchers SET user_id = (SELECT id FROM users ORDER BY id LIMIT 1) WHERE id = ?').run(voucher);
    const owner = sql<{ id: number }>(shop, 'SELECT user_id AS id FROM vouchers WHERE id = ?', voucher)[0].id;
    if (owner) {
      const gift = (locale: 'de' | 'cs') => [...userVouchers(shop.db, owner, locale).inactive, ...userVouchers(shop.db, owner, locale).active].find((v) => v.id === voucher)?.giftItem;
      expect(gift('de')).toBe('Semienka bylín');
      expect(gift('cs')).toBe('Semínka bylinek');
    }
  });
});
