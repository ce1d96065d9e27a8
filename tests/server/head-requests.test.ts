import { readFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onSocket, type SocketServer } from '../setup/socket-server';
import { createTestShop, type TestShop } from '../setup/test-app';
import { SK } from '../setup/visitor';

/**
 * HEAD over a real socket through the Node adapter, as crawlers, link checkers and monitors send it:
 * the adapter's light Response forgot headers set on an answer after it was made once Hono
 * re-wrapped it for HEAD (server/app.ts, answerHeadAsGet). Each HEAD must carry GET's headers.
 */
let shop: TestShop;
let server: SocketServer;

beforeAll(async () => {
  shop = createTestShop();
  server = await onSocket(shop.app);
});
afterAll(async () => {
  await server.close();
  shop.close();
});

function send(method: 'GET' | 'HEAD', path: string): Promise<{ status: number; headers: IncomingHttpHeaders; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: server.port, path, method, headers: { host: SK } }, (res) => {
      let bytes = 0;
      res.on('data', (part: Buffer) => (bytes += part.length));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, bytes }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** What may differ between two answers to the same address: when and which request. */
const VARYING = new Set(['date', 'x-request-id', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);
const fixed = (headers: IncomingHttpHeaders) => Object.fromEntries(Object.entries(headers).filter(([name]) => !VARYING.has(name)));

const siteScript = () => (JSON.parse(readFileSync('static/build/manifest.json', 'utf8')) as { siteJs: string }).siteJs;

describe('HEAD', () => {
  it.each([
    ['a product feed (a streamed body)', '/feeds/google.xml'],
    ['the home page', '/'],
    ['a category page', '/kuchyna-a-varenie'],
    ['a missing page', '/neexistuje-nic'],
  ])('of %s answers GET’s status and headers, without a body', async (_name, path) => {
    const get = await send('GET', path);
    const head = await send('HEAD', path);
    expect(head.status).toBe(get.status);
    expect(head.bytes).toBe(0);
    expect(get.headers['content-security-policy']).toBeTruthy();
    expect(get.headers['cache-control']).toBeTruthy();
    expect(fixed(head.headers)).toEqual(fixed(get.headers));
  });

  it('of a feed carries its cache validator and the security headers', async () => {
    const head = await send('HEAD', '/feeds/google.xml');
    expect(head.headers['cache-control']).toMatch(/^public/);
    expect(head.headers.etag).toBeTruthy();
    expect(head.headers['x-content-type-options']).toBe('nosniff');
    expect(head.headers['content-type']).toMatch(/^application\/rss\+xml/);
  });

  it('of a build file keeps its immutable Cache-Control', async () => {
    const path = siteScript();
    expect(path).toMatch(/^\/build\//);
    const head = await send('HEAD', path);
    expect(head.status).toBe(200);
    expect(head.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
