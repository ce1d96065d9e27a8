import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestShop, type TestShop } from '../setup/test-app';
import { parseHtml } from '../setup/html';
import { createEta } from '../../server/render/eta';
import { Browser } from './accounts.client';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let shop: TestShop;
let jana: Browser;
let peter: Browser;
let ids: number[];
let blogIds: number[];
let hidden: number;

beforeAll(async () => {
  shop = createTestShop({ products: 12 });
  ids = (shop.db.$client.prepare('SELECT id FROM products WHERE visible = 2 ORDER BY id LIMIT 5').all() as { id: number }[]).map((r) => r.id);
  blogIds = (shop.db.$client.prepare('SELECT id FROM blog_posts WHERE visible = 1 ORDER BY id LIMIT 2').all() as { id: number }[]).map((r) => r.id);
  hidden = ids[4];
  shop.db.$client.prepare('UPDATE products SET visible = 0 WHERE id = ?').run(hidden);
  jana = new Browser(shop);
  await jana.signUpAndIn('jana@example.sk');
  peter = new Browser(shop);
  await peter.signUpAndIn('peter@example.sk');
});
afterAll(() => shop.close());

describe('favourites API', () => {
  it('adds with a category, reads, re-files and removes a product', async () => {
    const add = await jana.api('POST', `/api/favorite/product/${ids[0]}`, { category_name: '  Do   kuchyne ' });
    expect(add.status).toBe(201);
    expect(add.json).toEqual({ product_id: ids[0], category_name: 'Do kuchyne' });
    expect((await jana.api('GET', `/api/favorite/product/${ids[0]}`)).json).toEqual({ product_id: ids[0], favorite: true, category_name: 'Do kuchyne' });
    await jana.api('POST', `/api/favorite/product/${ids[1]}`, { category_name: 'Záhrada' }, { json: true });
    await jana.api('POST', `/api/favorite/product/${ids[2]}`);
    expect((await jana.api('GET', '/api/favorite/product-category')).json).toEqual(['Do kuchyne', 'Záhrada']);
    expect((await jana.api('DELETE', `/api/favorite/product/${ids[2]}`)).status).toBe(204);
    expect((await jana.api('GET', `/api/favorite/product/${ids[2]}`)).json.favorite).toBe(false);
    expect((await jana.api('POST', `/api/favorite/product/${hidden}`)).status).toBe(404);
    expect((await jana.api('POST', '/api/favorite/product/999999')).status).toBe(404);
    expect((await jana.api('GET', '/api/favorite/product/abc')).status).toBe(404);
  });

  it('PUT adds many (the sign-in push), skipping unknown and hidden ids, keeping categories', async () => {
    const r = await jana.api('PUT', '/api/favorite/product', { product_ids: JSON.stringify([ids[0], ids[3], hidden, 999999]) });
    expect(r.status).toBe(200);
    expect(r.json.product_ids.sort()).toEqual([ids[0], ids[1], ids[3]].sort());
    expect((await jana.api('GET', `/api/favorite/product/${ids[0]}`)).json.category_name).toBe('Do kuchyne');
    const json = await jana.api('PUT', '/api/favorite/product', { product_ids: [ids[2]] }, { json: true });
    expect(json.json.product_ids).toContain(ids[2]);
  });

  it('remove-product-category keeps the products, ungrouped', async () => {
    const r = await jana.api('POST', '/api/favorite/remove-product-category', { category_name: 'Záhrada' });
    expect(r.json).toEqual({ category_name: 'Záhrada', updated: 1 });
    expect((await jana.api('GET', `/api/favorite/product/${ids[1]}`)).json).toMatchObject({ favorite: true, category_name: null });
    expect((await jana.api('POST', '/api/favorite/remove-product-category', {})).status).toBe(400);
  });

  it('blogs: PUT, GET, DELETE', async () => {
    expect((await jana.api('PUT', `/api/favorite/blog/${blogIds[0]}`)).status).toBe(201);
    expect((await jana.api('GET', `/api/favorite/blog/${blogIds[0]}`)).json).toEqual({ blog_id: blogIds[0], favorite: true });
    await jana.api('PUT', `/api/favorite/blog/${blogIds[1]}`);
    expect((await jana.api('DELETE', `/api/favorite/blog/${blogIds[1]}`)).status).toBe(204);
    expect((await jana.api('GET', `/api/favorite/blog/${blogIds[1]}`)).json.favorite).toBe(false);
    expect((await jana.api('PUT', '/api/favorite/blog/999999')).status).toBe(404);
  });

  it('POST /api/favorite/products: public data for given ids (anonymous), own favourites when signed in', async () => {
    const anon = new Browser(shop);
    const r = await anon.api('POST', '/api/favorite/products', { product_ids: JSON.stringify([ids[3], hidden, ids[0]]) });
    expect(r.status).toBe(200);
    expect(r.json.map((p: { id: number }) => p.id)).toEqual([ids[3], ids[0]]);
    expect(Object.keys(r.json[0]).sort()).toEqual(['availability_days', 'category_name', 'id', 'image', 'name', 'price', 'price_formatted', 'price_lowest', 'price_lowest_formatted', 'price_old', 'url']);
    expect(r.json[0].category_name).toBeNull();
    expect(r.json[0].price_formatted).toContain('€');
    // Anonymous without ids: nothing (never anyone's favourites).
    expect((await anon.api('POST', '/api/favorite/products', {}, { json: true })).json).toEqual([]);
    const own = await jana.api('POST', '/api/favorite/products', {}, { json: true });
    expect(own.json.find((p: { id: number }) => p.id === ids[0]).category_name).toBe('Do kuchyne');
    const blogs = await anon.api('POST', '/api/favorite/blogs', { blog_ids: JSON.stringify(blogIds) });
    expect(blogs.json.map((b: { id: number }) => b.id)).toEqual(blogIds);
  });

  it('another user never sees or changes Jana’s favourites', async () => {
    expect((await peter.api('GET', `/api/favorite/product/${ids[0]}`)).json.favorite).toBe(false);
    expect((await peter.api('GET', '/api/favorite/product-category')).json).toEqual([]);
    expect((await peter.api('POST', '/api/favorite/products', {}, { json: true })).json).toEqual([]);
    await peter.api('DELETE', `/api/favorite/product/${ids[0]}`);
    await peter.api('POST', '/api/favorite/remove-product-category', { category_name: 'Do kuchyne' });
    expect((await jana.api('GET', `/api/favorite/product/${ids[0]}`)).json).toMatchObject({ favorite: true, category_name: 'Do kuchyne' });
    const page = await peter.get('/moje/oblubene');
    expect(page.doc!.querySelectorAll('.product-card')).toHaveLength(0);
  });

  it('/moje/oblubene groups by category name, ungrouped last, and lists guides', async () => {
    const { doc } = await jana.get('/moje/oblubene');
    const titles = [...doc!.querySelectorAll('.favourites-group__title')].map((h) => h.textContent);
    expect(titles).toEqual(['Do kuchyne', 'Bez kategórie', 'Návody']);
    expect(doc!.querySelectorAll('.favourites-group')[0].querySelectorAll('.product-card')).toHaveLength(1);
    expect(doc!.querySelector('.favourites-blogs li a')).not.toBeNull();
  });

  it('the no-JS toggle: signed-in saves on the server; anonymous is sent to sign in and back', async () => {
    const add = await peter.form('/oblubene/pridat', { product_id: String(ids[3]), r: '/hladaj?q=x' });
    expect(add.status).toBe(303);
    expect(add.location).toBe('/hladaj?q=x');
    expect((await peter.api('GET', `/api/favorite/product/${ids[3]}`)).json.favorite).toBe(true);
    await peter.form('/oblubene/pridat', { product_id: String(ids[3]), action: 'remove' });
    expect((await peter.api('GET', `/api/favorite/product/${ids[3]}`)).json.favorite).toBe(false);
    const anon = new Browser(shop);
    const r = await anon.form('/oblubene/pridat', { product_id: String(ids[3]), r: '//evil.example' });
    expect(r.status).toBe(303);
    expect(r.location).toBe('/moje/prihlasenie?r=%2Fmoje%2Foblubene');
  });

  it('the anonymous /oblubene page holds the list widget; the partial renders a GET form with nothing per session', async () => {
    const { doc } = await new Browser(shop).get('/oblubene');
    expect(doc!.querySelector('shop-favourites-list')).not.toBeNull();
    const eta = createEta({ root: process.cwd(), production: false });
    const html = eta.render('/partials/favourite-button', { productId: 7, csrf: 'tok', path: '/kuchyna', t: (s: string) => s });
    expect(html).not.toContain('tok');
    const part = parseHtml(html);
    const form = part.querySelector('shop-favourite-button[product-id="7"] form[method="get"][action="/oblubene/pridat"]')!;
    expect(form.querySelector<HTMLInputElement>('input[name="product_id"]')!.value).toBe('7');
    expect(form.querySelector<HTMLInputElement>('input[name="r"]')!.value).toBe('/kuchyna');
    const blog = parseHtml(eta.render('/partials/favourite-button', { blogId: 3, csrf: 'tok', path: '/', t: (s: string) => s }));
    expect(blog.querySelector('shop-favourite-button[blog-id="3"] input[name="blog_id"]')).not.toBeNull();
  });

  it('without JavaScript: the GET asks an anonymous visitor to sign in, a signed-in one confirms with a POST', async () => {
    const productId = (shop.db.$client.prepare('SELECT id FROM products WHERE visible = 2 ORDER BY id LIMIT 1').get() as { id: number }).id;
    const anonymous = await new Browser(shop).get(`/oblubene/pridat?product_id=${productId}&r=%2F`);
    expect(anonymous.status).toBe(303);
    expect(anonymous.location).toMatch(/^\/moje\/prihlasenie\?r=%2Foblubene%2Fpridat%3Fproduct_id%3D/);

    const b = new Browser(shop);
    await b.signUpAndIn('nojs-fav@example.sk');
    const confirm = await b.get(`/oblubene/pridat?product_id=${productId}&r=%2F`);
    expect(confirm.status).toBe(200);
    const form = confirm.doc!.querySelector('form.favourites-confirm[method="post"]')!;
    expect(form.querySelector<HTMLInputElement>('input[name="product_id"]')!.value).toBe(String(productId));
    const posted = await b.form('/oblubene/pridat', { product_id: String(productId), r: '/' });
    expect(posted.status).toBe(303);
    const { id } = shop.db.$client.prepare('SELECT id FROM users WHERE email = ?').get('nojs-fav@example.sk') as { id: number };
    expect(shop.db.$client.prepare('SELECT COUNT(*) AS n FROM favourite_products WHERE user_id = ? AND product_id = ?').get(id, productId)).toEqual({ n: 1 });
    // An unknown product asks nothing and goes back.
    expect((await b.get('/oblubene/pridat?product_id=999999&r=%2F')).status).toBe(303);
  });

  it('the heart on a card (no return path) brings the shopper back to the page it was pressed on, read from a same-origin Referer', async () => {
    const productId = (shop.db.$client.prepare('SELECT id FROM products WHERE visible = 2 ORDER BY id LIMIT 1').get() as { id: number }).id;
    const from = { referer: 'http://127.0.0.1:3000/hladaj/2?q=hrniec' };
    // Anonymous: to sign in, and from there back here with the list as the return address.
    const anonymous = await new Browser(shop).get(`/oblubene/pridat?product_id=${productId}`, from);
    expect(anonymous.status).toBe(303);
    const again = new URL(new URL(anonymous.location!, 'http://x').searchParams.get('r')!, 'http://x');
    expect(again.pathname).toBe('/oblubene/pridat');
    expect(again.searchParams.get('r')).toBe('/hladaj/2?q=hrniec');

    const b = new Browser(shop);
    await b.signUpAndIn('nojs-referer@example.sk');
    const back = async (headers: Record<string, string>) => {
      const confirm = await b.get(`/oblubene/pridat?product_id=${productId}`, headers);
      return confirm.doc!.querySelector<HTMLInputElement>('form.favourites-confirm input[name="r"]')!.value;
    };
    expect(await back(from)).toBe('/hladaj/2?q=hrniec');
    // Another site, an API address or this very page is no place to return to: the favourites are.
    expect(await back({ referer: 'https://evil.example/hladaj?q=hrniec' })).toBe('/moje/oblubene');
    expect(await back({ referer: 'http://127.0.0.1:3000/api/product' })).toBe('/moje/oblubene');
    expect(await back({ referer: `http://127.0.0.1:3000/oblubene/pridat?product_id=${productId}` })).toBe('/moje/oblubene');
    expect(await back({})).toBe('/moje/oblubene');
    // A form's own return address still wins over the Referer.
    const own = await b.get(`/oblubene/pridat?product_id=${productId}&r=%2Fkuchyna`, from);
    expect(own.doc!.querySelector<HTMLInputElement>('form.favourites-confirm input[name="r"]')!.value).toBe('/kuchyna');
  });
});
