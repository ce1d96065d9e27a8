/**
 * CPU time per request, in process: each target is requested N times through the Node adapter's
 * request listener (tests/bench/in-process.ts: no sockets, but the same Response handling as
 * production) and process.cpuUsage() is divided by N. Less sensitive to a busy machine than req/s
 * over loopback, and comparable between targets measured in the same run. The shop runs as behind
 * nginx (COMPRESS=false: the proxy compresses, decision 213); "standalone" rows are `npm start`'s
 * own gzip (level 6) on top. Requests carry `Accept-Encoding: gzip, deflate, br` like a browser's.
 * Run: npx tsx build.ts && npx tsx tests/bench/cpu.ts [--products 10000] [--db seeded.db] [--only name]
 * (--db copies an already seeded file; --only keeps the bare route and the targets whose name contains it).
 */
import { Hono } from 'hono';
import { csrfTokenFor } from '../../server/http/csrf';
import { createApp } from '../../server/app';
import { signInConsumer } from './bench-db';
import { inProcess } from './in-process';
import { seededShop } from './seeded-shop';

const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const products = Number(arg('--products')) || 10_000;
const only = arg('--only');
const { config, db, remove } = seededShop('obchod-cpu-', products, arg('--db'));
const silent = { error: () => {}, info: () => {} };
const deps = { db, clock: { now: () => new Date() }, logger: silent, mailer: { send: async () => {} } };
const app = createApp({ ...deps, config: { ...config, production: true, compress: false } });
const standaloneApp = createApp({ ...deps, config: { ...config, production: true, compress: true } });
const bare = new Hono().get('/', (c) => c.text('ok'));

const sqlite = db.$client;
const category = sqlite.prepare("SELECT slug FROM categories WHERE type = 'product' AND depth = 0 ORDER BY position LIMIT 1").get() as { slug: string };
const productSlugs = sqlite.prepare('SELECT slug FROM products WHERE visible = 2 AND parent_id IS NULL ORDER BY id LIMIT 60').pluck().all() as string[];
const userSid = 'u'.repeat(43);
signInConsumer(sqlite, userSid, 'cpu@example.sk');
const browser = { 'accept-encoding': 'gzip, deflate, br' };
const signedIn = { ...browser, cookie: `sid=${userSid}` };
const api = { ...signedIn, 'x-csrf-token': csrfTokenFor(config.secret, userSid), 'content-type': 'application/json' };
const categoryId = sqlite.prepare('SELECT id FROM categories WHERE slug = ?').pluck().get(category.slug) as number;
const shop = inProcess(app.fetch);
const standalone = inProcess(standaloneApp.fetch);
const bareCall = inProcess(bare.fetch);
let next = 0;
const anotherProduct = () => `/${productSlugs[next++ % productSlugs.length]}`;

const targets: { name: string; run: () => Promise<unknown> }[] = [
  { name: 'bare Hono route', run: () => bareCall('/') },
  { name: 'home (anonymous)', run: () => shop('/', browser) },
  { name: `category /${category.slug}/2 (anonymous)`, run: () => shop(`/${category.slug}/2`, browser) },
  { name: `category /${category.slug}/2 (signed in)`, run: () => shop(`/${category.slug}/2`, signedIn) },
  // The list's own order and search (server/catalog/list-tools.ts): kept orders, a scan of kept names.
  { name: `category /${category.slug}/2?sort=name (anonymous)`, run: () => shop(`/${category.slug}/2?sort=name`, browser) },
  { name: `category /${category.slug}?q=hrn (anonymous, searched)`, run: () => shop(`/${category.slug}?q=hrn`, browser) },
  { name: `product pages, ${productSlugs.length} different (anonymous)`, run: () => shop(anotherProduct(), browser) },
  { name: `product pages, ${productSlugs.length} different (signed in)`, run: () => shop(anotherProduct(), signedIn) },
  { name: 'POST /api/product (category, 12)', run: () => shop('/api/product', api, { method: 'POST', body: JSON.stringify({ category_id: categoryId, _limit: 12 }) }) },
  { name: 'search ?q=hrniec (anonymous)', run: () => shop('/hladaj?q=hrniec', browser) },
  { name: '404 page', run: () => shop('/neexistuje-nic', browser) },
  { name: `standalone: category /${category.slug}/2 (anonymous, gzip 6)`, run: () => standalone(`/${category.slug}/2`, browser) },
  { name: 'standalone: product pages (signed in, gzip 6)', run: () => standalone(anotherProduct(), signedIn) },
];

async function measure(run: () => Promise<unknown>, n: number): Promise<number> {
  for (let i = 0; i < 60; i += 1) await run();
  const start = process.cpuUsage();
  for (let i = 0; i < n; i += 1) await run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / n;
}

const rows: { target: string; cpuMicros: number; timesBare: string }[] = [];
let bareMicros = 0;
for (const target of targets.filter((t) => !only || t.name.startsWith('bare') || t.name.includes(only))) {
  const micros = await measure(target.run, target.name.startsWith('bare') ? 5000 : 300);
  if (target.name.startsWith('bare')) bareMicros = micros;
  rows.push({ target: target.name, cpuMicros: Math.round(micros), timesBare: `${(micros / bareMicros).toFixed(1)} ×` });
}
console.log(`CPU per request, in process, ${products} products (timesBare = target's CPU / bare route's CPU):`);
console.table(rows);
db.$client.close();
remove();
