/**
 * CPU per request of two versions of the shop, in ONE process over one seeded database, measured
 * interleaved: `npx tsx tests/bench/ab.ts --base /tmp/main-tree [--products 10000]`. The other
 * tree is a checkout of another commit (e.g. `git archive <commit> | tar -x -C /tmp/main-tree`,
 * node_modules linked to this one's, `npx tsx build.ts` run in it). On the shared 2-core machine
 * separate cpu.ts runs move ±20 % with the load of other sessions; short alternating rounds
 * (40 × 60 calls, order swapped each round, medians) see both versions under the same load.
 */
import { join, resolve } from 'node:path';
import { inProcess } from './in-process';
import { seededShop } from './seeded-shop';

const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const baseRoot = arg('--base');
if (!baseRoot) throw new Error('usage: tsx tests/bench/ab.ts --base /path/to/other/tree [--products N]');
const products = Number(arg('--products')) || 10_000;
const { config, db, remove } = seededShop('obchod-ab-', products);
const silent = { error: () => {}, info: () => {} };
const base = (await import(join(resolve(baseRoot), 'server/app.ts'))) as typeof import('../../server/app');
const mine = await import('../../server/app');
const make = (m: typeof mine, root: string, htmlCache: boolean) =>
  inProcess(m.createApp({ db, config: { ...config, root, production: true, htmlCache }, clock: { now: () => new Date() }, logger: silent, mailer: { send: async () => {} } }).fetch);
const headers = { 'accept-encoding': 'gzip, deflate, br', cookie: `sid=${'b'.repeat(43)}` };
const first = { 'accept-encoding': 'gzip, deflate, br' };
const apps = {
  A: { cached: make(base, resolve(baseRoot), true), uncached: make(base, resolve(baseRoot), false) },
  B: { cached: make(mine, config.root, true), uncached: make(mine, config.root, false) },
};
const sqlite = db.$client;
const category = (sqlite.prepare("SELECT slug FROM categories WHERE type = 'product' AND depth = 0 ORDER BY position LIMIT 1").pluck().get() as string);
const product = (sqlite.prepare('SELECT slug FROM products WHERE visible = 2 AND parent_id IS NULL ORDER BY id LIMIT 1').pluck().get() as string);
const cases: [string, 'cached' | 'uncached', string, Record<string, string>][] = [
  ['home', 'cached', '/', headers],
  [`/${category}/2 page cache`, 'cached', `/${category}/2`, headers],
  [`/${category}/2 first visit`, 'cached', `/${category}/2`, first],
  [`/${category}/2 uncached (HTML_CACHE=false)`, 'uncached', `/${category}/2`, headers],
  ['product', 'cached', `/${product}`, headers],
  ['404 page', 'cached', '/neexistuje-nic', headers],
];
const sums: Record<string, { A: number[]; B: number[] }> = {};
for (const [name] of cases) sums[name] = { A: [], B: [] };
for (const [, kind, path, h] of cases) for (const v of ['A', 'B'] as const) for (let i = 0; i < 50; i++) await apps[v][kind](path, h);
for (let round = 0; round < 40; round++) {
  for (const [name, kind, path, h] of cases) {
    for (const v of (round % 2 ? ['A', 'B'] : ['B', 'A']) as ('A' | 'B')[]) {
      const start = process.cpuUsage();
      for (let i = 0; i < 60; i++) await apps[v][kind](path, h);
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
