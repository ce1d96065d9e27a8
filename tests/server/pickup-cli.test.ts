import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPickupCli } from '../../server/cart/pickup-cli';
import { fetchPickupFeed } from '../../server/cart/pickup-feed';
import { createTestShop, type TestShop } from '../setup/test-app';

const FIXTURE = 'tests/fixtures/packeta-branches.json';
const fixture = readFileSync(FIXTURE, 'utf8');

/** A local stand-in for Packeta's branch export: the same JSON at /api/v4/KEY/branch.json, or a failure. */
let feedServer: Server;
let origin: string;
let shop: TestShop;
let dir: string;
beforeAll(async () => {
  shop = createTestShop({ products: 10 });
  dir = mkdtempSync(join(tmpdir(), 'obchod-pickup-'));
  feedServer = createServer((req, res) => {
    if (req.url === '/api/v4/KEY/branch.json') res.writeHead(200, { 'content-type': 'application/json' }).end(fixture);
    else if (req.url === '/not-json') res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
    // Sent in chunks without a Content-Length: the limit must hold while reading, not only by the header.
    else if (req.url === '/huge') res.writeHead(200, { 'content-type': 'application/json' }).write(`[${'{},'.repeat(2000)}`, () => res.end('{}]'));
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  shop.close();
  rmSync(dir, { recursive: true, force: true });
  await new Promise((resolve) => feedServer.close(resolve));
});

const run = async (...argv: string[]) => {
  const lines: string[] = [];
  const code = await runPickupCli(shop.db, argv, (line) => lines.push(line));
  return { code, lines };
};
const points = (company: number) =>
  shop.db.$client.prepare('SELECT external_id AS id, city, active FROM pickup_points WHERE company_id = ? ORDER BY external_id').all(company) as { id: string; city: string; active: number }[];

describe('server/cart/pickup-cli.ts: pickup points from the carriers\' lists', () => {
  it('imports Packeta\'s export fetched over HTTP, and a shopper finds the point in the pickup dialog\'s search', async () => {
    expect(await run('import', '--carrier', 'packeta', '--url', `${origin}/api/v4/KEY/branch.json`)).toEqual({ code: 0, lines: ['packeta: 3 imported, 2 skipped, 0 deactivated'] });
    expect(points(10).filter((p) => ['1001', '1002', '2001'].includes(p.id))).toEqual([
      { id: '1001', city: 'Bratislava', active: 1 },
      { id: '1002', city: 'Košice', active: 1 },
      { id: '2001', city: 'Praha', active: 0 },
    ]);
    const found = (await (await shop.app.request('/api/pickup-points?company=10&q=obchodna')).json()) as { items: { name: string }[] };
    expect(found.items.map((p) => p.name)).toContain('Papiernictvo Pero');
  });

  it('imports SPS parcel shops and post offices from a file in the same shape, each under its own carrier', async () => {
    const file = join(dir, 'sps.json');
    writeFileSync(file, JSON.stringify([{ id: '77', name: 'SPS ParcelShop Žilina', street: 'Národná 5', city: 'Žilina', zip: '01001', country: 'sk', latitude: '49.2231', longitude: '18.7394' }]));
    expect(await run('import', '--carrier', 'sps', '--file', file)).toEqual({ code: 0, lines: ['sps: 1 imported, 0 skipped, 0 deactivated'] });
    expect(points(14).find((p) => p.id === '77')).toEqual({ id: '77', city: 'Žilina', active: 1 });
    expect(await run('import', '--carrier', 'post-office', '--file', file, '--countries', 'cz')).toEqual({ code: 0, lines: ['post-office: 0 imported, 1 skipped, 0 deactivated'] });
  });

  it('with --full deactivates the carrier\'s points a new list leaves out, in the countries imported, and lists the counts', async () => {
    const active = () => points(10).filter((p) => p.active === 1).length;
    expect(active()).toBeGreaterThan(2);
    const only1001 = join(dir, 'one.json');
    writeFileSync(only1001, JSON.stringify({ data: { 1001: JSON.parse(fixture).data['1001'] } }));
    const result = await run('import', '--carrier', 'packeta', '--file', only1001, '--full', '--countries', 'sk');
    expect(result.code).toBe(0);
    expect(result.lines[0]).toMatch(/^packeta: 1 imported, 0 skipped, [1-9]\d* deactivated$/);
    const activeIn = (country: string) => shop.db.$client.prepare('SELECT external_id FROM pickup_points WHERE company_id = 10 AND country = ? AND active = 1').pluck().all(country);
    expect(activeIn('sk')).toEqual(['1001']);
    // Czech points are not in a Slovak list: --countries sk leaves them be.
    expect(activeIn('cz').length).toBeGreaterThan(0);
    // The SPS point above stays: --full speaks for one carrier.
    expect(points(14).find((p) => p.id === '77')?.active).toBe(1);
    const listed = await run('list');
    expect(listed.code).toBe(0);
    const inactive = shop.db.$client.prepare("SELECT COUNT(*) FROM pickup_points WHERE company_id = 10 AND country = 'sk' AND active = 0").pluck().get();
    expect(listed.lines).toContain(`packeta sk: 1 active, ${inactive} inactive`);
  });

  it('says why a list could not be read and changes nothing', async () => {
    const before = JSON.stringify(points(10));
    expect(await run('import', '--carrier', 'packeta', '--url', `${origin}/gone`)).toEqual({ code: 1, lines: [`${origin}/gone: the feed answered HTTP 503`] });
    expect(await run('import', '--carrier', 'packeta', '--url', `${origin}/not-json`)).toEqual({ code: 1, lines: [`${origin}/not-json: the feed is not JSON`] });
    expect((await run('import', '--carrier', 'packeta', '--file', 'tests/fixtures/nothing-here.json')).code).toBe(1);
    const notAFeed = join(dir, 'nonsense.json');
    writeFileSync(notAFeed, '"nonsense"');
    expect(await run('import', '--carrier', 'packeta', '--file', notAFeed)).toEqual({ code: 1, lines: ['Packeta feed: expected { data: { id: branch } } or an array of branches'] });
    await expect(fetchPickupFeed(`${origin}/huge`, { maxBytes: 1000 })).rejects.toThrow('the feed is larger than 1000 bytes');
    expect(JSON.stringify(points(10))).toBe(before);
  });

  it('refuses what it does not understand with its usage', async () => {
    for (const argv of [[], ['import'], ['import', '--carrier', 'dhl', '--file', FIXTURE], ['import', '--carrier', 'packeta'], ['import', '--carrier', 'packeta', '--file', FIXTURE, '--url', origin], ['import', '--carrier', 'packeta', '--file', FIXTURE, '--countries', 'slovakia'], ['import', '--bogus']]) {
      const { code, lines } = await run(...argv);
      expect(code, argv.join(' ')).toBe(2);
      expect(lines.join('\n')).toMatch(/usage: import --carrier|Unknown option/);
    }
  });
});
