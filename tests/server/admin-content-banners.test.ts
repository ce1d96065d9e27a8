import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseHtml } from '../setup/html';
import { createTestShop, type TestShop } from '../setup/test-app';
import { auditRows, StaffBrowser, signedInStaff } from './admin.client';

let shop: TestShop;
let editor: StaffBrowser;

beforeAll(async () => {
  shop = createTestShop({ products: 4, env: { UPLOADS_DIR: mkdtempSync(join(tmpdir(), 'banners-')) } });
  editor = await signedInStaff(shop, 'ROLE_EDITOR');
});
afterAll(() => shop.close());

const home = async () => parseHtml(await (await shop.app.request('/', { headers: { host: '127.0.0.1:3000' } })).text());

async function postBanner(path: string, fields: Record<string, string>, files: Record<string, Blob> = {}) {
  const body = new FormData();
  body.set('_csrf', editor.csrf);
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  for (const [k, v] of Object.entries(files)) body.set(k, v, `${k}.png`);
  const response = await shop.app.request(path, { method: 'POST', body, headers: editor.headers(), redirect: 'manual' }, editor.env());
  return { status: response.status, location: response.headers.get('location'), doc: parseHtml(await response.text()) };
}

const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#08c' } }).png().toBuffer().then((b) => new Blob([new Uint8Array(b)], { type: 'image/png' }));
const banner = (over: Record<string, string> = {}) => ({ name: 'Zimná akcia', shop: '', url: '/akcia', alt: 'Zimná akcia', headline: 'Zimná akcia: teplé deky o 20 % lacnejšie', text: 'Len do nedele.', cta: 'Chcem deku', position: '0', validFrom: '', validTo: '', visible: 'on', ...over });

describe('banners (bannery)', () => {
  it('refuses a link that is neither a shop path nor https, reversed dates and a missing pc image, keeping the values', async () => {
    await editor.get('/admin/bannery/novy');
    const wrong = await postBanner('/admin/bannery/novy', banner({ url: 'javascript:alert(1)', validFrom: '2026-12-10', validTo: '2026-12-01' }));
    expect(wrong.status).toBe(400);
    expect(wrong.doc.querySelector('#f-url-error')?.textContent).toContain('https://');
    expect(wrong.doc.querySelector('#f-validTo-error')?.textContent).toBe('Koniec platnosti je pred jej začiatkom');
    expect(wrong.doc.querySelector('input[name="url"]')?.getAttribute('value')).toBe('javascript:alert(1)');
    for (const url of ['//evil.example/x', 'http://example.com/']) expect((await postBanner('/admin/bannery/novy', banner({ url }))).status).toBe(400);
    // The copy: a new banner needs a headline; each text has its limit; the values stay in the form.
    const copy = await postBanner('/admin/bannery/novy', banner({ headline: '', text: 't'.repeat(161), cta: 'c'.repeat(31) }));
    expect(copy.status).toBe(400);
    for (const field of ['headline', 'text', 'cta']) expect(copy.doc.querySelector(`#f-${field}-error`), field).not.toBeNull();
    expect(copy.doc.querySelector('input[name="cta"]')?.getAttribute('value')).toBe('c'.repeat(31));
    const noImage = await postBanner('/admin/bannery/novy', banner());
    expect(noImage.status).toBe(400);
    expect(noImage.doc.querySelector('#f-pc-error')?.textContent).toBe('Nahrajte obrázok pre počítač');
  });

  it('creates a banner with pc and mobile images (re-encoded) that the home page shows first on the next request', async () => {
    const saved = await postBanner('/admin/bannery/novy', banner(), { pc: await png(1200, 300), mobile: await png(600, 300) });
    expect(saved.status).toBe(303);
    const rows = shop.db.$client.prepare("SELECT size, file_path AS path, url FROM banners WHERE name = 'Zimná akcia' ORDER BY size").all() as { size: string; path: string; url: string }[];
    expect(rows.map((r) => r.size)).toEqual(['mobile', 'pc']);
    for (const row of rows) expect(row.path).toMatch(/^\/data\/banner\/[a-f0-9]{32}\.jpg$/);
    const image = await shop.app.request(rows[1].path, { headers: { host: '127.0.0.1:3000' } });
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    const doc = await home();
    const carousel = doc.querySelector('shop-banner-carousel')!;
    const listed = JSON.parse(carousel.getAttribute('banners')!) as { name: string; url: string }[];
    expect(listed[0]).toMatchObject({ name: 'Zimná akcia', url: '/akcia' });
    expect(doc.querySelector('.banner-carousel__slide')?.getAttribute('href')).toBe('/akcia');
    // Without JS the first slide shows its copy as text over the art, the call to action inside its link.
    expect(doc.querySelector('.banner-carousel__slide .banner-carousel__headline')?.textContent).toBe('Zimná akcia: teplé deky o 20 % lacnejšie');
    expect(doc.querySelector('.banner-carousel__slide .banner-carousel__text')?.textContent).toBe('Len do nedele.');
    expect(doc.querySelector('a.banner-carousel__slide[href="/akcia"] .banner-carousel__cta.button')?.textContent).toBe('Chcem deku');
    expect(doc.querySelector('.banner-carousel__slide img')?.getAttribute('alt')).toBe('');
    const [row] = auditRows(shop, 'banner.create');
    expect(row.section).toBe('banners');
    expect(JSON.parse(row.after!)).toMatchObject({ headline: 'Zimná akcia: teplé deky o 20 % lacnejšie', cta: 'Chcem deku' });
    expect((await editor.get('/admin/bannery')).doc!.querySelector('[data-table="banners"]')?.textContent).toContain('Zimná akcia');
  });

  it('a banner outside its dates or switched off leaves the home page; a stale form is refused', async () => {
    const id = shop.db.$client.prepare("SELECT min(id) FROM banners WHERE name = 'Zimná akcia'").pluck().get() as number;
    const version = async () => (await editor.get(`/admin/bannery/${id}`)).doc!.querySelector('input[name="version"]')!.getAttribute('value')!;
    const v1 = await version();
    expect((await postBanner(`/admin/bannery/${id}`, banner({ validFrom: '2099-01-01', version: v1 }))).status).toBe(303);
    const names = async () => (JSON.parse((await home()).querySelector('shop-banner-carousel')?.getAttribute('banners') ?? '[]') as { name: string }[]).map((b) => b.name);
    expect(await names()).not.toContain('Zimná akcia');
    const stale = await postBanner(`/admin/bannery/${id}`, banner({ name: 'Stará', version: v1 }));
    expect(stale.status).toBe(409);
    expect(stale.doc.querySelector('input[name="name"]')?.getAttribute('value')).toBe('Stará');
    expect((await postBanner(`/admin/bannery/${id}`, banner({ version: await version() }))).status).toBe(303);
    expect(await names()).toContain('Zimná akcia');
    const off = banner({ version: await version() });
    delete (off as Record<string, string>).visible;
    expect((await postBanner(`/admin/bannery/${id}`, off)).status).toBe(303);
    expect(await names()).not.toContain('Zimná akcia');
    expect(auditRows(shop, 'banner.update')).toHaveLength(3);
  });

  it('shows a banner from the first to the last day of its window by the clock alone, no catalogue change between', async () => {
    const saved = await postBanner('/admin/bannery/novy', banner({ name: 'Vianočná akcia', validFrom: '2026-12-01', validTo: '2026-12-24' }), { pc: await png(1200, 300) });
    expect(saved.status).toBe(303);
    const names = async () => (JSON.parse((await home()).querySelector('shop-banner-carousel')?.getAttribute('banners') ?? '[]') as { name: string }[]).map((b) => b.name);
    const version = () => shop.db.$client.prepare('SELECT version FROM catalog_version WHERE id = 1').pluck().get();
    const started = shop.clock.now();
    try {
      shop.clock.set(new Date('2026-11-30T12:00:00Z'));
      expect(await names()).not.toContain('Vianočná akcia');
      const before = version();
      const tag = (await shop.app.request('/', { headers: { host: '127.0.0.1:3000' } })).headers.get('etag')!;
      shop.clock.set(new Date('2026-12-01T12:00:00Z'));
      expect(await names()).toContain('Vianočná akcia');
      // A browser or nginx revalidating the page it kept gets the new one, not a 304.
      expect((await shop.app.request('/', { headers: { host: '127.0.0.1:3000', 'if-none-match': tag } })).status).toBe(200);
      shop.clock.set(new Date('2026-12-25T12:00:00Z'));
      expect(await names()).not.toContain('Vianočná akcia');
      expect(version()).toBe(before);
    } finally {
      shop.clock.set(started);
    }
  });
});

describe('overlay messages (oznamy)', () => {
  it('validates the form, keeping the values, and saves a message the shop serves on the next request', async () => {
    await editor.get('/admin/oznamy/novy');
    const wrong = await editor.form('/admin/oznamy/novy', { text: '', severity: 'loud', position: 'middle', route: 'navody', target: '#x y', showDelay: '500', hideDelay: '100', sequence: '' });
    expect(wrong.status).toBe(400);
    for (const field of ['text', 'severity', 'position', 'route', 'target']) expect(wrong.doc!.querySelector(`#f-${field}-error`), field).not.toBeNull();
    expect(wrong.doc!.querySelector('input[name="route"]')?.getAttribute('value')).toBe('navody');
    const early = await editor.form('/admin/oznamy/novy', { text: 'Ahoj', severity: 'info', position: 'top', route: '/', showDelay: '500', hideDelay: '100' });
    expect(early.doc!.querySelector('#f-hideDelay-error')?.textContent).toBe('Skrytie musí nastať po zobrazení');

    const saved = await editor.form('/admin/oznamy/novy', { text: 'Doprava zadarmo do piatku', shop: 'sk', severity: 'success', position: 'top', route: '/navody-inspiracie', target: '', showDelay: '1000', hideDelay: '6000', sequence: '2', visible: 'on' });
    expect(saved.status).toBe(303);
    const served = await shop.app.request('/api/overlay', { headers: { host: '127.0.0.1:3000', 'x-referrer-route': '/navody-inspiracie/zahrada' } });
    const messages = (await served.json()) as { text: string; show_delay: number; hide_delay: number; sequence: number }[];
    expect(messages.find((m) => m.text === 'Doprava zadarmo do piatku')).toMatchObject({ show_delay: 1000, hide_delay: 6000, sequence: 2 });
    expect(auditRows(shop, 'overlay.create')).toHaveLength(1);
    const list = await editor.get('/admin/oznamy');
    expect(list.doc!.querySelector('[data-table="overlays"]')?.textContent).toContain('Doprava zadarmo do piatku');
  });
});
