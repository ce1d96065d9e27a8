import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../setup/test-app';
import { parseHtml } from '../setup/html';
import { SELLER_PAGE_SIZE } from '../../server/sellers/seller.pages';

let shop: TestShop;
const SK = '127.0.0.1:3000';
const one = <T>(sql: string, ...params: unknown[]) => shop.db.$client.prepare(sql).get(...params) as T;

interface SellerRow {
  id: number;
  slug: string;
  name: string;
  description: string;
}

let seller: SellerRow;
/** The seller's listed products (top level, visible, priced in the sk shop) in the editors' order. */
let listed: { id: number; name: string; slug: string }[];

async function page(path: string) {
  const response = await shop.app.request(path, { headers: { host: SK }, redirect: 'manual' });
  const html = await response.text();
  return { response, html, doc: parseHtml(html) };
}

beforeAll(() => {
  shop = createTestShop({ products: 300 });
  seller = one<SellerRow>(
    `SELECT s.* FROM sellers s WHERE s.activated_at IS NOT NULL
      ORDER BY (SELECT count(*) FROM products p WHERE p.seller_id = s.id AND p.parent_id IS NULL AND p.visible <> 0) DESC LIMIT 1`,
  );
  const sk = one<{ id: number }>("SELECT id FROM shops WHERE code = 'sk'").id;
  // Enough products for two pages: the seller takes over some of the catalogue.
  shop.db.$client
    .prepare(
      `UPDATE products SET seller_id = ? WHERE id IN (SELECT p.id FROM products p JOIN product_prices pp ON pp.product_id = p.id AND pp.shop_id = ?
        WHERE p.parent_id IS NULL AND p.visible <> 0 ORDER BY p.id LIMIT ${SELLER_PAGE_SIZE + 3})`,
    )
    .run(seller.id, sk);
  listed = shop.db.$client
    .prepare(
      `SELECT p.id, p.name, p.slug FROM products p JOIN product_prices pp ON pp.product_id = p.id AND pp.shop_id = ?
        WHERE p.seller_id = ? AND p.parent_id IS NULL AND p.visible <> 0 ORDER BY p.position, p.id`,
    )
    .all(sk, seller.id) as typeof listed;
});
afterAll(() => shop.close());

describe('seller shop page /obchod/{slug}', () => {
  it("is where a product's seller card leads: the seller's name, description, picture and their products", async () => {
    const product = await page(`/${listed[0].slug}`);
    const href = product.doc.querySelector('.seller-card__name')?.getAttribute('href');
    expect(href).toBe(`/obchod/${seller.slug}`);

    const { response, doc } = await page(href!);
    expect(response.status).toBe(200);
    expect(doc.querySelector('h1')?.textContent).toBe(seller.name);
    expect(doc.querySelector('.category-page__lead')?.textContent).toBe(seller.description);
    expect(doc.querySelector('.seller-page__image')?.getAttribute('src')).toBe(`/data/seller/image/${seller.id}.png`);
    expect(doc.querySelector('.breadcrumb [aria-current="page"]')?.textContent).toBe(seller.name);
    expect(doc.querySelector('title')?.textContent).toContain(seller.name);
    expect(doc.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(seller.description);
    expect(doc.querySelector('.category-page__count')?.textContent).toBe(`Počet produktov: ${listed.length}`);
    const ids = [...doc.querySelectorAll('.product-card')].map((card) => Number(card.getAttribute('data-product-id')));
    expect(ids).toEqual(listed.slice(0, SELLER_PAGE_SIZE).map((p) => p.id));
    expect(doc.querySelector('shop-product-list')?.getAttribute('layout-key')).toBe(`seller:${seller.id}`);
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`http://127.0.0.1:3000/obchod/${seller.slug}`);
    expect(doc.querySelector('link[rel="next"]')?.getAttribute('href')).toBe(`http://127.0.0.1:3000/obchod/${seller.slug}/2`);
  });

  it('pages by 12 at /obchod/{slug}/{page}; page 1 is the bare address; past the end is 404', async () => {
    const second = await page(`/obchod/${seller.slug}/2`);
    expect(second.response.status).toBe(200);
    const ids = [...second.doc.querySelectorAll('.product-card')].map((card) => Number(card.getAttribute('data-product-id')));
    expect(ids).toEqual(listed.slice(SELLER_PAGE_SIZE, 2 * SELLER_PAGE_SIZE).map((p) => p.id));
    expect(second.doc.querySelector('link[rel="prev"]')?.getAttribute('href')).toBe(`http://127.0.0.1:3000/obchod/${seller.slug}`);
    const first = await page(`/obchod/${seller.slug}/1`);
    expect(first.response.status).toBe(301);
    expect(first.response.headers.get('location')).toBe(`/obchod/${seller.slug}`);
    const pages = Math.ceil(listed.length / SELLER_PAGE_SIZE);
    expect((await page(`/obchod/${seller.slug}/${pages}`)).response.status).toBe(200);
    expect((await page(`/obchod/${seller.slug}/${pages + 1}`)).response.status).toBe(404);
    expect((await page(`/obchod/${seller.slug}/x`)).response.status).toBe(404);
  });

  it('answers 404 for an unknown seller, a malformed slug and a seller not yet approved', async () => {
    expect((await page('/obchod/neexistuje')).response.status).toBe(404);
    expect((await page('/obchod/%3Cscript%3E')).response.status).toBe(404);
    shop.db.$client.prepare("INSERT INTO sellers (slug, name, description) VALUES ('caka-na-schvalenie', 'Čaká', 'x')").run();
    expect((await page('/obchod/caka-na-schvalenie')).response.status).toBe(404);
  });

  it('works for a seller without products: the empty state', async () => {
    shop.db.$client.prepare("INSERT INTO sellers (slug, name, description, activated_at) VALUES ('novy-predajca', 'Nový predajca', NULL, 1)").run();
    const { response, doc } = await page('/obchod/novy-predajca');
    expect(response.status).toBe(200);
    expect(doc.querySelector('.product-list-empty')?.textContent).toBe('Nenašli sme žiadne produkty');
    expect(doc.querySelector('.category-page__lead')).toBeNull();
  });
});
