import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRACK_LIMIT } from '../../server/orders/purchase.api';
import { formatMoney } from '../../server/render/format';
import { brotliLoadable, NGINX, nginxInstalled, startProxy, type RunningProxy } from '../setup/nginx';
import { createTestShop, type TestShop } from '../setup/test-app';

/**
 * deploy/nginx/obchod.conf in front of the shop, both on loopback, as production runs them
 * (COMPRESS=false, TRUST_PROXY=127.0.0.1, s-maxage 1 s). Skipped only when nginx is not installed
 * (CI installs it: .ci/run).
 */
const installed = nginxInstalled();
if (!installed) console.warn(`SKIPPED: the nginx proxy tests need ${NGINX} (apt-get install -y nginx)`);

let shop: TestShop;
let server: ServerType;
let proxy: RunningProxy;
/** Statuses the shop itself answered (behind nginx), in order. */
const answered: number[] = [];

beforeAll(async () => {
  if (!installed) return;
  shop = createTestShop({ products: 60, env: { COMPRESS: 'false', TRUST_PROXY: '127.0.0.1', HTTP_CACHE_SECONDS: '1', HTTP_STALE_SECONDS: '30', PARTNER_ORIGINS: 'https://a.example,https://b.example' } });
  const fetch = async (request: Request, env: unknown) => {
    const response = await shop.app.fetch(request, env);
    answered.push(response.status);
    return response;
  };
  server = serve({ fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  proxy = await startProxy((server.address() as { port: number }).port);
}, 60_000);

afterAll(async () => {
  if (!installed) return;
  await proxy.stop();
  await new Promise((resolve) => server.close(resolve));
  shop.close();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as sent (compressed when content-encoding says so). */
  bytes: Buffer;
  text: string;
  cache: string | undefined;
}

/** One request through the proxy as a browser sends it, from `from` (a loopback address). */
function send(path: string, headers: Record<string, string> = {}, options: { method?: string; body?: string; from?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${proxy.url}${path}`, { method: options.method ?? 'GET', headers: { host: '127.0.0.1:3000', ...headers }, localAddress: options.from }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const coding = res.headers['content-encoding'];
        const text = (coding === 'gzip' ? gunzipSync(bytes) : coding === 'br' ? brotliDecompressSync(bytes) : bytes).toString();
        resolve({ status: res.statusCode!, headers: res.headers, bytes, text, cache: res.headers['x-cache'] as string | undefined });
      });
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

const product = () => shop.db.$client.prepare('SELECT id, slug FROM products WHERE visible = 2 AND parent_id IS NULL ORDER BY id LIMIT 1').get() as { id: number; slug: string };

describe.skipIf(!installed)('nginx in front of the shop (deploy/nginx/obchod.conf)', () => {
  it('compresses with gzip at least as well as level 6, and with brotli when its module loads', async () => {
    const path = `/${product().slug}`;
    const plain = await send(path);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gzipped = await send(path, { 'accept-encoding': 'gzip, deflate' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.text).toBe(plain.text);
    expect(gzipped.bytes.length).toBeLessThanOrEqual(gzipSync(plain.bytes, { level: 6 }).length);
    const brotli = await send(path, { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe(brotliLoadable() ? 'br' : 'gzip');
    expect(brotli.text).toBe(plain.text);
    if (brotliLoadable()) expect(brotli.bytes.length).toBeLessThan(gzipped.bytes.length);
    // Hashed build output keeps the build's own precompressed files.
    const css = /href="(\/build\/[^"]+\.css)"/.exec(plain.text)![1];
    const built = await send(css, { 'accept-encoding': 'gzip, deflate, br' });
    expect(built.status).toBe(200);
    expect(built.headers['cache-control']).toContain('immutable');
    expect(built.headers['content-encoding']).toBe('br');
  });

  it('keeps the partner embed’s answer per Origin: each partner gets its own Access-Control-Allow-Origin from the cache', async () => {
    const path = `/api/embed/products?shop=sk&ids=${product().id}`;
    const a = await send(path, { origin: 'https://a.example' });
    expect(a.status).toBe(200);
    expect(a.headers['access-control-allow-origin']).toBe('https://a.example');
    const b = await send(path, { origin: 'https://b.example' });
    expect(b.headers['access-control-allow-origin']).toBe('https://b.example');
    const none = await send(path, { origin: 'https://evil.example' });
    expect(none.headers['access-control-allow-origin']).toBeUndefined();
    const again = await send(path, { origin: 'https://a.example' });
    expect(again.cache).toBe('HIT');
    expect(again.headers['access-control-allow-origin']).toBe('https://a.example');
  });

  it('keeps an anonymous page: the second request is a HIT; a browser with a session cookie never gets one', async () => {
    const path = `/${product().slug}`;
    const first = await send(`/hladaj?q=hrniec`, { 'accept-encoding': 'gzip' });
    expect(first.cache).toMatch(/MISS|EXPIRED|HIT|STALE|UPDATING|REVALIDATED/);
    const second = await send(`/hladaj?q=hrniec`, { 'accept-encoding': 'gzip' });
    expect(['HIT', 'STALE', 'UPDATING']).toContain(second.cache);
    expect(second.text).toBe(first.text);
    // Per language and cookie banner: an English visitor is not given the Slovak copy.
    const english = await send(path, { 'accept-encoding': 'gzip', cookie: 'locale=en' });
    expect(english.text).toContain('lang="en"');
    for (let i = 0; i < 3; i++) {
      const withSession = await send(path, { 'accept-encoding': 'gzip', cookie: `sid=${'a'.repeat(43)}` });
      expect(withSession.cache).toBe('BYPASS');
      // A shopper's own page is compressed too, also for a browser that lists brotli first.
      const browser = await send(path, { 'accept-encoding': 'gzip, deflate, br', cookie: `sid=${'a'.repeat(43)}` });
      expect(browser.headers['content-encoding']).toBe('gzip');
      expect(browser.headers.vary).toMatch(/accept-encoding/i);
      expect(browser.text).toBe(withSession.text);
      const withSecureSession = await send(path, { 'accept-encoding': 'gzip', cookie: `locale=sk; __Host-sid=${'b'.repeat(43)}` });
      expect(withSecureSession.cache).toBe('BYPASS');
    }
    // What a shopper with a cart is told never becomes anyone else's page.
    const cart = await send('/nakupny-kosik', { 'accept-encoding': 'gzip' });
    expect(cart.headers['cache-control']).toBe('no-store');
    expect((await send('/nakupny-kosik', { 'accept-encoding': 'gzip' })).cache).not.toBe('HIT');
  });

  it('shows a price change on the next request once the page is due: one stale answer while it revalidates, then the new price', async () => {
    const { id, slug } = product();
    const path = `/${slug}`;
    await send(path, { 'accept-encoding': 'gzip' });
    const kept = await send(path, { 'accept-encoding': 'gzip' });
    expect(kept.cache).toBe('HIT');
    const other = new Database(shop.config.dbFile);
    other.prepare('UPDATE product_prices SET price_b2c = 55_555 WHERE product_id = ? AND shop_id = 1').run(id);
    other.close();
    const price = formatMoney(55_555, 'EUR', 'sk');
    // Within s-maxage (1 s) the kept page is still fresh by the shop's own rule; after it, exactly one
    // stale answer (STALE, as stale-while-revalidate allows) while nginx asks the shop in the
    // background, then the new page. Asked back to back, no sleeping: each answer is checked.
    const seen: string[] = [];
    for (let asked = 0; asked < 50_000; asked++) {
      const answer = await send(path, { 'accept-encoding': 'gzip' });
      const shows = answer.text.includes(price);
      if (shows) {
        seen.push(`${answer.cache} new`);
        break;
      }
      if (seen.at(-1) !== `${answer.cache} old`) seen.push(`${answer.cache} old`);
    }
    expect(seen.at(-1)).toMatch(/ new$/);
    expect(seen.filter((s) => s.startsWith('STALE') || s.startsWith('UPDATING'))).toHaveLength(1);
    expect(seen.every((s) => /^(HIT|STALE|UPDATING|EXPIRED|REVALIDATED|MISS) (old|new)$/.test(s))).toBe(true);
  });

  it('revalidates an unchanged page with If-None-Match: the shop answers 304 and nginx keeps its copy', async () => {
    const path = '/';
    await send(path, { 'accept-encoding': 'gzip' });
    const before = answered.length;
    let revalidated = false;
    for (let asked = 0; asked < 50_000 && !revalidated; asked++) {
      const answer = await send(path, { 'accept-encoding': 'gzip' });
      // A background revalidation that got 304 leaves the entry fresh: the next one is a HIT again,
      // and the page (its tag) is the one it was.
      if (answer.cache === 'STALE') {
        const next = await send(path, { 'accept-encoding': 'gzip' });
        expect(next.headers.etag).toBe(answer.headers.etag);
        revalidated = next.cache === 'HIT' || next.cache === 'REVALIDATED';
      }
    }
    expect(revalidated).toBe(true);
    expect(answered.slice(before)).toContain(304);
    // A browser's own revalidation is answered by nginx from its copy.
    const fresh = await send(path, { 'accept-encoding': 'gzip' });
    const again = await send(path, { 'accept-encoding': 'gzip', 'if-none-match': String(fresh.headers.etag) });
    expect(again.status).toBe(304);
  });

  it("passes the client's address, which the rate limiter counts by; a client cannot choose its own", async () => {
    const track = (from: string, extra: Record<string, string> = {}) =>
      send('/sledovanie-zasielky', { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin', ...extra }, { method: 'POST', body: 'documentNumber=1&phone=1', from });
    for (let i = 0; i < TRACK_LIMIT.max; i++) expect((await track('127.0.0.2')).status).not.toBe(429);
    expect((await track('127.0.0.2')).status).toBe(429);
    // Another client is counted on its own, and a forged header changes nothing.
    expect((await track('127.0.0.3')).status).not.toBe(429);
    expect((await track('127.0.0.2', { 'x-real-ip': '10.9.9.9', 'x-forwarded-for': '10.9.9.9' })).status).toBe(429);
    // A shopper with a session goes to the shop by another way (never the cache): counted the same.
    const shopper = { cookie: `sid=${'c'.repeat(43)}` };
    for (let i = 0; i < TRACK_LIMIT.max; i++) expect((await track('127.0.0.4', shopper)).status).not.toBe(429);
    expect((await track('127.0.0.4', shopper)).status).toBe(429);
    expect((await track('127.0.0.5', shopper)).status).not.toBe(429);
    expect((await track('127.0.0.4', { ...shopper, 'x-real-ip': '10.8.8.8' })).status).toBe(429);
    expect(proxy.errorLog()).not.toMatch(/\[(emerg|alert|crit)\]/);
  });
});
