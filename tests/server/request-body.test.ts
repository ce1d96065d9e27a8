import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../server/app';
import { onSocket, type SocketServer } from '../setup/socket-server';
import { createTestShop, type TestShop } from '../setup/test-app';
import { shopperRequests, type Visitor } from '../setup/visitor';

/**
 * Bodies sent to the Node server are read from Node's request stream, not through a WHATWG
 * Request (server/http/body.ts and body-limit.ts, docs/decisions/175), by the one body reader
 * (server/http/body.ts). These calls go over a real socket, so the
 * adapter's stream is what the middleware reads: whole, in chunks, too large, malformed, and a form
 * beside it (still Hono's bodyLimit).
 */
let shop: TestShop;
let server: SocketServer;
let visitor: Visitor;
let categoryId: number;
const shopper = shopperRequests(() => shop.app);

beforeAll(async () => {
  shop = createTestShop({ products: 200 });
  visitor = await shopper.visitor();
  categoryId = (shop.db.$client.prepare("SELECT id FROM categories WHERE type = 'product' AND parent_id IS NULL ORDER BY position LIMIT 1").get() as { id: number }).id;
  server = await onSocket(shop.app);
});
afterAll(async () => {
  await server.close();
  shop.close();
});

/** A POST over the socket; `chunks` are written one by one (chunked transfer when no length is given). */
function post(path: string, chunks: (string | Buffer)[], headers: Record<string, string> = {}): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: server.port, path, method: 'POST', headers: { host: visitor.host, cookie: `sid=${visitor.sid}`, 'x-csrf-token': visitor.csrf, ...headers } },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(parts).toString('utf8'), headers: res.headers }));
      },
    );
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

const json = { 'content-type': 'application/json' };

describe('JSON request bodies over a socket', () => {
  it('answers a filter count like app.request() does, with and without a length, in one or many chunks', async () => {
    const body = JSON.stringify({ category_id: categoryId, filter_criteria: {} });
    const expected = await shopper.post(visitor, '/api/product/filter-count', JSON.parse(body));
    expect(expected.response.status).toBe(200);
    const whole = await post('/api/product/filter-count', [body], { ...json, 'content-length': String(Buffer.byteLength(body)) });
    expect(whole.status).toBe(200);
    expect(JSON.parse(whole.body)).toEqual(expected.body);
    const chunked = await post('/api/product/filter-count', [body.slice(0, 5), body.slice(5, 17), body.slice(17)], json);
    expect(chunked.status).toBe(200);
    expect(JSON.parse(chunked.body)).toEqual(expected.body);
    const withBom = await post('/api/product/filter-count', [`\ufeff${body}`], { 'content-type': 'application/json; charset=utf-8' });
    expect(withBom.status).toBe(200);
    expect(JSON.parse(withBom.body)).toEqual(expected.body);
  });

  it('keeps multi-byte characters split across chunks', async () => {
    const body = Buffer.from(JSON.stringify({ category_id: categoryId, filter_criteria: { 'žžž': ['č'] } }));
    const cut = body.indexOf(Buffer.from('ž')) + 1;
    const answer = await post('/api/product/filter-count', [body.subarray(0, cut), body.subarray(cut)], json);
    expect(answer.status).toBe(400);
    // The unknown group is named back, so the body arrived intact.
    expect(JSON.parse(answer.body).errors).toHaveProperty(['filter_criteria.žžž']);
  });

  it('refuses a body over the limit with 413, declared or streamed', async () => {
    const big = `{"category_id":${categoryId},"x":"${'a'.repeat(MAX_BODY_BYTES)}"}`;
    const declared = await post('/api/product/filter-count', [big], { ...json, 'content-length': String(big.length) });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body).detail).toBe('Požiadavka je príliš veľká.');
    const streamed = await post('/api/product/filter-count', [big.slice(0, MAX_BODY_BYTES / 2), big.slice(MAX_BODY_BYTES / 2)], json);
    expect(streamed.status).toBe(413);
  });

  it('answers malformed JSON, multipart and urlencoded bodies with 400, with or without a length', async () => {
    const multipart = { 'content-type': 'multipart/form-data; boundary=x' };
    const broken: [string, Record<string, string>][] = [
      ['{"category_id":', json],
      ['--x\r\nContent-Disposition: form-data; name="category_id"\r\n\r\n1', multipart],
      ['category_id=%zz', { 'content-type': 'application/x-www-form-urlencoded' }],
    ];
    for (const [body, headers] of broken) {
      const lengths: Record<string, string>[] = [{ 'content-length': String(Buffer.byteLength(body)) }, {}];
      for (const length of lengths) {
        const answer = await post('/api/product/filter-count', [body], { ...headers, ...length });
        expect(answer.status).toBe(400);
        expect(answer.headers['content-type']).toContain('application/problem+json');
        expect(JSON.parse(answer.body)).toMatchObject({ status: 400, title: 'Nesprávna požiadavka', detail: 'Nesprávny formát požiadavky' });
      }
    }
    expect(shop.errors).toEqual([]);
  });

  it('still reads forms and still checks the CSRF token: the field and the handler share one read of the stream', async () => {
    const form = await post('/hladaj', [new URLSearchParams({ _csrf: visitor.csrf, q: 'hrniec' }).toString()], { 'content-type': 'application/x-www-form-urlencoded', 'x-csrf-token': '' });
    expect(form.status).toBe(303);
    expect(form.headers.location).toBe('/hladaj?q=hrniec');
    const b = '----obchodFormBoundary7MA4YWxkTrZu0gW';
    const multipart = `--${b}\r\nContent-Disposition: form-data; name="_csrf"\r\n\r\n${visitor.csrf}\r\n--${b}\r\nContent-Disposition: form-data; name="q"\r\n\r\nhrnček\r\n--${b}--\r\n`;
    const parts = await post('/hladaj', [multipart.slice(0, 30), multipart.slice(30)], { 'content-type': `multipart/form-data; boundary=${b}`, 'x-csrf-token': '' });
    expect(parts.status).toBe(303);
    expect(parts.headers.location).toBe(`/hladaj?q=${encodeURIComponent('hrnček')}`);
    const foreign = await post('/api/product/filter-count', [JSON.stringify({ category_id: categoryId })], { ...json, 'x-csrf-token': 'wrong' });
    expect(foreign.status).toBe(403);
  });
});

/** A GET over the socket with exactly these headers. */
function get(path: string, headers: Record<string, string>): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: server.port, path, method: 'GET', headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(parts).toString('utf8'), headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('request headers read from Node (server/http/request-header.ts)', () => {
  it('echoes a well-formed X-Request-Id and replaces a malformed one', async () => {
    const sent = await get('/', { host: visitor.host, 'x-request-id': 'trace-123=' });
    expect(sent.headers['x-request-id']).toBe('trace-123=');
    const bad = await get('/', { host: visitor.host, 'x-request-id': 'a b' });
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('picks the shop by Host and the session by Cookie', async () => {
    const cz = await get('/', { host: 'cz.localhost:3000', cookie: `sid=${visitor.sid}` });
    expect(cz.status).toBe(200);
    expect(cz.headers['content-language']).toBe('cs');
    expect(cz.headers['set-cookie']).toBeUndefined();
    const sk = await get('/', { host: visitor.host });
    expect(sk.headers['content-language']).toBe('sk');
    // Browsing gives no cookie (decision 003).
    expect(sk.headers['set-cookie']).toBeUndefined();
  });

  it('takes Sec-Fetch-Site and Origin as the browser proof on a form post, and refuses cross-site ones', async () => {
    const body = new URLSearchParams({ q: 'hrniec' }).toString();
    const form = { 'content-type': 'application/x-www-form-urlencoded', 'x-csrf-token': '' };
    expect((await post('/hladaj', [body], { ...form, 'sec-fetch-site': 'same-origin' })).status).toBe(303);
    expect((await post('/hladaj', [body], { ...form, 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await post('/hladaj', [body], { ...form, origin: 'https://evil.example' })).status).toBe(403);
  });

  it('sends gzip only to a client that accepts it', async () => {
    const path = `/${(shop.db.$client.prepare("SELECT slug FROM categories WHERE id = ?").get(categoryId) as { slug: string }).slug}`;
    const zipped = await get(path, { host: visitor.host, 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    const plain = await get(path, { host: visitor.host });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('</html>');
  });

  it('puts the security headers, request id and language on every answer once: page, API, 404 and problem', async () => {
    const api = await post('/api/product/filter-count', [JSON.stringify({ category_id: categoryId, filter_criteria: {} })], json);
    const bad = await post('/api/product/filter-count', ['{'], json);
    const page = await get('/', { host: visitor.host });
    const missing = await get('/neexistuje-xyz', { host: visitor.host });
    expect([api.status, bad.status, page.status, missing.status]).toEqual([200, 400, 200, 404]);
    for (const answer of [page, missing]) {
      expect(answer.headers['content-security-policy']).toContain("script-src 'self'");
      expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(answer.headers['content-language']).toBe('sk');
    }
    for (const answer of [api, bad]) {
      expect(answer.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(answer.headers['x-frame-options']).toBeUndefined();
    }
    for (const answer of [api, bad, page, missing]) {
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
      expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(bad.headers['content-type']).toContain('application/problem+json');
  });
});
