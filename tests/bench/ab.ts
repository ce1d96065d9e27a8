/**
 * CPU per request of two versions of the shop, in ONE process over one seeded database, measured
 * interleaved: `npx tsx tests/bench/ab.ts --base /tmp/main-tree [--products 10000]`. The other
 * tree is a checkout of another commit (e.g. `git archive <commit> | tar -x -C /tmp/main-tree`,
 * node_modules linked to this one's, `npx tsx build.ts` run in it). On the shared 2-core machine
 * separate cpu.ts runs move ±20 % with the load of other sessions; short alternating rounds
 * (40 × 60 calls, order swapped each round, medians) see both versions under the same load.
 * Each version gets the settings it knows (the other tree's HTML_CACHE=false renders every page,
 * as this tree always does; this tree runs as behind nginx, COMPRESS=false): extra keys are ignored.
 */
import { join, resolve } from 'node:path';
import { signInConsumer } from './bench-db';
import { inProcess } from './in-process';
import { seededShop } from './seeded-shop';

const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const baseRoot = arg('--base');
if (!baseRoot) throw new Error('usage: tsx tests/bench/ab.ts --base /path/to/other/tree [--products N]');
const products = Number(arg('--products')) || 10_000;
const { config, db, remove } = seededShop('obchod-ab-', products);
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
const apps = { A: make(base, resolve(baseRoot)), B: make(mine, config.root, process.argv.includes('--kept')) };
const category = sqlite.prepare("SELECT slug FROM categories WHERE type = 'product' AND depth = 0 ORDER BY position LIMIT 1").pluck().get() as string;
const slugs = sqlite.prepare('SELECT slug FROM products WHERE visible = 2 AND parent_id IS NULL ORDER BY id LIMIT 60').pluck().all() as string[];
let next = 0;
const cases: [string, () => string, Record<string, string>][] = [
  ['home (anonymous)', () => '/', browser],
  [`/${category}/2 (anonymous)`, () => `/${category}/2`, browser],
  [`/${category}/2 (signed in)`, () => `/${category}/2`, signedIn],
  ['60 product pages (signed in)', () => `/${slugs[next++ % slugs.length]}`, signedIn],
  ['404 page', () => '/neexistuje-nic', browser],
];
const sums: Record<string, { A: number[]; B: number[] }> = {};
for (const [name] of cases) sums[name] = { A: [], B: [] };
for (const [, path, h] of cases) for (const v of ['A', 'B'] as const) for (let i = 0; i < 60; i++) await apps[v](path(), h);
for (let round = 0; round < 40; round++) {
  for (const [name, path, h] of cases) {
    for (const v of (round % 2 ? ['A', 'B'] : ['B', 'A']) as ('A' | 'B')[]) {
      const start = process.cpuUsage();
      for (let i = 0; i < 60; i++) await apps[v](path(), h);
      const used = process.cpuUsage(start);
      sums[name][v].push((used.user + used.system) / 60);
    }
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`CPU µs per request, medians of 40 interleaved rounds; before = ${baseRoot}, after = this tree:`);
console.table(Object.entries(sums).map(([name, { A, B }]) => ({ target: name, before: Math.round(median(A)), after: Math.round(median(B)), change: `${(((median(B) - median(A)) / median(A)) * 100).toFixed(1)} %` })));
db.$client.close();
remove();
