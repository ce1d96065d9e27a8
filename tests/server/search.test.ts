import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../setup/test-app';
import { parseHtml } from '../setup/html';
import { buildMatch, tokenize } from '../../server/search/search.schemas';
import { editDistance } from '../../server/search/typo';
import { heldSession } from '../setup/visitor';

let shop: TestShop;
const ids: Record<string, number> = {};

/** Own rows, so the tests do not depend on the seed's wording; the FTS triggers index them. */
function insertProduct(name: string, code: string, extra: { parentId?: number; visible?: number } = {}): number {
  const sqlite = shop.db.$client;
  const category = (sqlite.prepare("SELECT id FROM categories WHERE type = 'product' ORDER BY id DESC LIMIT 1").get() as { id: number }).id;
  const now = Date.now();
  const id = Number(
    sqlite
      .prepare('INSERT INTO products (parent_id, category_id, name, slug, code_public, visible, created_at, updated_at, tags_public) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
      .run(extra.parentId ?? null, category, name, `test-${code.toLowerCase()}`, code, extra.visible ?? 2, now, now, '["novinka"]').lastInsertRowid,
  );
  for (const shopId of [1, 2]) sqlite.prepare('INSERT INTO product_prices (product_id, shop_id, price_b2c, price_b2b, vat_rate) VALUES (?, ?, 1990, 1590, 23)').run(id, shopId);
  return id;
}

beforeAll(() => {
  shop = createTestShop({ products: 300 });
  ids.cream = insertProduct('Šľahačková krémová forma Zzyzx', 'ZZ-000001');
  ids.exact = insertProduct('Qwertyhrniec', 'ZZ-000002');
  ids.longer = insertProduct('Qwertyhrniec smaltovaný s pokrievkou a rúčkami 5 l', 'ZZ-000003');
  ids.prefix = insertProduct('Qwertyhrniecik detský', 'ZZ-000004');
  ids.hidden = insertProduct('Qwertyhrniec skrytý', 'ZZ-000005', { visible: 0 });
  ids.variant = insertProduct('Qwertyhrniec variant modrý', 'ZZ-000006', { parentId: ids.exact });
  for (let i = 1; i <= 70; i++) insertProduct(`Pagerx kus ${i}`, `ZP-${String(i).padStart(6, '0')}`);
});
afterAll(() => shop.close());

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await shop.app.request(path, { headers: { host: '127.0.0.1:3000', ...headers } });
  const html = await response.text();
  return { response, html, doc: parseHtml(html) };
}

const cardIds = (doc: Document) => [...doc.querySelectorAll('shop-product-list .product-card')].map((el) => Number(el.getAttribute('data-product-id')));

describe('search query building', () => {
  it('quotes every word, prefixes the last and drops all FTS syntax', () => {
    expect(buildMatch(tokenize('Šľahačková forma'))).toBe('name : ("slahackova" "forma"*)');
    expect(buildMatch(tokenize('OB 000123'))).toBe('"ob" "000123"*');
    for (const q of ['"', '*', 'NEAR(a b)', 'a OR b', '-x', 'name:x', '^a', '(a) AND {b}', 'x"y']) {
      const match = (buildMatch(tokenize(q)) ?? '').replace(/^name : \((.*)\)$/, '$1');
      expect(match, q).toMatch(/^("[\p{L}\p{N}]+"\*? ?)*$/u);
    }
    expect(tokenize('NEAR(a b) OR c')).toEqual(['near', 'a', 'b', 'or', 'c']);
    expect(editDistance('slahackva', 'slahackova')).toBe(1);
    expect(editDistance('hrnicee', 'hrniece')).toBe(1);
    expect(editDistance('ab', 'ba')).toBe(1);
  });
});

describe('/hladaj', () => {
  it('finds a product without diacritics: "slahackova" → Šľahačková', async () => {
    const { doc, response } = await get('/hladaj?q=slahackova%20zzyzx');
    expect(response.status).toBe(200);
    expect(cardIds(doc)).toEqual([ids.cream]);
    expect(doc.querySelector('h1')?.textContent).toContain('slahackova zzyzx');
    expect((doc.querySelector('form.search input[name="q"]') as HTMLInputElement).getAttribute('value')).toBe('slahackova zzyzx');
  });

  it('finds by id and by public code first', async () => {
    expect(cardIds((await get(`/hladaj?q=${ids.cream}`)).doc)[0]).toBe(ids.cream);
    expect(cardIds((await get('/hladaj?q=ZZ-000003')).doc)[0]).toBe(ids.longer);
    expect(cardIds((await get('/hladaj?q=zz000003')).doc)[0]).toBe(ids.longer);
    // A variant's code shows its parent: only top-level products are listed.
    expect(cardIds((await get('/hladaj?q=ZZ-000006')).doc)[0]).toBe(ids.exact);
  });

  it('ranks a whole-word name match before longer names and prefix matches; hides hidden and variants', async () => {
    const found = cardIds((await get('/hladaj?q=qwertyhrniec')).doc);
    expect(found).toEqual([ids.exact, ids.longer, ids.prefix]);
  });

  it('corrects typos against the index vocabulary and says so', async () => {
    for (const q of ['slahackva zzyzx', 'qwertyhrnniec']) {
      const { doc } = await get(`/hladaj?q=${encodeURIComponent(q)}`);
      expect(cardIds(doc).length, q).toBeGreaterThan(0);
      expect(doc.querySelector('.search-page__corrected')?.textContent, q).toMatch(/^Zobrazujeme výsledky pre „.+“$/);
    }
    const { doc } = await get('/hladaj?q=slahackva%20zzyzx');
    expect(cardIds(doc)).toEqual([ids.cream]);
  });

  it('shows the empty state when nothing matches', async () => {
    const { doc, response } = await get('/hladaj?q=xqxqxqxqxq');
    expect(response.status).toBe(200);
    expect(doc.querySelector('.empty-state')?.textContent).toBe('Nenašli sme žiadne produkty');
    expect(doc.querySelector('shop-product-list')).toBeNull();
  });

  it('shows a prompt without a query', async () => {
    for (const path of ['/hladaj', '/hladaj?q=', '/hladaj?q=%20%20', '/hladaj?q=---']) {
      const { doc, response } = await get(path);
      expect(response.status, path).toBe(200);
      expect(doc.querySelector('.search-page__prompt, .empty-state'), path).not.toBeNull();
    }
  });

  it('cuts a 10,000-character query instead of failing', async () => {
    const { response, doc } = await get(`/hladaj?q=${'hrniec '.repeat(1430)}`);
    expect(response.status).toBe(200);
    expect(doc.querySelector('.search-page__note')?.textContent).toContain('200');
    expect((doc.querySelector('form.search input[name="q"]') as HTMLInputElement).getAttribute('value')!.length).toBeLessThanOrEqual(200);
    const api = await shop.app.request(`/api/search?q=${'x'.repeat(10_000)}`, { headers: { host: '127.0.0.1' } });
    expect(api.status).toBe(200);
  });

  it('never fails on FTS syntax in the query', async () => {
    for (const q of ['"', '""', '*', '* *', 'NEAR(', 'NEAR(a b, 2)', 'OR', 'a OR', 'AND NOT', '-', '-hrniec', ':', 'name:hrniec', '^hrniec', '{name}: x', '(', ')', "'", '\\', '%', '\u0000']) {
      const { response } = await get(`/hladaj?q=${encodeURIComponent(q)}`);
      expect(response.status, q).toBe(200);
      const api = await shop.app.request(`/api/search?q=${encodeURIComponent(q)}`, { headers: { host: '127.0.0.1' } });
      expect(api.status, q).toBe(200);
    }
    expect(shop.errors).toEqual([]);
  }, 30_000);

  it('answers the header form POST with 303 to the shareable GET address', async () => {
    const { sid, csrf } = await heldSession(shop.app);
    const body = new URLSearchParams({ _csrf: csrf, q: '  Šľahačková   forma ' });
    const response = await shop.app.request('/hladaj', {
      method: 'POST',
      body,
      headers: { host: '127.0.0.1:3000', cookie: `sid=${sid}`, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/hladaj?q=${encodeURIComponent('Šľahačková forma')}`);
    const followed = await get(response.headers.get('location')!);
    expect(cardIds(followed.doc)).toContain(ids.cream);
    const without = await shop.app.request('/hladaj', { method: 'POST', body: new URLSearchParams({ q: 'x' }), headers: { host: '127.0.0.1:3000', cookie: `sid=${sid}`, 'content-type': 'application/x-www-form-urlencoded' } });
    expect(without.status).toBe(403);
  });
});

describe('the product list partial', () => {
  it('pages with real links: rel prev/next, aria-current, gaps, the page in the second segment', async () => {
    const word = 'pagerx';
    const first = await get(`/hladaj?q=${word}`);
    const total = Number(first.doc.querySelector('shop-product-list')?.getAttribute('total'));
    expect(total).toBe(70);
    expect(first.doc.querySelector('.search-page__count')?.textContent).toContain('70');
    const list = first.doc.querySelector('shop-product-list')!;
    expect(list.getAttribute('page-url-template')).toBe(`/hladaj/{page}?q=${word}`);
    expect(list.getAttribute('layout-key')).toBe('search');
    expect(list.querySelectorAll('.product-card').length).toBe(12);
    expect(first.doc.querySelector('.paginator a[rel="next"]')?.getAttribute('href')).toBe(`/hladaj/2?q=${word}`);
    expect(first.doc.querySelector('.paginator a[rel="prev"]')).toBeNull();
    expect(first.doc.querySelector('.paginator [aria-current="page"]')?.textContent).toBe('1');

    const pages = Math.ceil(total / 12);
    const second = await get(`/hladaj/2?q=${word}`);
    expect(second.doc.querySelector('.paginator a[rel="prev"]')?.getAttribute('href')).toBe(`/hladaj?q=${word}`);
    expect(second.doc.querySelector('.paginator [aria-current="page"]')?.textContent).toBe('2');
    expect(cardIds(second.doc)).not.toEqual(cardIds(first.doc));
    expect([...first.doc.querySelectorAll('.paginator__pages li')].map((li) => li.textContent!.trim())).toEqual(['1', '2', '3', '…', '6']);
    expect((await get(`/hladaj/${pages + 1}?q=${word}`)).response.status).toBe(404);
    expect((await get(`/hladaj/abc?q=${word}`)).response.status).toBe(404);
    const one = await get(`/hladaj/1?q=${word}`);
    expect(one.response.status).toBe(301);
    expect(one.response.headers.get('location')).toBe(`/hladaj?q=${word}`);
  });

  it('gives each card an anchor, ribbons, and lazy images with dimensions', async () => {
    const { doc } = await get('/hladaj?q=qwertyhrniec');
    const card = doc.getElementById(`product-${ids.exact}`)!;
    expect(card.querySelector('.ribbon--novinka')?.textContent).toBe('Novinka');
    const seeded = await get('/hladaj?q=hrniec');
    for (const img of seeded.doc.querySelectorAll('shop-product-list img')) {
      expect(img.getAttribute('loading')).toBe('lazy');
      expect(img.getAttribute('width')).toBe('300');
      expect(img.getAttribute('height')).toBe('300');
    }
    expect(seeded.doc.querySelectorAll('shop-product-list img').length).toBeGreaterThan(0);
  });

  it('keeps the home page cards working', async () => {
    const { doc } = await get('/');
    expect(doc.querySelectorAll('.product-card[id^="product-"]').length).toBeGreaterThan(0);
  });
});

describe('GET /api/search', () => {
  it('returns items, total and the correction', async () => {
    const response = await shop.app.request('/api/search?q=slahackva%20zzyzx&limit=5', { headers: { host: '127.0.0.1' } });
    const body = await response.json();
    expect(body).toMatchObject({ total: 1, page: 1, pageSize: 5, corrected: 'slahackova zzyzx' });
    expect(body.items[0]).toMatchObject({ id: ids.cream, name: 'Šľahačková krémová forma Zzyzx', price: 1990, codePublic: 'ZZ-000001' });
    const bad = await shop.app.request('/api/search?q=x&limit=1000', { headers: { host: '127.0.0.1' } });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toContain('application/problem+json');
  });
});
