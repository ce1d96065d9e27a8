import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseHtml } from '../setup/html';
import { createTestShop, type TestShop } from '../setup/test-app';
import { auditRows, StaffBrowser, signedInStaff } from './admin.client';

let shop: TestShop;
let editor: StaffBrowser;

beforeAll(async () => {
  shop = createTestShop({ products: 0 });
  editor = await signedInStaff(shop, 'ROLE_EDITOR');
});
afterAll(() => shop.close());

const shopPage = (path: string) => shop.app.request(path, { headers: { host: '127.0.0.1:3000' } });
const page = (over: Record<string, string> = {}) => ({ title: 'Ako nakupovať', slug: 'ako-nakupovat', shop: '', body: '<h1>Nákup</h1><p>Vyberte tovar.</p>', visible: 'on', ...over });

describe('static pages (stránky)', () => {
  it('creates a page through the editor and sanitiser; the shop shows it on the next request as the preview drew it', async () => {
    expect((await shopPage('/ako-nakupovat')).status).toBe(404);
    const previewed = await editor.form('/admin/stranky/nahlad', page({ body: '<p>Vyberte tovar.</p><a href="javascript:x()" onclick="y()">klik</a>' }));
    expect(previewed.status).toBe(200);
    const saved = await editor.form('/admin/stranky/nova', page({ body: '<p>Vyberte tovar.</p><a href="javascript:x()" onclick="y()">klik</a>' }));
    expect(saved.status).toBe(303);
    const after = await editor.get(saved.location!);
    expect(after.doc!.querySelector('[data-field="notice"]')?.textContent).toBe('Stránka je vytvorená.');
    expect(after.doc!.querySelector('[data-field="removed"]')?.textContent).toContain('onclick na <a>');
    const shown = await shopPage('/ako-nakupovat');
    expect(shown.status).toBe(200);
    const doc = parseHtml(await shown.text());
    expect(doc.querySelector('.static-post h1')?.textContent).toBe('Ako nakupovať');
    expect(doc.querySelector('.static-post .prose')!.innerHTML).toBe(previewed.doc!.querySelector('.static-post .prose')!.innerHTML);
    expect(auditRows(shop, 'page.create')).toHaveLength(1);
    const list = await editor.get('/admin/stranky?q=nakupovat');
    expect(list.doc!.querySelectorAll('[data-page]')).toHaveLength(1);
  });

  it('refuses bad and taken addresses with the typed values kept, and a stale save', async () => {
    const bad = await editor.form('/admin/stranky/nova', page({ slug: '../admin', title: 'X' }));
    expect(bad.status).toBe(400);
    expect(bad.doc!.querySelector('#f-slug-error')).not.toBeNull();
    expect(bad.doc!.querySelector('input[name="slug"]')?.getAttribute('value')).toBe('../admin');
    const taken = await editor.form('/admin/stranky/nova', page());
    expect(taken.doc!.querySelector('#f-slug-error')?.textContent).toBe('Táto adresa sa už používa');

    const id = shop.db.$client.prepare('SELECT id FROM static_posts WHERE slug = ?').pluck().get('ako-nakupovat') as number;
    const form = await editor.get(`/admin/stranky/${id}`);
    const version = form.doc!.querySelector('input[name="version"]')!.getAttribute('value')!;
    expect((await editor.form(`/admin/stranky/${id}`, page({ title: 'Nakupovanie', version }))).status).toBe(303);
    const stale = await editor.form(`/admin/stranky/${id}`, page({ title: 'Stará verzia', version }));
    expect(stale.status).toBe(409);
    expect(stale.doc!.querySelector('input[name="title"]')?.getAttribute('value')).toBe('Stará verzia');
    expect(auditRows(shop, 'page.update')).toHaveLength(1);

    // Hidden: gone from the shop on the next request.
    const again = await editor.get(`/admin/stranky/${id}`);
    const hidden = page({ title: 'Nakupovanie', version: again.doc!.querySelector('input[name="version"]')!.getAttribute('value')! });
    delete (hidden as Record<string, string>).visible;
    expect((await editor.form(`/admin/stranky/${id}`, hidden)).status).toBe(303);
    expect((await shopPage('/ako-nakupovat')).status).toBe(404);
  });
});
