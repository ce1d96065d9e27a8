/**
 * CPU per request of two versions of the shop, in ONE process over one seeded database, measured
 * interleaved: `npx tsx tests/bench/ab.ts --base /tmp/main-tree [--products 10000] [--db seeded.db] [--kept]`. The other
 * tree is a checkout of another commit (e.g. `git archive <commit> | tar -x -C /tmp/main-tree`,
 * node_modules linked to this one's, `npx tsx build.ts` run in it). On the shared 2-core machine
 * separate cpu.ts runs move ±20 % with the load of other sessions; short alternating rounds
 * (40 × 60 calls, order swapped each round, medians) see both versions under the same load.
 * Both run as behind nginx (COMPRESS=false) and render every page whole (HTML_CACHE=false) unless
 * --kept (both keep a category page's main part, as `npm run bench`'s shop does). A bare Hono route
 * is measured in the same rounds; "× bare" is each median over its median.
 */
import { Hono } from 'hono';
import { csrfTokenFor } from '../../server/http/csrf';
import { join, resolve } from 'node:path';
import { signInConsumer } from './bench-db';
import { inProcess } from './in-process';
import { seededShop } from './seeded-shop';

const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const baseRoot = arg('--base');
if (!baseRoot) throw new Error('usage: tsx tests/bench/ab.ts --base /path/to/other/tree [--products N]');
const products = Number(arg('--products')) || 10_000;
const { config, db, remove } = seededShop('obchod-ab-', products, arg('--db'));
const silent = { error: () => {}, info: () => {} };
type AppModule = { createApp: (deps: never) => { fetch: (request: Request) => Response | Promise<Response> } };
const base = (await import(join(resolve(baseRoot), 'server/app.ts'))) as AppModule;
const mine = (await import('../../server/app')) as unknown as AppModule;
const make = (m: AppModule, root: string, htmlCache = false) =>
  inProcess(m.createApp({ db, config: { ...config, root, production: true, htmlCache, compress: false }, clock: { now: () => new Date() }, logger: silent, mailer: { send: async () => {} } } as never).fetch);
const sqlite = db.$client;
const userSid = 'u'.repeat(43);
signInConsumer(sqlite, userSid, 'ab@example.sk');
const browser = { 'accept-encoding': 'gzip, deflate, br' };
const signedIn = { ...browser, cookie: `sid=${userSid}` };
// --kept: this tree keeps its category pages' main part (HTML_CACHE on, as it runs by default).
const kept = process.argv.includes('--kept');
const apps = { A: make(base, resolve(baseRoot), kept), B: make(mine, config.root, kept) };
const bare = inProcess(new Hono().get('/', (c) => c.text('ok')).fetch);
const api = { ...signedIn, 'x-csrf-token': csrfTokenFor(config.secret, userSid), 'content-type': 'application/json' };
const category = sqlite.prepare("SELECT slug FROM categories WHERE type = 'product' AND depth = 0 ORDER BY position LIMIT 1").pluck().get() as string;
const slugs = sqlite.prepare('SELECT slug FROM products WHERE visible = 2 AND parent_id IS NULL ORDER BY id LIMIT 60').pluck().all() as string[];
let next = 0;
const categoryId = sqlite.prepare('SELECT id FROM categories WHERE slug = ?').pluck().get(category) as number;
const listBody = JSON.stringify({ category_id: categoryId, _limit: 12 });
const cases: [string, () => string, Record<string, string>, { method?: string; body?: string }?][] = [
  ['bare Hono route', () => '/', {}],
  ['home (anonymous)', () => '/', browser],
  [`/${category}/2 (anonymous)`, () => `/${category}/2`, browser],
  [`/${category}/2 (signed in)`, () => `/${category}/2`, signedIn],
  ['60 product pages (signed in)', () => `/${slugs[next++ % slugs.length]}`, signedIn],
  ['POST /api/product (signed in)', () => '/api/product', api, { method: 'POST', body: listBody }],
  ['404 page', () => '/neexistuje-nic', browser],
];
const call = (v: 'A' | 'B', name: string, path: string, h: Record<string, string>, init?: { method?: string; body?: string }) => (name.startsWith('bare') ? bare(path) : apps[v](path, h, init));
const sums: Record<string, { A: number[]; B: number[] }> = {};
for (const [name] of cases) sums[name] = { A: [], B: [] };
for (const [name, path, h, init] of cases) for (const v of ['A', 'B'] as const) for (let i = 0; i < 60; i++) await call(v, name, path(), h, init);
for (let round = 0; round < 40; round++) {
  for (const [name, path, h, init] of cases) {
    for (const v of (round % 2 ? ['A', 'B'] : ['B', 'A']) as ('A' | 'B')[]) {
      const start = process.cpuUsage();
      for (let i = 0; i < 60; i++) await call(v, name, path(), h, init);
      const used = process.cpuUsage(start);
      sums[name][v].push((used.user + used.system) / 60);
    }
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`CPU µs per request, medians of 40 interleaved rounds; before = ${baseRoot}, after = this tree:`);
const bareMedian = median([...sums['bare Hono route'].A, ...sums['bare Hono route'].B]);
console.table(Object.entries(sums).map(([name, { A, B }]) => ({ target: name, before: Math.round(median(A)), after: Math.round(median(B)), change: `${(((median(B) - median(A)) / median(A)) * 100).toFixed(1)} %`, 'before × bare': (median(A) / bareMedian).toFixed(1), 'after × bare': (median(B) / bareMedian).toFixed(1) })));
db.$client.close();
remove();
