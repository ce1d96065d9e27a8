import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizeArticle } from '../../server/content/sanitize';
import { editorWidgetTags } from '../../server/admin/content/widget-tags';
import { parseHtml } from '../setup/html';
import { createTestShop, type TestShop } from '../setup/test-app';
import { auditRows, StaffBrowser, signedInStaff } from './admin.client';

let shop: TestShop;
let editor: StaffBrowser;
let category: { id: number; slug: string };

beforeAll(async () => {
  shop = createTestShop({ products: 10, env: { UPLOADS_DIR: mkdtempSync(join(tmpdir(), 'content-')) } });
  editor = await signedInStaff(shop, 'ROLE_EDITOR');
  category = shop.db.$client.prepare("SELECT id, slug FROM categories WHERE type = 'blog' AND visible = 1 ORDER BY depth DESC, id LIMIT 1").get() as { id: number; slug: string };
});
afterAll(() => shop.close());

const HOSTILE =
  '<h2>Postup</h2><p onclick="steal()">Krok <a href="javascript:alert(1)">jeden</a></p><script>alert(1)</script>' +
  '<img src="/x.jpg" onerror="alert(2)"><marquee>hej</marquee><shop-product-carousel product-ids="1,2" data-x="y"></shop-product-carousel>';

const guide = (over: Record<string, string> = {}) => ({
  title: 'Ako zasadiť ruže',
  slug: 'ako-zasadit-ruze',
  short: '<p>Krátky <strong>perex</strong></p>',
  categoryId: String(category.id),
  body: '<h2>Postup</h2><p>Najprv jamu.</p><shop-product-carousel product-ids="1,2,3"></shop-product-carousel>',
  visible: 'on',
  publishedAt: '2026-11-20',
  obtainMode: 'free',
  obtainPrice: '',
  ...over,
});

const shopPage = (path: string) => shop.app.request(path, { headers: { host: '127.0.0.1:3000' } });

describe('guides (návody)', () => {
  it('lists guides with search and paging', async () => {
    const list = await editor.get('/admin/navody');
    expect(list.status).toBe(200);
    expect(list.doc!.querySelectorAll('[data-guide]').length).toBeGreaterThan(0);
    const title = shop.db.$client.prepare('SELECT title FROM blog_posts ORDER BY id LIMIT 1').pluck().get() as string;
    const found = await editor.get(`/admin/navody?q=${encodeURIComponent(title.slice(0, 12))}`);
    expect(found.doc!.querySelector('[data-table="guides"]')?.textContent).toContain(title);
    const none = await editor.get('/admin/navody?q=zzzneexistuje');
    expect(none.doc!.querySelectorAll('[data-guide]')).toHaveLength(0);
  });

  it('the editor offers exactly the sanitiser’s widget tags', async () => {
    const page = await editor.get('/admin/navody/novy');
    const island = page.doc!.querySelector('shop-admin-guide-editor')!;
    const tags = JSON.parse(island.getAttribute('tags')!) as { tag: string; attributes: string[]; snippet: string }[];
    expect(tags.map((t) => t.tag)).toEqual(editorWidgetTags().map((t) => t.tag));
    const carousel = tags.find((t) => t.tag === 'shop-product-carousel')!;
    // The list's own example (server/content/article-widgets.ts), as the help page shows it.
    expect(carousel.snippet).toBe(editorWidgetTags().find((t) => t.tag === 'shop-product-carousel')!.example);
    expect(carousel.snippet).toMatch(/^<shop-product-carousel product-ids="[\d,]+"/);
    // Every snippet survives the sanitiser as it is.
    for (const t of tags) expect(sanitizeArticle(t.snippet)).toContain(`<${t.tag}`);
  });

  it('refuses a wrong form with per-field messages, keeping what was typed', async () => {
    const wrong = await editor.form('/admin/navody/novy', guide({ title: '', slug: 'Zlá Adresa', obtainMode: 'points', obtainPrice: '', body: HOSTILE }));
    expect(wrong.status).toBe(400);
    expect(wrong.doc!.querySelector('#f-title-error')?.textContent).toBeTruthy();
    expect(wrong.doc!.querySelector('#f-slug-error')?.textContent).toContain('malé písmená');
    expect(wrong.doc!.querySelector('#f-obtainPrice-error')?.textContent).toBe('Zadajte počet bodov');
    expect(wrong.doc!.querySelector('input[name="slug"]')?.getAttribute('value')).toBe('Zlá Adresa');
    expect(wrong.doc!.querySelector('textarea[name="body"]')?.textContent).toBe(HOSTILE);
    expect(wrong.doc!.querySelector('[data-field="removed"]')?.textContent).toContain('<script>');
    expect(auditRows(shop, 'guide.create')).toHaveLength(0);
  });

  it('lists what the sanitiser removes from hostile HTML, in the preview and after saving', async () => {
    const preview = await shop.app.request(
      '/admin/navody/nahlad',
      { method: 'POST', body: new URLSearchParams({ _csrf: editor.csrf, ...guide({ body: HOSTILE }) }), headers: editor.headers({ 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }) },
      editor.env(),
    );
    expect(preview.status).toBe(200);
    const { removed, html } = (await preview.json()) as { removed: string[]; html: string };
    expect(removed).toEqual(expect.arrayContaining(['onclick na <p>', 'href na <a>', '<script>', 'onerror na <img>', '<marquee>', 'data-x na <shop-product-carousel>']));
    expect(html).not.toContain('alert(');
    // The kept tag, drawn by the server as the shop draws it (its cards inside).
    expect(html).toContain('<shop-product-carousel product-ids="1,2">');
    expect(html).toContain('carousel__item');

    const saved = await editor.form('/admin/navody/novy', guide({ slug: 'nebezpecny-navod', body: HOSTILE }));
    expect(saved.status).toBe(303);
    const after = await editor.get(saved.location!);
    const notice = after.doc!.querySelector('[data-field="removed"]')!.textContent!;
    expect(notice).toContain('Odstránené pri uložení:');
    expect(notice).toContain('<script>');
    expect(notice).toContain('onclick na <p>');
    const body = shop.db.$client.prepare('SELECT body FROM blog_posts WHERE slug = ?').pluck().get('nebezpecny-navod') as string;
    expect(body).not.toMatch(/script|onclick|onerror|javascript|marquee|data-x/);
  });

  it('creates a guide (audited) that the shop shows on the next request, exactly as the preview drew it', async () => {
    const form = guide();
    const previewed = await editor.form('/admin/navody/nahlad', form);
    expect(previewed.status).toBe(200);
    expect(previewed.response.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    const previewBody = previewed.doc!.querySelector('.guide__body')!.innerHTML;

    const saved = await editor.form('/admin/navody/novy', form);
    expect(saved.status).toBe(303);
    expect(saved.location).toMatch(/^\/admin\/navody\/\d+\?ok=created$/);
    const [row] = auditRows(shop, 'guide.create').filter((r) => JSON.parse(r.after!).slug === 'ako-zasadit-ruze');
    expect(row).toMatchObject({ section: 'guides', actor: expect.stringContaining('@') });

    const page = await shopPage(`/navody-inspiracie/${category.slug}/ako-zasadit-ruze`);
    expect(page.status).toBe(200);
    const doc = parseHtml(await page.text());
    expect(doc.querySelector('h1')?.textContent).toBe('Ako zasadiť ruže');
    expect(doc.querySelector('.guide__body')!.innerHTML).toBe(previewBody);
    expect(doc.querySelector('.guide__body shop-product-carousel')?.getAttribute('product-ids')).toBe('1,2,3');
  });

  it('refuses a taken address and a second save of a changed guide ("changed meanwhile"), losing nothing', async () => {
    const taken = await editor.form('/admin/navody/novy', guide({ title: 'Iný' }));
    expect(taken.status).toBe(400);
    expect(taken.doc!.querySelector('#f-slug-error')?.textContent).toBe('Táto adresa sa už používa');

    const id = shop.db.$client.prepare('SELECT id FROM blog_posts WHERE slug = ?').pluck().get('ako-zasadit-ruze') as number;
    const first = await editor.get(`/admin/navody/${id}`);
    const version = first.doc!.querySelector('input[name="version"]')!.getAttribute('value')!;
    const other = await signedInStaff(shop, 'ROLE_ADMIN');
    await other.get(`/admin/navody/${id}`);
    expect((await other.form(`/admin/navody/${id}`, guide({ title: 'Ruže – nová verzia', version }))).status).toBe(303);
    const late = await editor.form(`/admin/navody/${id}`, guide({ title: 'Moja verzia', version }));
    expect(late.status).toBe(409);
    expect(late.doc!.querySelector('[data-field="form-error"]')?.textContent).toContain('medzitým');
    expect(late.doc!.querySelector('input[name="title"]')?.getAttribute('value')).toBe('Moja verzia');
    expect(shop.db.$client.prepare('SELECT title FROM blog_posts WHERE id = ?').pluck().get(id)).toBe('Ruže – nová verzia');
    const updates = auditRows(shop, 'guide.update');
    expect(updates).toHaveLength(1);
    expect(JSON.parse(updates[0].before!).title).toBe('Ako zasadiť ruže');
  });

  it('stores an uploaded image re-encoded as JPEG and refuses a file that is no image', async () => {
    const id = shop.db.$client.prepare('SELECT id FROM blog_posts WHERE slug = ?').pluck().get('ako-zasadit-ruze') as number;
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c00' } }).png().toBuffer();
    const post = async (file: Blob, name: string) => {
      const page = await editor.get(`/admin/navody/${id}`);
      const body = new FormData();
      body.set('_csrf', editor.csrf);
      for (const [k, v] of Object.entries(guide({ title: 'Ruže – nová verzia', version: page.doc!.querySelector('input[name="version"]')!.getAttribute('value')! }))) body.set(k, v);
      body.set('image', file, name);
      return shop.app.request(`/admin/navody/${id}`, { method: 'POST', body, headers: editor.headers(), redirect: 'manual' }, editor.env());
    };
    const refused = await post(new Blob(['<script>alert(1)</script>'], { type: 'image/png' }), 'zly.png');
    expect(refused.status).toBe(400);
    expect(parseHtml(await refused.text()).querySelector('#f-image-error')?.textContent).toContain('zly.png');
    const ok = await post(new Blob([new Uint8Array(png)], { type: 'image/png' }), 'ruza.png');
    expect(ok.status).toBe(303);
    const image = shop.db.$client.prepare('SELECT image FROM blog_posts WHERE id = ?').pluck().get(id) as string;
    expect(image).toMatch(/^[a-f0-9]{32}\.jpg$/);
    const served = await shopPage(`/data/blog/image/${image}`);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe('jpeg');
  });

  it('a shopper without a staff session is not let in; a hidden guide leaves the shop', async () => {
    const anonymous = await shop.app.request('/admin/navody', { headers: { host: '127.0.0.1:3000' }, redirect: 'manual' });
    expect([302, 303, 401, 403]).toContain(anonymous.status);
    const id = shop.db.$client.prepare('SELECT id FROM blog_posts WHERE slug = ?').pluck().get('ako-zasadit-ruze') as number;
    const page = await editor.get(`/admin/navody/${id}`);
    const version = page.doc!.querySelector('input[name="version"]')!.getAttribute('value')!;
    const hidden = guide({ title: 'Ruže – nová verzia', version });
    delete (hidden as Record<string, string>).visible;
    expect((await editor.form(`/admin/navody/${id}`, hidden)).status).toBe(303);
    expect((await shopPage(`/navody-inspiracie/${category.slug}/ako-zasadit-ruze`)).status).toBe(404);
  });
});
