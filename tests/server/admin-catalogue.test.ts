import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../setup/test-app';
import { parseHtml } from '../setup/html';
import { auditRows, StaffBrowser, signedInStaff } from './admin.client';
import { postJson } from './watchdog-helpers';

/**
 * Issue 20 "Catalogue": products (list, form, prices, watches, images), categories (admins and
 * editors) and filter attributes, each written in the back office and seen by the shop's next request.
 */
let shop: TestShop;
let admin: StaffBrowser;
let editor: StaffBrowser;
let leaf: { id: number; name: string; slug: string };

beforeAll(async () => {
  shop = createTestShop({ products: 120 });
  admin = await signedInStaff(shop, 'ROLE_ADMIN');
  editor = await signedInStaff(shop, 'ROLE_EDITOR');
  leaf = shop.db.$client
    .prepare("SELECT c.id, c.name, c.slug FROM categories c WHERE c.type = 'product' AND NOT EXISTS (SELECT 1 FROM categories k WHERE k.parent_id = c.id) ORDER BY c.id LIMIT 1")
    .get() as typeof leaf;
});
afterAll(() => shop.close());

const shopPage = async (path: string) => {
  const response = await shop.app.request(path, { headers: { host: '127.0.0.1:3000' } });
  return { status: response.status, doc: parseHtml(await response.text()) };
};
const rowsOf = (doc: Document | null, table: string) => [...doc!.querySelectorAll(`[data-table="${table}"] tbody tr`)];
const productRow = (id: number) => shop.db.$client.prepare('SELECT * FROM products WHERE id = ?').get(id) as Record<string, any>;

let created = 0;
function productFields(extra: Record<string, string> = {}): Record<string, string> {
  created += 1;
  return {
    name: `Testovací hrniec ${created}`,
    code: `TEST-${created}`,
    slug: '',
    category: String(leaf.id),
    seller: '',
    visible: '2',
    quantity: '5',
    availability: '0',
    cartLimit: '',
    b2c_sk: '19,90',
    b2b_sk: '',
    stara_sk: '',
    dph_sk: '23',
    b2c_cz: '',
    b2b_cz: '',
    stara_cz: '',
    dph_cz: '21',
    description: 'Popis hrnca',
    version: '',
    ...extra,
  };
}

async function createProduct(extra: Record<string, string> = {}): Promise<number> {
  await admin.get('/admin/produkty/novy');
  const saved = await admin.form('/admin/produkty/novy', productFields(extra));
  expect(saved.status, saved.text.slice(0, 500)).toBe(303);
  return Number(/\/admin\/produkty\/(\d+)\?ok=ulozeny/.exec(saved.location!)![1]);
}

describe('product list', { timeout: 15_000 }, () => {
  it('pages 50 at a time and finds by name, code and id; filters by visibility and stock', async () => {
    const all = await admin.get('/admin/produkty');
    expect(all.status).toBe(200);
    expect(rowsOf(all.doc, 'products')).toHaveLength(50);
    expect(all.doc!.querySelector('[data-field="page"]')?.textContent).toContain('1');
    const second = await admin.get('/admin/produkty?strana=2');
    expect(rowsOf(second.doc, 'products')[0].getAttribute('data-product')).not.toBe(rowsOf(all.doc, 'products')[0].getAttribute('data-product'));

    const some = shop.db.$client.prepare('SELECT id, name, code_public AS code FROM products ORDER BY id LIMIT 1 OFFSET 7').get() as { id: number; name: string; code: string };
    const byName = await admin.get(`/admin/produkty?q=${encodeURIComponent(some.name.slice(0, 12))}`);
    expect(rowsOf(byName.doc, 'products').map((r) => r.getAttribute('data-product'))).toContain(String(some.id));
    // Words' beginnings in any case and without accents, in any order ("Šľahačková forma" ← "form slahac").
    const folded = some.name.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase().split(/\s+/);
    const loose = await admin.get(`/admin/produkty?q=${encodeURIComponent(`${folded[1].slice(0, 3)} ${folded[0].slice(0, 4)}`)}`);
    expect(rowsOf(loose.doc, 'products').map((r) => r.getAttribute('data-product'))).toContain(String(some.id));
    const byCode = await admin.get(`/admin/produkty?q=${encodeURIComponent(some.code)}`);
    expect(rowsOf(byCode.doc, 'products').map((r) => r.getAttribute('data-product'))).toEqual([String(some.id)]);
    const byId = await admin.get(`/admin/produkty?q=${some.id}`);
    expect(rowsOf(byId.doc, 'products').map((r) => r.getAttribute('data-product'))).toContain(String(some.id));

    const waiting = (shop.db.$client.prepare('SELECT COUNT(*) AS n FROM products WHERE visible = 4').get() as { n: number }).n;
    const listed = await admin.get('/admin/produkty?viditelnost=4');
    expect(listed.doc!.querySelector('[data-field="total"]')?.textContent).toContain(String(waiting));
    const out = await admin.get('/admin/produkty?sklad=nie');
    for (const row of rowsOf(out.doc, 'products')) expect(Number(row.querySelector('[data-field="stock"]')!.textContent)).toBeLessThanOrEqual(0);

    const bad = await admin.get('/admin/produkty?viditelnost=9&q=x');
    expect(bad.status).toBe(400);
    expect(bad.doc!.querySelector('#f-viditelnost-error')).not.toBeNull();
  });

  it('is closed to editors', async () => {
    expect((await editor.get('/admin/produkty')).status).toBe(403);
    expect((await editor.form('/admin/produkty/novy', productFields())).status).toBe(403);
  });
});

describe('product form', () => {
  it('refuses bad input with the values as typed and a message per field, and writes nothing', async () => {
    const before = auditRows(shop).length;
    await admin.get('/admin/produkty/novy');
    const refused = await admin.form('/admin/produkty/novy', productFields({ name: '', b2c_sk: '12,999', quantity: 'veľa', code: 'Kód <b>' }));
    expect(refused.status).toBe(400);
    const doc = refused.doc!;
    for (const field of ['name', 'b2c_sk', 'quantity', 'code']) expect(doc.querySelector(`#f-${field}-error`), field).not.toBeNull();
    expect(doc.querySelector('input[name="b2c_sk"]')?.getAttribute('value')).toBe('12,999');
    expect(doc.querySelector('input[name="code"]')?.getAttribute('value')).toBe('Kód <b>');
    expect(doc.querySelector('textarea[name="description"]')?.textContent).toBe('Popis hrnca');
    expect(auditRows(shop).length).toBe(before);
  });

  it('creates a product the shop shows at once, on its page and in its category, with an audit row', async () => {
    const id = await createProduct({ name: 'Liatinový hrniec Admin', 'ribbons[]': 'novinka' });
    const row = productRow(id);
    expect(row.slug).toBe('liatinovy-hrniec-admin');
    expect(JSON.parse(row.tags_public)).toEqual(['novinka']);
    const audit = auditRows(shop, 'product.create').at(-1)!;
    expect(audit.section).toBe('catalogue');
    expect(JSON.parse(audit.after!).prices[0]).toMatchObject({ shopId: 1, b2c: 1990, b2b: 1990, vatRate: 23 });
    const page = await shopPage('/liatinovy-hrniec-admin');
    expect(page.status).toBe(200);
    expect(page.doc.querySelector('h1')?.textContent).toContain('Liatinový hrniec Admin');
    expect(page.doc.body.textContent).toContain('19,90');
    const category = await shopPage(`/${leaf.slug}`);
    expect(category.doc.body.textContent).toContain('Liatinový hrniec Admin');
    // Not sold in the Czech shop: no price there.
    expect(shop.db.$client.prepare('SELECT COUNT(*) AS n FROM product_prices WHERE product_id = ?').get(id)).toEqual({ n: 1 });
  });

  it('refuses a code or address another product has', async () => {
    const id = await createProduct();
    const taken = productRow(id);
    await admin.get('/admin/produkty/novy');
    const refused = await admin.form('/admin/produkty/novy', productFields({ code: taken.code_public, slug: taken.slug }));
    expect(refused.status).toBe(400);
    expect(refused.doc!.querySelector('#f-code-error')).not.toBeNull();
    expect(refused.doc!.querySelector('#f-slug-error')).not.toBeNull();
  });

  it('a price change shows in the shop on the next request; a second save from an old form is refused as changed meanwhile', async () => {
    const id = await createProduct({ name: 'Panvica na zmenu ceny' });
    const form = await admin.get(`/admin/produkty/${id}`);
    const version = form.doc!.querySelector('input[name="version"]')!.getAttribute('value')!;
    const fields = { ...productFields({ name: 'Panvica na zmenu ceny', code: productRow(id).code_public }), version };
    const first = await admin.form(`/admin/produkty/${id}`, { ...fields, b2c_sk: '15,50' });
    expect(first.status).toBe(303);
    expect((await shopPage('/panvica-na-zmenu-ceny')).doc.body.textContent).toContain('15,50');

    const second = await admin.form(`/admin/produkty/${id}`, { ...fields, b2c_sk: '9,90', name: 'Iný názov' });
    expect(second.status).toBe(409);
    expect(second.doc!.querySelector('[data-field="form-error"]')?.textContent).toContain('medzitým zmenil niekto iný');
    expect(second.doc!.querySelector('input[name="name"]')?.getAttribute('value')).toBe('Iný názov');
    expect(productRow(id).name).toBe('Panvica na zmenu ceny');
    const audit = auditRows(shop, 'product.update').at(-1)!;
    expect(JSON.parse(audit.before!).prices[0].b2c).toBe(1990);
    expect(JSON.parse(audit.after!).prices[0].b2c).toBe(1550);
  });

  it('a price drop fires the watch a shopper set, by the shop own rule, and mails it once', async () => {
    const id = await createProduct({ name: 'Sledovaný kastról' });
    const watch = await postJson(shop, { product: id, email: 'sleduje@example.sk', price: true, price_value: '15,00' });
    expect(watch.status).toBe(201);
    const edit = async (price: string) => {
      const form = await admin.get(`/admin/produkty/${id}`);
      const version = form.doc!.querySelector('input[name="version"]')!.getAttribute('value')!;
      return admin.form(`/admin/produkty/${id}`, { ...productFields({ name: 'Sledovaný kastról', code: productRow(id).code_public }), version, b2c_sk: price });
    };
    expect((await edit('16,00')).status).toBe(303);
    expect(shop.mail.filter((m) => m.to === 'sleduje@example.sk')).toHaveLength(0);
    expect((await edit('14,00')).status).toBe(303);
    const mails = shop.mail.filter((m) => m.to === 'sleduje@example.sk');
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Cena klesla: Sledovaný kastról');
    expect(mails[0].text).toContain('14,00');
    expect((await edit('13,00')).status).toBe(303);
    expect(shop.mail.filter((m) => m.to === 'sleduje@example.sk')).toHaveLength(1);
  });
});

describe('product images', () => {
  const upload = async (id: number, bytes: Uint8Array, name: string, alt = '') => {
    const page = await admin.get(`/admin/produkty/${id}`);
    expect(page.status).toBe(200);
    const body = new FormData();
    body.set('_csrf', admin.csrf);
    body.set('alt', alt);
    body.set('obrazok', new File([Buffer.from(bytes)], name, { type: 'image/png' }));
    const response = await shop.app.request(`/admin/produkty/${id}/obrazky`, { method: 'POST', body, headers: admin.headers(), redirect: 'manual' }, admin.env());
    return { status: response.status, text: await response.text(), location: response.headers.get('location') };
  };
  const png = (colour: string) => sharp({ create: { width: 40, height: 30, channels: 3, background: colour } }).png().toBuffer();

  it('refuses a file that is not an image, stores a re-encoded JPEG, orders images and the shop shows them', async () => {
    const id = await createProduct({ name: 'Hrnček s obrázkom' });
    const refused = await upload(id, new TextEncoder().encode('<html><script>alert(1)</script></html>'), 'obrazok.png');
    expect(refused.status).toBe(400);
    expect(parseHtml(refused.text).querySelector('[data-field="image-error"]')?.textContent).toContain('nie je obrázok');
    expect(shop.db.$client.prepare('SELECT COUNT(*) AS n FROM product_images WHERE product_id = ?').get(id)).toEqual({ n: 0 });

    expect((await upload(id, await png('#ff0000'), 'cerveny.png', 'Červený hrnček')).status).toBe(303);
    expect((await upload(id, await png('#0000ff'), 'modry.png', 'Modrý hrnček')).status).toBe(303);
    const images = shop.db.$client.prepare('SELECT id, filename, alt FROM product_images WHERE product_id = ? ORDER BY position').all(id) as { id: number; filename: string; alt: string }[];
    expect(images.map((i) => i.alt)).toEqual(['Červený hrnček', 'Modrý hrnček']);
    expect(productRow(id).image_filename).toBe(images[0].filename);
    const file = await shop.app.request(`/data/product/image/medium/sk/${images[0].filename}`);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await file.arrayBuffer())).metadata()).format).toBe('jpeg');

    // The second one up: it becomes the card's image.
    expect((await admin.form(`/admin/produkty/obrazky/${images[1].id}/hore`)).status).toBe(303);
    expect(productRow(id).image_filename).toBe(images[1].filename);
    expect((await admin.form(`/admin/produkty/obrazky/${images[0].id}/ulozit`, { alt: 'Nový popis', position: '9' })).status).toBe(303);
    const page = await shopPage('/hrncek-s-obrazkom');
    const srcs = [...page.doc.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(srcs).toContain(`/data/product/image/medium/sk/${images[1].filename}`);
    expect(page.doc.body.innerHTML).toContain('Nový popis');
    expect(auditRows(shop, 'product.image-add')).toHaveLength(2);
  });
});

describe('categories', { timeout: 15_000 }, () => {
  it('an admin creates a category the shop lists, with a validated unique address; a used one is not deleted', async () => {
    const tree = await admin.get('/admin/kategorie');
    expect(rowsOf(tree.doc, 'categories').length).toBeGreaterThan(3);
    await admin.get('/admin/kategorie/nova');
    const bad = await admin.form('/admin/kategorie/nova', { name: 'Nová', slug: 'Zlá adresa', type: 'product', parent: String(leaf.id), position: '1', visible: '1', visibleMenu: '1', visibleChildren: '1' });
    expect(bad.status).toBe(400);
    expect(bad.doc!.querySelector('input[name="slug"]')?.getAttribute('value')).toBe('Zlá adresa');
    const taken = await admin.form('/admin/kategorie/nova', { name: 'Nová', slug: leaf.slug, type: 'product', parent: '', position: '1', visible: '1' });
    expect(taken.doc!.querySelector('#f-slug-error')?.textContent).toContain('už používa');
    const saved = await admin.form('/admin/kategorie/nova', { name: 'Smaltované hrnce', slug: 'smaltovane-hrnce', type: 'product', parent: String(leaf.id), position: '1', visible: '1', visibleMenu: '1', visibleChildren: '1' });
    expect(saved.status).toBe(303);
    const id = Number(/(\d+)\?ok/.exec(saved.location!)![1]);
    const row = shop.db.$client.prepare('SELECT path, depth FROM categories WHERE id = ?').get(id) as { path: string; depth: number };
    const parent = shop.db.$client.prepare('SELECT path, depth FROM categories WHERE id = ?').get(leaf.id) as { path: string; depth: number };
    expect(row).toEqual({ path: `${parent.path}${id}/`, depth: parent.depth + 1 });
    expect(auditRows(shop, 'category.create').at(-1)!.subject).toContain('smaltovane-hrnce');

    await createProduct({ name: 'Smaltovaný hrniec', category: String(id) });
    expect((await shopPage('/smaltovane-hrnce')).doc.body.textContent).toContain('Smaltovaný hrniec');

    const refused = await admin.form(`/admin/kategorie/zmazat/${id}`);
    expect(refused.status).toBe(409);
    expect(refused.doc!.querySelector('[data-field="form-error"]')?.textContent).toContain('nemožno zmazať');
    expect((await admin.form(`/admin/kategorie/zmazat/${leaf.id}`)).status).toBe(409);

    await admin.get('/admin/kategorie/nova');
    const empty = await admin.form('/admin/kategorie/nova', { name: 'Prázdna', slug: 'prazdna-kategoria', type: 'blog', parent: '', position: '0' });
    const emptyId = Number(/(\d+)\?ok/.exec(empty.location!)![1]);
    expect((await admin.form(`/admin/kategorie/zmazat/${emptyId}`)).status).toBe(303);
    expect(auditRows(shop, 'category.delete')).toHaveLength(1);
  });

  it('an editor changes only the texts: the form hides the rest and the server ignores it; creating, ordering and deleting are refused', async () => {
    const before = shop.db.$client.prepare('SELECT * FROM categories WHERE id = ?').get(leaf.id) as Record<string, unknown>;
    const form = await editor.get(`/admin/kategorie/${leaf.id}`);
    expect(form.status).toBe(200);
    expect(form.doc!.querySelector('input[name="slug"]')).toBeNull();
    expect(form.doc!.querySelector('select[name="parent"]')).toBeNull();
    expect(form.doc!.querySelector('[data-form="delete"]')).toBeNull();
    const version = form.doc!.querySelector('input[name="version"]')!.getAttribute('value')!;
    const saved = await editor.form(`/admin/kategorie/${leaf.id}`, { name: 'Hrnce redaktora', description: 'Nový popis', version, slug: 'ukradnuta', visible: '', parent: '', type: 'blog' });
    expect(saved.status).toBe(303);
    const after = shop.db.$client.prepare('SELECT * FROM categories WHERE id = ?').get(leaf.id) as Record<string, unknown>;
    expect(after).toEqual({ ...before, name: 'Hrnce redaktora', description: 'Nový popis' });
    expect((await shopPage(`/${leaf.slug}`)).doc.querySelector('h1')?.textContent).toContain('Hrnce redaktora');
    expect(auditRows(shop, 'category.texts').at(-1)!.actor).toContain('@obchod.sk');

    // The same old form again: changed meanwhile.
    const stale = await editor.form(`/admin/kategorie/${leaf.id}`, { name: 'Ešte iný', description: '', version });
    expect(stale.status).toBe(409);
    expect((await editor.get('/admin/kategorie/nova')).status).toBe(403);
    expect((await editor.form('/admin/kategorie/nova', { name: 'X', slug: 'x-editor', type: 'product' })).status).toBe(403);
    expect((await editor.form(`/admin/kategorie/zmazat/${leaf.id}`)).status).toBe(403);
    expect((await editor.form('/admin/kategorie/poradie', { [`pos_${leaf.id}`]: '99' })).status).toBe(403);
    expect((await editor.get('/admin/kategorie')).doc!.querySelector('input[name^="pos_"]')).toBeNull();
  });

  it('an admin renumbers the tree', async () => {
    const saved = await admin.form('/admin/kategorie/poradie', { [`pos_${leaf.id}`]: '42' });
    expect(saved.status).toBe(303);
    expect(shop.db.$client.prepare('SELECT position FROM categories WHERE id = ?').get(leaf.id)).toEqual({ position: 42 });
    expect(JSON.parse(auditRows(shop, 'category.positions').at(-1)!.after!)).toEqual({ [leaf.id]: 42 });
  });
});

describe('filter attributes', () => {
  it('creates an attribute, an option and offers it in a category, audited', async () => {
    await admin.get('/admin/produkty/filtre');
    const bad = await admin.form('/admin/produkty/filtre', { label: 'Objem', code: 'Objem!', position: '1' });
    expect(bad.status).toBe(400);
    const saved = await admin.form('/admin/produkty/filtre', { label: 'Objem', code: 'objem', position: '1' });
    expect(saved.status).toBe(303);
    const id = Number(/(\d+)\?ok/.exec(saved.location!)![1]);
    expect((await admin.form(`/admin/produkty/filtre/${id}/nova-moznost`, { label: '2 litre', key: '2-l', position: '1' })).status).toBe(303);
    expect((await admin.form(`/admin/produkty/filtre/${id}/nova-moznost`, { label: 'Zas 2 litre', key: '2-l', position: '2' })).status).toBe(400);
    expect((await admin.form(`/admin/produkty/filtre/${id}`, { label: 'Objem', code: 'objem', position: '1', 'categories[]': String(leaf.id) })).status).toBe(303);
    expect(shop.db.$client.prepare('SELECT category_id AS c FROM category_attributes WHERE attribute_id = ?').all(id)).toEqual([{ c: leaf.id }]);
    expect(auditRows(shop).filter((r) => r.action.startsWith('attribute.')).map((r) => r.action)).toEqual(['attribute.create', 'attribute.option-create', 'attribute.update']);
    expect((await editor.get(`/admin/produkty/filtre/${id}`)).status).toBe(403);
  });
});
