import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalogVersion } from '../../server/catalog/catalog-version';
import { contentTextsByLocale, setContentTexts, setVoucherTexts } from '../../server/catalog/content-texts';
import { pointItemsFor } from '../../server/points/points.service';
import { userVouchers } from '../../server/vouchers/vouchers.service';
import { shopGifts } from '../../server/cart/gifts.service';
import { createTestShop, type TestShop } from '../setup/test-app';
import { SELLABLE_SQL } from '../../server/catalog/sellable';
import { CZ, get, post, session, sql } from './catalog-helpers';
import { parseHtml } from '../setup/html';
import { auditRows, signedInStaff, type StaffBrowser } from './admin.client';

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
    // The category page's filter form (no JS) reads the same choices.
    const slug = sql<{ slug: string }>(shop, `SELECT COALESCE((SELECT slug FROM category_texts WHERE category_id = c.id AND locale = 'cs'), c.slug) AS slug FROM categories c WHERE c.id = ?`, categoryId)[0].slug;
    const page = await get(shop, `/${slug}`, CZ);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Barva');
    expect(page.html).not.toContain('>Farba<');
  });

  it('banners, overlays, rewards, vouchers and gifts', async () => {
    const db = shop.db;
    type Copy = { id: number; alt: string; headline: string; text: string; cta: string; ecommerce: Record<string, unknown> };
    const banners = async (headers: Record<string, string>) => (await (await shop.app.request('/api/banner', { headers: { host: '127.0.0.1:3000', ...headers } })).json()) as Copy[];
    const sk = await banners({});
    expect(sk.map((b) => b.alt)).toContain('Nové recepty a návody každý týždeň');
    expect(sk.map((b) => b.headline)).toContain('Jesenné pečenie so zľavou až 30 %');
    expect(sk.map((b) => b.cta)).toContain('Vyskúšať recepty');
    const en = await banners({ cookie: 'locale=en' });
    expect(en.map((b) => b.alt)).toContain('New recipes and guides every week');
    expect(en.find((b) => b.id === sk[0].id)).toMatchObject({ headline: 'Autumn baking with up to 30 % off', text: 'Tins, trays and tools for cakes, strudels and bread.', cta: 'Shop for baking', ecommerce: sk[0].ecommerce });
    expect((await banners({ cookie: 'locale=cs' })).map((b) => b.headline)).toContain('Nové recepty a návody každý týden');
    // The Czech shop's own banners, in Czech; the free-shipping headline states the shop's one limit.
    const cz = await banners(CZ);
    expect(cz.map((b) => b.headline)).toContain('Podzimní pečení se slevou až 30 %');
    expect(cz.find((b) => b.headline.startsWith('Doprava zdarma'))?.headline).toMatch(/^Doprava zdarma při nákupu nad \d[\d\s,]*Kč$/);
    // A field with no text in the locale falls back to the Slovak one.
    setContentTexts(db, 'banner', sk[0].id, 'de', { cta: null });
    expect((await banners({ cookie: 'locale=de' })).find((b) => b.id === sk[0].id)).toMatchObject({ headline: 'Herbstbacken mit bis zu 30 % Rabatt', cta: 'Nakúpiť na pečenie' });
    // The home page's server markup (no JS) shows the first campaign's copy in the shopper's language.
    const home = await get(shop, '/', { cookie: 'locale=en' });
    expect(home.doc.querySelector('.banner-carousel__slide .banner-carousel__headline')?.textContent).toBe('Autumn baking with up to 30 % off');
    expect(home.doc.querySelector('a.banner-carousel__slide .banner-carousel__cta')?.textContent).toBe('Shop for baking');
    const czHome = await get(shop, '/', CZ);
    expect(czHome.doc.querySelector('.banner-carousel__headline')?.textContent).toBe('Podzimní pečení se slevou až 30 %');
    expect(czHome.doc.querySelector('.banner-carousel__cta')?.textContent).toBe('Nakoupit na pečení');

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

const overlays = async (headers: Record<string, string>) =>
  ((await (await shop.app.request('/api/overlay', { headers: { host: '127.0.0.1:3000', 'x-referrer-route': '/navody-inspiracie', ...headers } })).json()) as { text: string }[]).map((o) => o.text);

/** A form's fields as the browser would post them (files left out). */
function fieldsOf(form: Element): [string, string][] {
  const fields: [string, string][] = [];
  for (const el of form.querySelectorAll('input, select, textarea')) {
    const name = el.getAttribute('name');
    const type = el.getAttribute('type') ?? '';
    if (!name || name === '_csrf' || type === 'file' || type === 'submit') continue;
    if ((type === 'checkbox' || type === 'radio') && !el.hasAttribute('checked')) continue;
    if (el.tagName === 'SELECT') fields.push([name, (el.querySelector('option[selected]') ?? el.querySelector('option'))?.getAttribute('value') ?? '']);
    else if (el.tagName === 'TEXTAREA') fields.push([name, el.textContent ?? '']);
    else fields.push([name, el.getAttribute('value') ?? '']);
  }
  return fields;
}

/** Opens an edit page, changes fields of its form and posts it; the answer. */
async function edit(staff: StaffBrowser, path: string, formSelector: string, changes: Record<string, string>) {
  const page = await staff.get(path);
  expect(page.status).toBe(200);
  const form = page.doc!.querySelector(formSelector);
  expect(form, `${formSelector} on ${path}`).not.toBeNull();
  const body = new URLSearchParams([['_csrf', staff.csrf], ...fieldsOf(form!).filter(([k]) => !(k in changes)), ...Object.entries(changes)]);
  const headers = staff.headers({ 'content-type': 'application/x-www-form-urlencoded' });
  const response = await shop.app.request(form!.getAttribute('action')!, { method: 'POST', body, headers, redirect: 'manual' }, staff.env());
  const html = await response.text();
  return { status: response.status, doc: parseHtml(html), html };
}

describe('the back office’s per-language fields (issue 20)', () => {
  let admin: StaffBrowser;
  beforeAll(async () => {
    admin = await signedInStaff(shop, 'ROLE_ADMIN');
  });

  it('product and category: a Czech name saved in the admin shows on the next Czech request; bad input keeps the values', async () => {
    const product = sql<{ id: number; slug: string; category_id: number }>(
      shop,
      `SELECT p.id, p.slug, p.category_id FROM products p JOIN product_prices pp ON pp.product_id = p.id AND pp.shop_id = 2
        WHERE p.parent_id IS NULL AND p.children_count = 0 AND ${SELLABLE_SQL} ORDER BY p.id LIMIT 1`,
    )[0];
    const tooLong = await edit(admin, `/admin/produkty/${product.id}`, 'form[data-form="product"]', { 'texts[cs][name]': 'x'.repeat(201), 'texts[en][slug]': 'Zlá Adresa' });
    expect(tooLong.status).toBe(400);
    expect(tooLong.doc.querySelector('#f-texts-cs-name')?.getAttribute('value')).toBe('x'.repeat(201));
    expect(tooLong.doc.querySelector('#f-texts-cs-name-error')?.textContent).toBeTruthy();
    expect(tooLong.doc.querySelector('#f-texts-en-slug-error')?.textContent).toBeTruthy();

    const saved = await edit(admin, `/admin/produkty/${product.id}`, 'form[data-form="product"]', { 'texts[cs][name]': 'Admin český název', 'texts[cs][slug]': 'admin-cesky-nazev' });
    expect(saved.status).toBe(303);
    const cz = await get(shop, '/admin-cesky-nazev', CZ);
    expect(cz.status).toBe(200);
    expect(cz.doc.querySelector('h1')?.textContent).toContain('Admin český název');
    const [audit] = auditRows(shop, 'product.update').slice(-1);
    expect(JSON.parse(audit.after!).texts.cs).toMatchObject({ name: 'Admin český název', slug: 'admin-cesky-nazev' });

    const category = await edit(admin, `/admin/kategorie/${product.category_id}`, 'form[data-form="category"]', { 'texts[cs][name]': 'Kategorie z adminu', 'texts[cs][slug]': 'kategorie-z-adminu' });
    expect(category.status).toBe(303);
    const list = await get(shop, '/kategorie-z-adminu', CZ);
    expect(list.doc.querySelector('h1')?.textContent).toContain('Kategorie z adminu');
  });

  it('attribute, option, banner, overlay, point item and gift: an edit shows in the shop', async () => {
    const farba = sql<{ id: number }>(shop, `SELECT id FROM attributes WHERE code = 'farba'`)[0].id;
    expect((await edit(admin, `/admin/produkty/filtre/${farba}`, 'form[data-form="attribute"]', { 'texts[cs][label]': 'Barvička' })).status).toBe(303);
    const sk = await filterLabels({});
    const key = Object.keys(sk.attributes.farba.options)[0];
    const option = sql<{ id: number }>(shop, 'SELECT id FROM attribute_options WHERE attribute_id = ? AND key = ?', farba, key)[0].id;
    expect((await edit(admin, `/admin/produkty/filtre/${farba}`, `form[action="/admin/produkty/filtre/moznost/${option}"]`, { 'texts[en][label]': 'Admin colour' })).status).toBe(303);
    expect((await filterLabels(CZ)).attributes.farba.label).toBe('Barvička');
    expect((await filterLabels({ cookie: 'locale=en' })).attributes.farba.options[key]).toBe('Admin colour');

    const banner = sql<{ id: number }>(shop, `SELECT MIN(id) AS id FROM banners WHERE shop_id = 1`)[0].id;
    expect((await edit(admin, `/admin/bannery/${banner}`, 'form.admin-form', { 'texts[en][alt]': 'Admin banner text', 'texts[en][headline]': 'Admin headline', 'texts[en][cta]': 'Admin action' })).status).toBe(303);
    const banners = (await (await shop.app.request('/api/banner', { headers: { host: '127.0.0.1:3000', cookie: 'locale=en' } })).json()) as { alt: string; headline: string; cta: string }[];
    expect(banners.map((b) => b.alt)).toContain('Admin banner text');
    expect(banners.find((b) => b.headline === 'Admin headline')?.cta).toBe('Admin action');
    const home = await get(shop, '/', { cookie: 'locale=en' });
    expect(home.doc.querySelector('.banner-carousel__headline')?.textContent).toBe('Admin headline');
    expect(JSON.parse(auditRows(shop, 'banner.update').at(-1)!.after!).texts.en).toMatchObject({ headline: 'Admin headline', cta: 'Admin action' });

    const overlay = sql<{ id: number }>(shop, `SELECT id FROM overlay_messages WHERE shop_id = 1 AND route = '/navody-inspiracie' ORDER BY id LIMIT 1`)[0].id;
    expect((await edit(admin, `/admin/oznamy/${overlay}`, 'form.admin-form', { 'texts[en][text]': 'Admin toast' })).status).toBe(303);
    const toasts = (await (await shop.app.request('/api/overlay', { headers: { host: '127.0.0.1:3000', cookie: 'locale=en', 'x-referrer-route': '/navody-inspiracie' } })).json()) as { text: string }[];
    expect(toasts.map((t) => t.text)).toContain('Admin toast');

    const item = sql<{ id: number }>(shop, `SELECT id FROM point_items WHERE kind = 'reward' ORDER BY id LIMIT 1`)[0].id;
    expect((await edit(admin, `/admin/predaj/body/${item}`, 'form[data-form="point-item"]', { 'texts[de][name]': 'Admin Belohnung' })).status).toBe(303);
    expect(pointItemsFor(shop.db, 0, 'de').map((i) => i.name)).toContain('Admin Belohnung');

    const gift = sql<{ id: number }>(shop, `SELECT id FROM gifts WHERE shop_id = 1 ORDER BY amount_min LIMIT 1`)[0].id;
    expect((await edit(admin, `/admin/predaj/darceky/${gift}`, 'form[data-form="gift"]', { 'texts[ro][value]': 'Cadou din admin' })).status).toBe(303);
    expect(shopGifts(shop.db, 1, new Date(Date.UTC(2026, 5, 1)), null, 'ro').map((g) => g.value)).toContain('Cadou din admin');
    expect(JSON.parse(auditRows(shop, 'selling.gift.update').at(-1)!.after!).texts.ro).toEqual({ value: 'Cadou din admin' });

    // Two staff open the same overlay; the second save, over the first one's Czech text, is refused.
    const page = await admin.get(`/admin/oznamy/${overlay}`);
    const form = page.doc!.querySelector('form.admin-form')!;
    const stale = async (text: string) => {
      const body = new URLSearchParams([['_csrf', admin.csrf], ...fieldsOf(form).filter(([k]) => k !== 'texts[cs][text]'), ['texts[cs][text]', text]]);
      const headers = admin.headers({ 'content-type': 'application/x-www-form-urlencoded' });
      return (await shop.app.request(`/admin/oznamy/${overlay}`, { method: 'POST', body, headers, redirect: 'manual' }, admin.env())).status;
    };
    expect(await stale('První verze')).toBe(303);
    expect(await stale('Druhá verze')).toBe(409);
    expect((await overlays({ cookie: 'locale=cs' })).includes('První verze')).toBe(true);
  });
});
