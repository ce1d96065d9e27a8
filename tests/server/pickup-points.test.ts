import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importPacketaBranches } from '../../server/cart/pickup-import';
import { SELLABLE_SQL } from '../../server/catalog/sellable';
import { loadConfig } from '../../server/config';
import { createTestShop, type TestShop } from '../setup/test-app';
import { shopperRequests } from '../setup/visitor';

let shop: TestShop;
beforeAll(() => {
  shop = createTestShop({ products: 10 });
});
afterAll(() => shop.close());

const sqlite = () => shop.db.$client;
const version = () => (sqlite().prepare('SELECT version FROM catalog_version WHERE id = 1').get() as { version: number }).version;
const list = async (query: string) => {
  const response = await shop.app.request(`/api/pickup-points?${query}`);
  return { response, body: (await response.json()) as any };
};

describe('pickup points with positions (issue 23)', () => {
  it('seeds a position for every point and reads them from the Packeta feed, writing only what changed', () => {
    expect(sqlite().prepare('SELECT COUNT(*) AS n FROM pickup_points WHERE latitude IS NULL OR longitude IS NULL').get()).toEqual({ n: 0 });
    const { lat, lng } = sqlite().prepare("SELECT MIN(latitude) AS lat, MIN(longitude) AS lng FROM pickup_points WHERE country = 'sk'").get() as { lat: number; lng: number };
    expect(lat).toBeGreaterThan(47.7);
    expect(lng).toBeGreaterThan(16.8);

    const feed = JSON.parse(readFileSync('tests/fixtures/packeta-branches.json', 'utf8'));
    importPacketaBranches(shop.db, feed);
    const point = (id: string) => sqlite().prepare("SELECT latitude, longitude FROM pickup_points WHERE company_id = 10 AND external_id = ?").get(id);
    expect(point('1001')).toEqual({ latitude: 48.1486, longitude: 17.1077 });
    expect(point('1002')).toEqual({ latitude: null, longitude: null });
    // The daily feed with nothing new raises no catalogue version (no cache emptied for nothing).
    const before = version();
    importPacketaBranches(shop.db, feed);
    expect(version()).toBe(before);
    importPacketaBranches(shop.db, { data: { 1001: { ...feed.data['1001'], latitude: '48,15' } } });
    expect(point('1001')).toEqual({ latitude: 48.15, longitude: 17.1077 });
    expect(version()).toBeGreaterThan(before);
  });

  it('searches one carrier in one country by words of town, street, name or zip, with or without accents', async () => {
    const kosice = await list('company=14&q=kosice');
    expect(kosice.response.status).toBe(200);
    expect(kosice.body.items.length).toBeGreaterThan(0);
    expect(kosice.body.items.every((p: any) => p.city === 'Košice' && p.company_id === 14 && p.country === 'sk')).toBe(true);
    expect(kosice.body.items[0]).toMatchObject({ name: expect.any(String), location: expect.any(String), address: expect.stringContaining('Košice'), latitude: expect.any(Number) });
    // Two words: both must begin a word of the point (town and street); a zip with or without its space.
    const street = await list('company=10&q=' + encodeURIComponent('KOŠICE hlavna'));
    expect(street.body.items.length).toBeGreaterThan(0);
    expect(street.body.items.every((p: any) => p.city === 'Košice' && /Hlavná/.test(p.street))).toBe(true);
    for (const zip of ['04001', '040 01']) {
      const byZip = await list(`company=9&q=${encodeURIComponent(zip)}`);
      expect(byZip.body.items.map((p: any) => p.zip)).toEqual(['040 01']);
    }
    const czech = await list('company=10&country=cz&q=plzen');
    expect(czech.body.items.length).toBeGreaterThan(0);
    expect(czech.body.items.every((p: any) => p.city === 'Plzeň' && p.country === 'cz')).toBe(true);
    expect((await list('company=10&q=%25')).body.items).toEqual([]);
    // The no-JS step-2 search is the same query (one home): accents fold there too.
    const all = await list('company=10');
    expect(all.body.items.length).toBe(50);
    expect(all.response.headers.get('cache-control')).toMatch(/^public/);
    expect(all.response.headers.get('etag')).toBeTruthy();
  });

  it('lists the nearest first to a position', async () => {
    const near = await list('company=10&near=49.0614,20.2980');
    expect(near.body.items.slice(0, 2).map((p: any) => p.city)).toEqual(['Poprad', 'Poprad']);
    const distance = (p: any) => Math.hypot(p.latitude - 49.0614, (p.longitude - 20.298) * Math.cos((49.0614 * Math.PI) / 180));
    const distances = near.body.items.map(distance);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('answers bad input with a problem and a message per field', async () => {
    for (const [query, field] of [
      ['company=1', 'company'],
      ['company=abc', 'company'],
      ['', 'company'],
      ['company=10&country=hu', 'country'],
      ['company=10&near=100,20', 'near'],
      ['company=10&near=Bratislava', 'near'],
      [`company=10&q=${'x'.repeat(61)}`, 'q'],
    ]) {
      const { response, body } = await list(query);
      expect(response.status, query).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(body.errors[field], query).toEqual(expect.any(String));
    }
    const { body } = await list('company=10&near=x');
    expect(body.errors.near).toBe('Poloha musí byť zemepisná šírka a dĺžka, napríklad 48.1486,17.1077');
  });
});

describe('the step-2 page for the pickup dialog', () => {
  const TILES = 'https://tiles.example.org/{z}/{x}/{y}.png';

  it('wraps the no-JS select in <shop-pickup-picker>, gives the map settings only with a tile server, whose origin alone joins img-src', async () => {
    const mapped = createTestShop({ products: 10, env: { MAP_TILE_URL: TILES, MAP_TILE_ATTRIBUTION: '© OpenStreetMap' } });
    try {
      for (const [target, tiles] of [[shop, false], [mapped, true]] as const) {
        const { visitor, form, page } = shopperRequests(() => target.app);
        const v = await visitor();
        const product = target.db.$client.prepare(`SELECT id FROM products WHERE ${SELLABLE_SQL} LIMIT 1`).get() as { id: number };
        await form(v, '/nakupny-kosik/pridat', { product_id: String(product.id) });
        await form(v, '/nakupny-kosik/doprava', { shipping: '10', payment: '1' });
        const { doc, response } = await page(v, '/nakupny-kosik/doprava');
        const picker = doc.querySelector('shop-pickup-picker');
        expect(picker?.getAttribute('company')).toBe('10');
        expect(picker?.getAttribute('country')).toBe('sk');
        expect(picker?.querySelector('select[name="pickup_point_id"]')).not.toBeNull();
        const block = doc.getElementById('pickup-map');
        const csp = response.headers.get('content-security-policy')!;
        const imgSrc = /img-src ([^;]*)/.exec(csp)![1];
        if (tiles) {
          expect(JSON.parse(block!.textContent!)).toEqual({ url: TILES, attribution: '© OpenStreetMap' });
          expect(block!.getAttribute('data-css')).toMatch(/^\/build\/map-.*\.css$/);
          expect(imgSrc).toBe("'self' data: https://tiles.example.org");
        } else {
          expect(block).toBeNull();
          expect(imgSrc).toBe("'self' data:");
        }
      }
    } finally {
      mapped.close();
    }
    // One host per template ({s} subdomains would be several origins), https unless on this machine.
    for (const bad of ['https://{s}.tile.example.org/{z}/{x}/{y}.png', 'http://tiles.example.org/{z}/{x}/{y}.png', 'https://tiles.example.org/tile.png']) {
      expect(() => loadConfig({ MAP_TILE_URL: bad }), bad).toThrow();
    }
  });
});
