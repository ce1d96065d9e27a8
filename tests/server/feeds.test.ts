import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../setup/test-app';

let shop: TestShop;

beforeAll(() => {
  shop = createTestShop({ products: 40 });
});
afterAll(() => shop.close());

const HOSTS = { sk: '127.0.0.1:3000', cz: 'cz.localhost:3000' } as const;
const ORIGINS = { sk: 'http://127.0.0.1:3000', cz: 'http://cz.localhost:3000' } as const;
const SHOP_ID = { sk: 1, cz: 2 } as const;
const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, isArray: (name) => ['SHOPITEM', 'DELIVERY', 'item'].includes(name) });

async function feed(path: string, code: 'sk' | 'cz', headers: Record<string, string> = {}) {
  const response = await shop.app.request(path, { headers: { host: HOSTS[code], ...headers } });
  const text = await response.text();
  if (response.status === 200) expect(XMLValidator.validate(text)).toBe(true);
  return { response, text, xml: response.status === 200 ? parser.parse(text) : null };
}

interface DbProduct {
  id: number;
  name: string;
  slug: string;
  visible: number;
  availability_days: number;
  children_count: number;
  price_b2c: number;
}

/** What the shop lists in a shop: shown, top level, priced there; named and addressed in its language (decision 240). */
const listed = (code: 'sk' | 'cz') =>
  shop.db.$client
    .prepare(
      `SELECT p.id, COALESCE(t.name, p.name) AS name, COALESCE(t.slug, p.slug) AS slug, p.visible, p.availability_days, p.children_count, pp.price_b2c FROM products p
        JOIN product_prices pp ON pp.product_id = p.id AND pp.shop_id = ? LEFT JOIN product_texts t ON t.product_id = p.id AND t.locale = ?
        WHERE p.parent_id IS NULL AND p.visible <> 0 ORDER BY p.id`,
    )
    .all(SHOP_ID[code], code === 'cz' ? 'cs' : 'sk') as DbProduct[];
const sellable = (p: DbProduct) => p.visible === 2 && p.availability_days >= 0 && p.children_count === 0;

describe('Heureka feed', () => {
  it.each(['sk', 'cz'] as const)('lists what the %s shop sells, with its prices, currency, absolute addresses and delivery prices', async (code) => {
    const { response, xml } = await feed('/feeds/heureka.xml', code);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('xml');
    const items = xml.SHOP.SHOPITEM as Record<string, unknown>[];
    const expected = listed(code).filter(sellable);
    expect(items.map((i) => Number(i.ITEM_ID))).toEqual(expected.map((p) => p.id));
    for (const [i, p] of expected.entries()) {
      const item = items[i] as Record<string, string> & { DELIVERY: Record<string, string>[] };
      expect(item.PRODUCTNAME).toBe(p.name);
      expect(item.URL).toBe(`${ORIGINS[code]}/${p.slug}`);
      expect(item.PRICE_VAT).toBe((p.price_b2c / 100).toFixed(2));
      expect(item.DELIVERY_DATE).toBe(String(p.availability_days));
      expect(item.CATEGORYTEXT.length).toBeGreaterThan(0);
      if (item.IMGURL) expect(item.IMGURL.startsWith(`${ORIGINS[code]}/`)).toBe(true);
      expect(item.DELIVERY.length).toBeGreaterThan(0);
    }
    // Delivery from the shop's own rules: the home post's price for a product of this price, COD with its fee.
    const first = items[0] as { DELIVERY: Record<string, string>[] };
    const post = first.DELIVERY.find((d) => d.DELIVERY_ID === (code === 'sk' ? 'SLOVENSKA_POSTA' : 'CESKA_POSTA'))!;
    const rule = shop.db.$client
      .prepare('SELECT price FROM shipping_options WHERE shop_id = ? AND country = ? AND company_id = 0 AND payment_id = 2 AND amount_min <= ? AND (amount_max IS NULL OR amount_max >= ?) ORDER BY sort, price LIMIT 1')
      .pluck()
      .get(SHOP_ID[code], code, expected[0].price_b2c, expected[0].price_b2c) as number;
    expect(post.DELIVERY_PRICE).toBe((rule / 100).toFixed(2));
    const codRule = shop.db.$client
      .prepare('SELECT price FROM shipping_options WHERE shop_id = ? AND country = ? AND company_id = 0 AND payment_id = 1 AND amount_min <= ? AND (amount_max IS NULL OR amount_max >= ?) ORDER BY sort, price LIMIT 1')
      .pluck()
      .get(SHOP_ID[code], code, expected[0].price_b2c, expected[0].price_b2c) as number | undefined;
    if (codRule !== undefined) expect(post.DELIVERY_PRICE_COD).toBe(((codRule + (code === 'cz' ? 4000 : 100)) / 100).toFixed(2));
  });
});

describe('Google Merchant feed', () => {
  it.each([
    ['sk', 'EUR'],
    ['cz', 'CZK'],
  ] as const)('is RSS 2.0 with g: fields for the %s shop in %s', async (code, currency) => {
    const { xml, text } = await feed('/feeds/google.xml', code);
    expect(text).toContain('xmlns:g="http://base.google.com/ns/1.0"');
    expect(xml.rss['@_version']).toBe('2.0');
    const items = xml.rss.channel.item as Record<string, string>[];
    const expected = listed(code);
    expect(items.map((i) => Number(i['g:id']))).toEqual(expected.map((p) => p.id));
    for (const [i, p] of expected.entries()) {
      const item = items[i];
      expect(item.title).toBe(p.name);
      expect(item.link).toBe(`${ORIGINS[code]}/${p.slug}`);
      const now = item['g:sale_price'] ?? item['g:price'];
      expect(now).toBe(`${(p.price_b2c / 100).toFixed(2)} ${currency}`);
      expect(item['g:condition']).toBe('new');
      expect(item['g:availability']).toBe(!sellable(p) ? 'out_of_stock' : p.availability_days <= 1 ? 'in_stock' : 'backorder');
      expect((item['g:shipping'] as unknown as Record<string, string>)['g:price']).toMatch(new RegExp(` ${currency}$`));
    }
  });
});

describe('feeds and the catalogue version', () => {
  it('are shared with an ETag of the catalogue version: 304 while nothing changed, a hidden product absent on the next request', async () => {
    const first = await feed('/feeds/google.xml', 'sk');
    expect(first.response.headers.get('cache-control')).toMatch(/^public/);
    const etag = first.response.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect((await shop.app.request('/feeds/google.xml', { headers: { host: HOSTS.sk, 'if-none-match': etag } })).status).toBe(304);

    const hidden = listed('sk').find(sellable)!;
    shop.db.$client.prepare('UPDATE products SET visible = 0 WHERE id = ?').run(hidden.id);
    const again = await shop.app.request('/feeds/google.xml', { headers: { host: HOSTS.sk, 'if-none-match': etag } });
    expect(again.status).toBe(200);
    expect(again.headers.get('etag')).not.toBe(etag);
    const ids = (parser.parse(await again.text()).rss.channel.item as Record<string, string>[]).map((i) => Number(i['g:id']));
    expect(ids).not.toContain(hidden.id);
    const heureka = (await feed('/feeds/heureka.xml', 'sk')).xml.SHOP.SHOPITEM.map((i: Record<string, string>) => Number(i.ITEM_ID));
    expect(heureka).not.toContain(hidden.id);
  });

  it('escapes what a name may hold', async () => {
    const p = listed('cz').find(sellable)!;
    // The Czech feed reads the Czech name and description (product_texts).
    shop.db.$client.prepare("UPDATE product_texts SET name = ?, description = ? WHERE product_id = ? AND locale = 'cs'").run('Misa <Ø 20 cm> & "veko"', '<p>Pekná <b>misa</b></p>\u0001', p.id);
    const { xml } = await feed('/feeds/heureka.xml', 'cz');
    const item = (xml.SHOP.SHOPITEM as Record<string, string>[]).find((i) => Number(i.ITEM_ID) === p.id)!;
    expect(item.PRODUCTNAME).toBe('Misa <Ø 20 cm> & "veko"');
    expect(item.DESCRIPTION).toBe('Pekná misa');
  });
});
