import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runAccountsCli } from '../../server/accounts/cli';
import { createTestShop, type TestShop } from '../setup/test-app';
import { Browser, STRONG } from './accounts.client';
import { auditRows, signedInStaff, type StaffBrowser } from './admin.client';
import { svgImage, zipArchive } from './claims.helpers';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let shop: TestShop;
let uploads: string;
let staff: StaffBrowser;
const b: Record<'author' | 'other' | 'consumer', Browser> = {} as never;

const png = (side = 64, colour = '#2a6') => sharp({ create: { width: side, height: side, channels: 3, background: colour } }).png().toBuffer();
/** A real PNG with a text chunk inserted after IHDR. */
async function pngWithText(text: string): Promise<Buffer> {
  const image = await png();
  const data = Buffer.from(text, 'latin1');
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write('tEXt', 4, 'latin1');
  return Buffer.concat([image.subarray(0, 33), head, data, Buffer.alloc(4), image.subarray(33)]);
}
/** A noisy PNG of at least `bytes` bytes (noise does not compress). */
async function pngOfSize(bytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt(bytes / 3));
  const raw = Buffer.alloc(side * side * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
}

async function send(who: Browser, path: string, fields: Record<string, string>, file?: { name: string; bytes: Buffer; type?: string }) {
  await who.holdToken();
  const form = new FormData();
  form.append('_csrf', who.csrf);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('image', new File([new Uint8Array(file.bytes)], file.name, { type: file.type ?? 'image/png' }));
  const r = await who.shop.app.request(path, { method: 'POST', body: form, headers: who.headers(), redirect: 'manual' });
  return { status: r.status, location: r.headers.get('location'), text: await r.text() };
}

const storyRow = (title: string) =>
  shop.db.$client.prepare('SELECT id, slug, status, image, refusal FROM stories WHERE title = ?').get(title) as { id: number; slug: string; status: string; image: string | null; refusal: string | null };
const codes = () => shop.db.$client.prepare('SELECT code_public FROM products WHERE visible = 2 AND parent_id IS NULL ORDER BY id DESC LIMIT 2').pluck().all() as string[];
const catalogVersion = () => shop.db.$client.prepare('SELECT version FROM catalog_version WHERE id = 1').pluck().get() as number;
const errorOf = (html: string, field: string) => html.match(new RegExp(`id="f-story-${field}-error">([^<]*)<`))?.[1];

beforeAll(async () => {
  uploads = mkdtempSync(join(tmpdir(), 'obchod-stories-'));
  shop = createTestShop({ products: 8, env: { UPLOADS_DIR: uploads } });
  for (const who of ['author', 'other', 'consumer'] as const) {
    const browser = new Browser(shop);
    await browser.signUpAndIn(`${who}@example.sk`, STRONG);
    if (who !== 'consumer') runAccountsCli(shop.db, ['approve', '--email', `${who}@example.sk`, '--role', 'story'], () => {});
    b[who] = browser;
  }
  staff = await signedInStaff(shop, 'ROLE_ADMIN');
});
afterAll(() => {
  shop.close();
  rmSync(uploads, { recursive: true, force: true });
});

describe('Rakeťák', () => {
  it('is for ROLE_STORY only: others get 403 on every route, the menu links it for the author', async () => {
    for (const path of ['/moje/raketak', '/moje/raketak/novy', '/moje/raketak/1']) expect((await b.consumer.get(path)).status).toBe(403);
    expect((await send(b.consumer, '/moje/raketak/novy', { title: 'X' })).status).toBe(403);
    expect((await new Browser(shop).get('/moje/raketak')).status).toBe(303);
    const page = await b.author.get('/moje/raketak');
    expect(page.status).toBe(200);
    expect(page.doc!.querySelector('a[href="/moje/raketak"]')?.textContent).toContain('Rakeťák');
    expect(page.doc!.querySelector('a[href="/moje/raketak/novy"]')).not.toBeNull();
  });

  it('saves a draft, edits it, refuses a submit without text and image, submits with a picture re-encoded', async () => {
    const [a, c] = codes();
    const empty = await send(b.author, '/moje/raketak/novy', { title: ' ', body: 'Text', products: a, action: 'save' });
    expect(empty.status).toBe(400);
    expect(errorOf(empty.text, 'title')).toBe('Názov je povinný.');
    expect(empty.text).toContain('>Text</textarea>');

    const idOfC = shop.db.$client.prepare('SELECT id FROM products WHERE code_public = ?').pluck().get(c) as number;
    // A code in any case, or the product's number.
    const draft = await send(b.author, '/moje/raketak/novy', { title: 'Leto pri jazere', body: '', products: `${a.toLowerCase()}, ${idOfC}`, action: 'save' });
    expect(draft.status).toBe(303);
    const row = storyRow('Leto pri jazere');
    expect(row).toMatchObject({ status: 'draft', slug: `leto-pri-jazere-${row.id}` });
    expect(draft.location).toBe(`/moje/raketak?ok=ulozeny#pribeh-${row.id}`);
    const edit = await b.author.get(`/moje/raketak/${row.id}`);
    expect(edit.doc!.querySelector<HTMLInputElement>('input[name="products"]')?.getAttribute('value')).toBe(`${a}, ${c}`);

    const unknown = await send(b.author, `/moje/raketak/${row.id}`, { title: 'Leto pri jazere', products: 'NEEXISTUJE', action: 'save' });
    expect([unknown.status, errorOf(unknown.text, 'products')]).toEqual([400, 'Niektorý z produktov sme nenašli. Skontrolujte kódy.']);

    const bare = await send(b.author, `/moje/raketak/${row.id}`, { title: 'Leto pri jazere', body: '', products: a, action: 'submit' });
    expect(bare.status).toBe(400);
    expect([errorOf(bare.text, 'body'), errorOf(bare.text, 'image')]).toEqual(['Napíšte text príbehu.', 'Pridajte obrázok.']);

    const before = catalogVersion();
    const sent = await send(b.author, `/moje/raketak/${row.id}`, { title: 'Leto pri jazere', body: 'Voda bola teplá.\nStan vydržal.', products: `${a} ${c}`, action: 'submit' }, {
      name: 'leto.png',
      bytes: await pngWithText('Author\0Anna Nováková'),
    });
    expect([sent.status, sent.location]).toEqual([303, `/moje/raketak?ok=odoslany#pribeh-${row.id}`]);
    expect(catalogVersion()).toBe(before); // pending: not public yet
    const stored = storyRow('Leto pri jazere');
    expect(stored.status).toBe('pending');
    expect(stored.image).toMatch(/^[A-Za-z0-9_-]{22}\.jpg$/);
    const bytes = readFileSync(join(uploads, 'stories', stored.image!));
    expect((await sharp(bytes).metadata()).format).toBe('jpeg');
    expect(bytes.toString('latin1')).not.toContain('Nováková');
    const image = await shop.app.request(`/data/story/image/${stored.image}`);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(image.headers.get('cache-control')).toContain('immutable');

    const locked = await send(b.author, `/moje/raketak/${row.id}`, { title: 'Iný', body: 'x', action: 'save' });
    expect(locked.status).toBe(409);
    expect(locked.text).toContain('Príbeh čaká na schválenie, nedá sa upravovať.');
    const list = await b.author.get('/moje/raketak?ok=odoslany');
    expect(list.doc!.querySelector(`#pribeh-${row.id} [data-field="status"]`)?.textContent).toBe('Čaká na schválenie');
    expect(list.text).toContain('Príbeh bol odoslaný na schválenie.');
  });

  it("another author's story is a 404, to read and to write", async () => {
    const { id } = storyRow('Leto pri jazere');
    expect((await b.other.get(`/moje/raketak/${id}`)).status).toBe(404);
    expect((await send(b.other, `/moje/raketak/${id}`, { title: 'Cudzí', action: 'save' })).status).toBe(404);
    expect((await b.other.get('/moje/raketak/99999')).status).toBe(404);
  });

  it('checks the picture by its content: over 307,200 bytes, a zip named .png, an SVG, a PNG with a script', async () => {
    const big = await pngOfSize(307_201);
    expect(big.length).toBeGreaterThan(307_200);
    const refusals: [Buffer, string][] = [
      [big, 'Neplatná veľkosť súboru, súbor musí byť menší ako 300 KB.'],
      [zipArchive(), 'Neplatný typ súboru, povolené sú iba obrázky.'],
      [svgImage(), 'Neplatný typ súboru, povolené sú iba obrázky.'],
      [Buffer.concat([await png(), Buffer.from('<script>alert(1)</script>')]), 'Neplatný typ súboru, povolené sú iba obrázky.'],
    ];
    const files = readdirSync(join(uploads, 'stories')).length;
    for (const [bytes, message] of refusals) {
      const refused = await send(b.other, '/moje/raketak/novy', { title: 'Obrázok', body: 'x', action: 'submit' }, { name: 'x.png', bytes });
      expect([refused.status, errorOf(refused.text, 'image')]).toEqual([400, message]);
    }
    expect(readdirSync(join(uploads, 'stories')).length).toBe(files);
    expect(shop.db.$client.prepare("SELECT COUNT(*) FROM stories WHERE title = 'Obrázok'").pluck().get()).toBe(0);
  });

  it('the operator approves: the catalogue version moves, the home strip and the story page show it with its products', async () => {
    const { id, slug } = storyRow('Leto pri jazere');
    const admin = await staff.get('/admin/pribehy');
    expect(admin.status).toBe(200);
    expect(admin.doc!.querySelector(`[data-story="${id}"]`)?.textContent).toContain('Leto pri jazere');
    expect((await b.author.get('/admin/pribehy')).status).not.toBe(200);

    const before = catalogVersion();
    const approved = await staff.form(`/admin/pribehy/${id}/schvalit`);
    expect([approved.status, approved.location]).toEqual([303, '/admin/pribehy?ok=approved']);
    expect(catalogVersion()).toBeGreaterThan(before);
    expect(auditRows(shop, 'story.approve')).toHaveLength(1);
    expect((await staff.form(`/admin/pribehy/${id}/schvalit`)).status).toBe(409);

    const home = await new Browser(shop).get('/');
    const strip = home.doc!.querySelector('.story-strip');
    expect(strip?.querySelector(`a[href="/pribehy/${slug}"]`)?.textContent).toContain('Leto pri jazere');
    expect(strip?.textContent).toContain('Víkend na balkóne'); // the seeded story
    expect(strip?.textContent).not.toContain('Jesenné upratovanie'); // seeded, pending

    const page = await new Browser(shop).get(`/pribehy/${slug}`);
    expect(page.status).toBe(200);
    expect(page.response.headers.get('cache-control')).not.toContain('no-store');
    expect(page.doc!.querySelectorAll('.story-page .product-card')).toHaveLength(2);
    expect(page.doc!.querySelector('.story-page__text')?.textContent).toContain('Stan vydržal.');
    expect((await new Browser(shop).get('/pribehy/jesenne-upratovanie')).status).toBe(404);

    const locked = await send(b.author, `/moje/raketak/${id}`, { title: 'Iný', body: 'x', action: 'save' });
    expect([locked.status, locked.text.includes('Príbeh je schválený. Už ho nemôžete upravovať.')]).toEqual([409, true]);
  });

  it('counts views through a no-store beacon and shows them to the author', async () => {
    const { id, slug } = storyRow('Leto pri jazere');
    const page = await new Browser(shop).get(`/pribehy/${slug}`);
    const beacon = page.doc!.querySelector('.story-page__beacon')!.getAttribute('src')!;
    for (let i = 0; i < 3; i++) {
      const hit = await shop.app.request(beacon);
      expect([hit.status, hit.headers.get('cache-control'), hit.headers.get('content-type')]).toEqual([200, 'no-store', 'image/gif']);
    }
    const version = catalogVersion();
    await shop.app.request('/pribehy/jesenne-upratovanie/zobrazenie.gif');
    expect(catalogVersion()).toBe(version);
    const list = await b.author.get('/moje/raketak');
    expect(list.doc!.querySelector(`#pribeh-${id} [data-field="views"]`)?.textContent).toBe('Zobrazenia: 3');
  });

  it('a refusal needs a reason, which the author reads, and the story can be edited and sent again', async () => {
    const sent = await send(b.other, '/moje/raketak/novy', { title: 'Zimné ráno', body: 'Sneh.', action: 'submit' }, { name: 'z.png', bytes: await png(80, '#eef') });
    expect(sent.status).toBe(303);
    const { id } = storyRow('Zimné ráno');
    const noReason = await staff.form(`/admin/pribehy/${id}/zamietnut`, { reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(noReason.doc!.querySelector(`#f-reason-${id}-error`)?.textContent).toBe('Napíšte autorovi, prečo príbeh zamietate');
    const refused = await staff.form(`/admin/pribehy/${id}/zamietnut`, { reason: 'Obrázok nesúvisí s textom.' });
    expect(refused.location).toBe('/admin/pribehy?ok=refused');
    expect(storyRow('Zimné ráno')).toMatchObject({ status: 'refused', refusal: 'Obrázok nesúvisí s textom.' });
    const list = await b.other.get('/moje/raketak');
    expect(list.doc!.querySelector(`#pribeh-${id} [data-field="refusal"]`)?.textContent).toBe('Dôvod zamietnutia: Obrázok nesúvisí s textom.');
    const again = await send(b.other, `/moje/raketak/${id}`, { title: 'Zimné ráno', body: 'Sneh a para z čaju.', action: 'submit' });
    expect(again.status).toBe(303);
    expect(storyRow('Zimné ráno')).toMatchObject({ status: 'pending', refusal: null });
  });
});
