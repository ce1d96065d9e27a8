import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMessage, createStream, findStream } from '../../server/streams/streams.service';
import { createTestShop, type TestShop } from '../setup/test-app';
import { auditRows, signedInStaff, type StaffBrowser } from './admin.client';
import { Browser } from './accounts.client';
import { SK } from './catalog-helpers';

let shop: TestShop;
let admin: StaffBrowser;

beforeAll(async () => {
  shop = createTestShop({ products: 4 });
  admin = await signedInStaff(shop, 'ROLE_ADMIN');
});
afterAll(() => shop.close());

const URL_OK = 'https://www.youtube.com/watch?v=M7lc1UVf-VE';
const streamId = (name: string) => (shop.db.$client.prepare('SELECT id FROM video_streams WHERE name = ?').get(name) as { id: number }).id;

/** Reads an open event stream until an event of `name` arrives (no timers: each read waits for the next frame). */
async function untilEvent(reader: ReadableStreamDefaultReader<Uint8Array>, name: string) {
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error('the event stream ended');
    text += decoder.decode(value, { stream: true });
    const frame = text.split('\n\n').find((block) => block.includes(`event: ${name}\n`));
    if (frame) return JSON.parse(frame.split('\n').find((l) => l.startsWith('data: '))!.slice(6));
  }
}

describe('/admin/streamy', () => {
  it('is for admins only: an editor gets 403, a shopper the staff sign-in; the menu lists it for an admin', async () => {
    const editor = await signedInStaff(shop, 'ROLE_EDITOR');
    expect((await editor.get('/admin/streamy')).status).toBe(403);
    expect((await editor.form('/admin/streamy', { name: 'x', url: URL_OK })).status).toBe(403);
    const shopper = new Browser(shop);
    await shopper.signUpAndIn('divak@example.sk');
    const asShopper = await shop.app.request('/admin/streamy', { headers: shopper.headers({}) });
    // A shopper's session is no staff session: the guard sends them to the staff sign-in (tests/server/admin-access.test.ts).
    expect(asShopper.status).toBe(303);
    expect(asShopper.headers.get('location')).toMatch(/^\/admin\/prihlasenie\?r=/);
    const home = await admin.get('/admin');
    expect(home.doc!.querySelector('a[href="/admin/streamy"]')?.textContent).toContain('Živé vysielania');
  });

  it('creates a stream (validated), edits it (a stale save refused), starts and ends it as the spec states say; every write audited', async () => {
    const bad = await admin.form('/admin/streamy', { name: '', url: 'javascript:alert(1)', description: '' });
    expect(bad.status).toBe(400);
    expect(bad.doc!.querySelector('#f-name-error')?.textContent).toBe('Toto pole je povinné');
    expect(bad.doc!.querySelector('#f-url-error')).not.toBeNull();
    expect(bad.doc!.querySelector('input[name="url"]')?.getAttribute('value')).toBe('javascript:alert(1)');
    const made = await admin.form('/admin/streamy', { name: 'Jarné výsadby', url: URL_OK, description: 'Naživo zo skleníka', live: '' });
    const id = streamId('Jarné výsadby');
    expect(made.location).toBe(`/admin/streamy/${id}?ok=created`);
    expect(findStream(shop.db, id)).toMatchObject({ live: false, startedAt: null });
    expect((await shop.app.request(`/live/${id}`, { headers: SK })).status).toBe(200);

    const page = await admin.get(`/admin/streamy/${id}`);
    expect(page.doc!.querySelector('[data-field="state"]')?.textContent).toContain('Práve nevysielame');
    const version = page.doc!.querySelector('form[data-form="stream"] input[name="version"]')!.getAttribute('value')!;
    expect((await admin.form(`/admin/streamy/${id}`, { name: 'Jarné výsadby naživo', url: URL_OK, description: '', version })).location).toBe(`/admin/streamy/${id}?ok=saved`);
    const stale = await admin.form(`/admin/streamy/${id}`, { name: 'Iný názov', url: URL_OK, description: '', version });
    expect(stale.status).toBe(409);
    expect(stale.doc!.querySelector('input[name="name"]')?.getAttribute('value')).toBe('Iný názov');
    expect(findStream(shop.db, id)!.name).toBe('Jarné výsadby naživo');

    await admin.form(`/admin/streamy/${id}/stav`, { state: 'start' });
    const started = findStream(shop.db, id)!;
    expect(started.live).toBe(true);
    expect(started.startedAt).toBe(shop.clock.now().getTime());
    await admin.form(`/admin/streamy/${id}/stav`, { state: 'end' });
    expect(findStream(shop.db, id)).toMatchObject({ live: false, startedAt: started.startedAt });
    expect((await admin.get(`/admin/streamy/${id}`)).doc!.querySelector('[data-field="state"]')?.textContent).toContain('Stream skončil');
    expect(auditRows(shop).filter((a) => a.section === 'streams').map((a) => a.action)).toEqual(['streams.stream.create', 'streams.stream.update', 'streams.stream.start', 'streams.stream.end']);
  });

  it('adds, edits and removes chapters of the spec types (HTML sanitised, ids and slugs checked); the stream API carries them', async () => {
    const id = streamId('Jarné výsadby naživo');
    const bad = await admin.form(`/admin/streamy/${id}/kapitoly/new`, { type: '3', value: '12, abc', sort: '', timestamp: '' });
    expect(bad.status).toBe(400);
    expect(bad.doc!.querySelector('#f-cnew-value-error')?.textContent).toBe('Zadajte čísla oddelené čiarkou, napríklad 12, 15');
    expect(bad.doc!.querySelector('#f-cnew-value')?.textContent).toBe('12, abc');
    const type7 = await admin.form(`/admin/streamy/${id}/kapitoly/new`, { type: '7', value: '1' });
    expect(type7.status).toBe(400);
    expect((await admin.form(`/admin/streamy/${id}/kapitoly/new`, { type: '1', value: '<p onclick="x()">Vitajte<script>alert(1)</script></p>', sort: '0', timestamp: '0' })).location).toBe(`/admin/streamy/${id}?ok=chapter#kapitoly`);
    await admin.form(`/admin/streamy/${id}/kapitoly/new`, { type: '5', value: 'kvety, zahrada', sort: '1', timestamp: '30' });
    const [html, links] = findStream(shop.db, id)!.chapters;
    expect(html.value).toBe('<p>Vitajte</p>');
    expect(links).toMatchObject({ type: 5, value: 'kvety,zahrada', sort: 1, timestamp: 30 });
    const page = await admin.get(`/admin/streamy/${id}`);
    const version = page.doc!.querySelector(`form[data-chapter="${links.id}"] input[name="version"]`)!.getAttribute('value')!;
    await admin.form(`/admin/streamy/${id}/kapitoly/${links.id}`, { type: '3', value: '1,2', sort: '2', timestamp: '45', version });
    expect(findStream(shop.db, id)!.chapters[1]).toMatchObject({ type: 3, value: '1,2', timestamp: 45 });
    const stale = await admin.form(`/admin/streamy/${id}/kapitoly/${links.id}`, { type: '3', value: '3', sort: '2', timestamp: '45', version });
    expect(stale.status).toBe(409);
    expect(stale.doc!.querySelector('[data-field="form-error"]')?.textContent).toContain('Medzitým');
    expect(stale.doc!.querySelector(`#f-c${links.id}-value`)?.textContent).toBe('3');
    expect(findStream(shop.db, id)!.chapters[1].value).toBe('1,2');
    const api = JSON.parse(await (await shop.app.request(`/api/video-stream/${id}`, { headers: SK })).text());
    expect(api.chapters.map((ch: { type: number }) => ch.type)).toEqual([1, 3]);
    expect((await admin.form(`/admin/streamy/${id}/kapitoly/${html.id}`, { delete: '1' })).location).toBe(`/admin/streamy/${id}?ok=deleted#kapitoly`);
    expect(findStream(shop.db, id)!.chapters).toHaveLength(1);
    expect(auditRows(shop).filter((a) => a.section === 'streams').map((a) => a.action).slice(-4)).toEqual(['streams.chapter.create', 'streams.chapter.create', 'streams.chapter.update', 'streams.chapter.delete']);
  });

  it('lists messages newest first; hiding one tells the open stream pages at once and drops it from the JSON, audited', async () => {
    const id = streamId('Jarné výsadby naživo');
    const now = shop.clock.now();
    const [first, bad, last] = ['Dobrý deň', 'Nevhodná správa', 'Ďakujem'].map((text) => addMessage(shop.db, { streamId: id, userId: null, name: 'Jana', text, now }));
    const list = await admin.get(`/admin/streamy/${id}`);
    expect([...list.doc!.querySelectorAll('[data-message]')].map((r) => Number(r.getAttribute('data-message')))).toEqual([last.id, bad.id, first.id]);

    const open = await shop.app.request(`/api/video-stream/${id}/events`, { headers: { ...SK, accept: 'text/event-stream' } });
    const reader = open.body!.getReader();
    await untilEvent(reader, 'counts');
    const hidden = await admin.form(`/admin/streamy/${id}/spravy/${bad.id}/skryt`);
    expect(hidden.location).toBe(`/admin/streamy/${id}?ok=hidden#spravy`);
    expect(await untilEvent(reader, 'hide')).toEqual({ id: bad.id });
    await reader.cancel();

    const api = JSON.parse(await (await shop.app.request(`/api/video-stream/${id}`, { headers: SK })).text());
    expect(api.messages.map((m: { text: string }) => m.text)).toEqual(['Dobrý deň', 'Ďakujem']);
    expect(api.count_comment).toBe(2);
    const after = await admin.get(`/admin/streamy/${id}`);
    expect(after.doc!.querySelector(`[data-message="${bad.id}"] [data-field="action"]`)?.textContent).toContain('Skrytá');
    expect(auditRows(shop, 'streams.message.hide').map((a) => a.subject)).toEqual([`${id}/${bad.id}`]);
    const otherStream = createStream(shop.db, { name: 'Iný stream', url: URL_OK, live: false, startedAt: null });
    const other = addMessage(shop.db, { streamId: otherStream, userId: null, name: '', text: 'x', now }).id;
    expect((await admin.form(`/admin/streamy/${id}/spravy/${other}/skryt`)).status).toBe(404);
    // Hidden already: nothing changes, no second audit row.
    await admin.form(`/admin/streamy/${id}/spravy/${bad.id}/skryt`);
    expect(auditRows(shop, 'streams.message.hide')).toHaveLength(1);
  });
});
