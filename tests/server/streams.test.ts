import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../setup/test-app';
import { get, post, session, signedIn, sql, SK, type Session } from './catalog-helpers';
import { DEMO_LIVE_STREAM, DEMO_RECORDED_STREAM } from '../../server/db/seed/streams';
import { createStream, hideMessage } from '../../server/streams/streams.service';
import { runStreamsCli } from '../../server/streams/cli';

let shop: TestShop;
beforeAll(() => {
  shop = createTestShop({ products: 30 });
});
afterAll(() => shop.close());

interface SseEvent {
  event: string;
  id?: string;
  data: any;
}

/** An open event connection read as it arrives: `until` waits for the events a test expects (no timers). */
async function openEvents(path: string, headers: Record<string, string> = {}) {
  const response = await shop.app.request(path, { headers: { ...SK, accept: 'text/event-stream', ...headers } });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const events: SseEvent[] = [];
  let buffer = '';
  const until = async (done: (events: SseEvent[]) => boolean) => {
    while (!done(events)) {
      const { value, done: ended } = await reader.read();
      if (ended) throw new Error('the event stream ended');
      buffer += decoder.decode(value, { stream: true });
      let at: number;
      while ((at = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        if (block.startsWith(':')) continue;
        const fields: Record<string, string> = {};
        for (const line of block.split('\n')) {
          const colon = line.indexOf(': ');
          fields[line.slice(0, colon)] = (fields[line.slice(0, colon)] ? fields[line.slice(0, colon)] + '\n' : '') + line.slice(colon + 2);
        }
        events.push({ event: fields.event ?? 'message', id: fields.id, data: JSON.parse(fields.data) });
      }
    }
    return events;
  };
  return { response, events, until, close: () => reader.cancel() };
}

const messagesIn = (events: SseEvent[]) => events.filter((e) => e.event === 'message').map((e) => e.data.text);
const send = (s: Session, body: Record<string, unknown>) => post(shop, s, '/api/video-stream/message', body);

describe('streams: API', () => {
  it('GET /api/video-stream/{id} answers the spec fields with chapters of every type; unknown or malformed ids are 404 problems', async () => {
    const { response, html } = await get(shop, `/api/video-stream/${DEMO_RECORDED_STREAM}`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = JSON.parse(html);
    expect(body).toMatchObject({ id: DEMO_RECORDED_STREAM, live: false, count_user: 0, count_like: 12 });
    expect(Object.keys(body)).toEqual(expect.arrayContaining(['name', 'description', 'url', 'started_at', 'count_comment', 'chapters']));
    expect(body.chapters.map((ch: { type: number }) => ch.type)).toEqual([1, 2, 3, 4, 5, 6, 8]);
    expect(body.chapters[3]).toMatchObject({ stream: DEMO_RECORDED_STREAM, sort: 3, timestamp: 30 });
    const unknown = await get(shop, '/api/video-stream/99999');
    expect(unknown.status).toBe(404);
    expect(unknown.response.headers.get('content-type')).toContain('application/problem+json');
    expect(JSON.parse(unknown.html).detail).toBe('Stream neexistuje');
    const s = await signedIn(shop, ['ROLE_CONSUMER']);
    expect((await send(s, { video_stream_id: 99999, text: 'Ahoj' })).status).toBe(404);
    expect((await send(s, { video_stream_id: 'x<script>', text: 'Ahoj' })).status).toBe(404);
    expect((await post(shop, s, '/api/video-stream/like', {})).status).toBe(404);
  });

  it('a message needs a signed-in viewer; a 5,000-character text is a 400 with the field; HTML is kept as text', async () => {
    const guest = await session(shop);
    const refused = await send(guest, { video_stream_id: DEMO_LIVE_STREAM, text: 'Ahoj' });
    expect(refused.status).toBe(401);
    expect(refused.json.detail).toBe('Správy môžu posielať len prihlásení používatelia.');
    const s = await signedIn(shop, ['ROLE_CONSUMER']);
    const long = await send(s, { video_stream_id: DEMO_LIVE_STREAM, text: 'a'.repeat(5000) });
    expect(long.status).toBe(400);
    expect(long.json.errors).toEqual({ text: 'Správa môže mať najviac 500 znakov.' });
    expect((await send(s, { video_stream_id: DEMO_LIVE_STREAM, text: '   ' })).json.errors).toEqual({ text: 'Napíšte správu' });
    const before = sql<{ n: number }>(shop, 'SELECT count_comment AS n FROM video_streams WHERE id = ?', DEMO_LIVE_STREAM)[0].n;
    const html = await send(s, { video_stream_id: String(DEMO_LIVE_STREAM), text: '<b onmouseover="x()">tučné</b>', name: 'Eva' });
    expect(html.status).toBe(201);
    expect(html.json).toMatchObject({ name: 'Eva', text: '<b onmouseover="x()">tučné</b>' });
    expect(sql<{ n: number }>(shop, 'SELECT count_comment AS n FROM video_streams WHERE id = ?', DEMO_LIVE_STREAM)[0].n).toBe(before + 1);
    const page = await get(shop, `/live/${DEMO_LIVE_STREAM}`);
    expect(page.html).toContain('&lt;b onmouseover=&quot;x()&quot;&gt;tučné&lt;/b&gt;');
    expect(page.html).not.toContain('<b onmouseover');
  });

  it('a flood of messages from one user is a 429 after five in 10 s', async () => {
    const s = await signedIn(shop, ['ROLE_CONSUMER']);
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await send(s, { video_stream_id: DEMO_RECORDED_STREAM, text: `správa ${i}` })).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    shop.clock.set(new Date(shop.clock.now().getTime() + 10_000));
    expect((await send(s, { video_stream_id: DEMO_RECORDED_STREAM, text: 'znova' })).status).toBe(201);
  });

  it('one like per visit: a repeat is a no-op; a stream that is not live refuses it; /connect says where to listen', async () => {
    const s = await session(shop);
    const count = () => sql<{ n: number }>(shop, 'SELECT count_like AS n FROM video_streams WHERE id = ?', DEMO_LIVE_STREAM)[0].n;
    const before = count();
    const first = await post(shop, s, '/api/video-stream/like', { video_stream_id: DEMO_LIVE_STREAM });
    expect(first.json).toEqual({ liked: true, count_like: before + 1 });
    const again = await post(shop, s, '/api/video-stream/like', { video_stream_id: DEMO_LIVE_STREAM });
    expect(again.json).toEqual({ liked: false, count_like: before + 1 });
    expect(count()).toBe(before + 1);
    expect((await post(shop, s, '/api/video-stream/like', { video_stream_id: DEMO_RECORDED_STREAM })).status).toBe(409);
    const connect = await post(shop, s, '/api/video-stream/connect', { video_stream_id: DEMO_LIVE_STREAM });
    expect(connect.json).toMatchObject({ id: DEMO_LIVE_STREAM, live: true, events: `/api/video-stream/${DEMO_LIVE_STREAM}/events` });
  });
});

describe('streams: events', () => {
  it('two open connections both get a new message and the viewer count; no-store and unbuffered', async () => {
    const id = createStream(shop.db, { name: 'Test', url: 'https://www.youtube.com/watch?v=M7lc1UVf-VE', live: true, startedAt: shop.clock.now() });
    const a = await openEvents(`/api/video-stream/${id}/events`);
    const b = await openEvents(`/api/video-stream/${id}/events`);
    expect(a.response.headers.get('content-type')).toBe('text/event-stream');
    expect(a.response.headers.get('cache-control')).toBe('no-store');
    expect(a.response.headers.get('x-accel-buffering')).toBe('no');
    expect(a.response.headers.get('content-encoding')).toBeNull();
    await b.until((events) => events.some((e) => e.event === 'counts'));
    expect(b.events.find((e) => e.event === 'counts')!.data.count_user).toBe(2);
    const s = await signedIn(shop, ['ROLE_CONSUMER']);
    expect((await send(s, { video_stream_id: id, text: 'Ahoj všetci' })).status).toBe(201);
    for (const reader of [a, b]) await reader.until((events) => messagesIn(events).includes('Ahoj všetci'));
    const sent = a.events.find((e) => e.event === 'message')!;
    expect(sent.id).toMatch(/^\d+$/);
    expect(sent.data).toMatchObject({ text: 'Ahoj všetci' });
    expect((await get(shop, `/api/video-stream/${id}`)).html).toContain('"count_user":2');
    await a.close();
    await b.close();
    expect(JSON.parse((await get(shop, `/api/video-stream/${id}`)).html).count_user).toBe(0);
  });

  it('a reconnect with Last-Event-ID catches up from the table; a hidden message is not sent', async () => {
    const id = createStream(shop.db, { name: 'Test', url: 'https://www.youtube.com/watch?v=M7lc1UVf-VE', live: true, startedAt: shop.clock.now() });
    const s = await signedIn(shop, ['ROLE_CONSUMER']);
    const first = await send(s, { video_stream_id: id, text: 'prvá' });
    const seen = await openEvents(`/api/video-stream/${id}/events`);
    await seen.until((events) => messagesIn(events).includes('prvá'));
    await seen.close();
    await send(s, { video_stream_id: id, text: 'druhá' });
    const hidden = await send(s, { video_stream_id: id, text: 'skrytá' });
    await send(s, { video_stream_id: id, text: 'tretia' });
    expect(hideMessage(shop.db, hidden.json.id, shop.clock.now())).toBe(id);
    const back = await openEvents(`/api/video-stream/${id}/events`, { 'last-event-id': String(first.json.id) });
    await back.until((events) => messagesIn(events).includes('tretia'));
    expect(messagesIn(back.events)).toEqual(['druhá', 'tretia']);
    await back.close();
  });
});

describe('streams: page', () => {
  it('live: counts, like and every chapter at once; recorded: "Stream skončil", later chapters hidden; never started: "Práve nevysielame"; a guest sees the sign-in form', async () => {
    const live = await get(shop, `/live/${DEMO_LIVE_STREAM}`);
    expect(live.status).toBe(200);
    expect(live.response.headers.get('cache-control')).toContain('no-store');
    const page = live.doc;
    expect(page.querySelector('shop-video')?.getAttribute('video-id')).toBe('M7lc1UVf-VE');
    expect(page.querySelector('[data-count="count_like"]')).not.toBeNull();
    expect(page.querySelector('.stream-like__button')).not.toBeNull();
    const chapters = [...page.querySelectorAll('[data-stream-chapter]')];
    expect(chapters.map((ch) => ch.className.replace('stream-chapter stream-chapter--', ''))).toEqual(['html', 'image', 'products', 'guides', 'links', 'links', 'rewards']);
    expect(chapters.every((ch) => !ch.hasAttribute('hidden'))).toBe(true);
    expect(page.querySelectorAll('.stream-chapter--products .product-card').length).toBeGreaterThan(0);
    expect(page.querySelector('.stream-chapter--products form, .stream-chapter--products shop-add-to-cart')).not.toBeNull();
    expect(page.querySelector('.stream-chat__sign-in input[name="r"]')?.getAttribute('value')).toBe(`/live/${DEMO_LIVE_STREAM}`);

    const recorded = (await get(shop, `/live/${DEMO_RECORDED_STREAM}`)).doc;
    expect(recorded.querySelector('.stream-state')?.textContent).toBe('Stream skončil');
    expect(recorded.querySelector('.stream-like__button')).toBeNull();
    const shown = [...recorded.querySelectorAll('[data-stream-chapter]')].map((ch) => [ch.getAttribute('data-at'), ch.hasAttribute('hidden')]);
    expect(shown[0]).toEqual(['0', false]);
    expect(shown.slice(1).every(([, hidden]) => hidden)).toBe(true);

    const waiting = createStream(shop.db, { name: 'Čoskoro', url: 'https://www.youtube.com/watch?v=M7lc1UVf-VE', live: false, startedAt: null });
    expect((await get(shop, `/live/${waiting}`)).doc.querySelector('.stream-state')?.textContent).toBe('Práve nevysielame');
    expect((await get(shop, '/live/99999')).status).toBe(404);
  });

  it('without JavaScript: a signed-in viewer posts the chat form; errors re-render it with the kept text', async () => {
    const s = await signedIn(shop, ['ROLE_CONSUMER']);
    const form = (fields: Record<string, string>) =>
      shop.app.request(`/live/${DEMO_LIVE_STREAM}/sprava`, { method: 'POST', body: new URLSearchParams({ _csrf: s.csrf, ...fields }), headers: { ...SK, cookie: s.cookie, 'content-type': 'application/x-www-form-urlencoded' } });
    const ok = await form({ text: 'Z formulára' });
    expect(ok.status).toBe(303);
    const bad = await form({ text: 'x'.repeat(600) });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain('Správa môže mať najviac 500 znakov.');
    expect(html).toContain('x'.repeat(600));
    expect((await get(shop, `/live/${DEMO_LIVE_STREAM}`, { cookie: s.cookie })).doc.querySelector('.stream-chat__form textarea')).not.toBeNull();
  });
});

describe('streams: operator', () => {
  it('the CLI lists streams and messages, hides a message once (uncounted, gone from the API and the page) and ends a stream', async () => {
    const id = createStream(shop.db, { name: 'CLI', url: 'https://www.youtube.com/watch?v=M7lc1UVf-VE', live: true, startedAt: shop.clock.now() });
    const s = await signedIn(shop, ['ROLE_CONSUMER']);
    const sent = await send(s, { video_stream_id: id, text: 'nevhodná správa' });
    const lines: string[] = [];
    const run = (...argv: string[]) => runStreamsCli(shop.db, argv, (line) => lines.push(line), shop.clock.now());
    expect(run('list')).toBe(0);
    expect(lines.some((l) => l.startsWith(`${id}  live`) && l.includes(`/live/${id}`))).toBe(true);
    expect(run('messages', String(id))).toBe(0);
    expect(lines.at(-1)).toContain(`${sent.json.id}  `);
    expect(run('hide', String(sent.json.id))).toBe(0);
    expect(run('hide', String(sent.json.id))).toBe(1);
    const api = JSON.parse((await get(shop, `/api/video-stream/${id}`)).html);
    expect(api).toMatchObject({ count_comment: 0, messages: [] });
    expect((await get(shop, `/live/${id}`)).html).not.toContain('nevhodná správa');
    expect(run('end', String(id))).toBe(0);
    expect((await get(shop, `/live/${id}`)).doc.querySelector('.stream-state')?.textContent).toBe('Stream skončil');
    expect(run('hide', 'x')).toBe(2);
  });
});
