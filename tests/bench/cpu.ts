/**
 * CPU time per request, in process: each target is requested N times through app.request() (no
 * sockets) and process.cpuUsage() is divided by N. Less sensitive to a busy machine than req/s
 * over loopback, and comparable between targets measured in the same run.
 * Run: npx tsx build.ts && npx tsx tests/bench/cpu.ts [--products 10000]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { migrateDb, openDb } from '../../server/db/client';
import { seedDemo } from '../../server/db/seed/demo';
import { ensureShops } from '../../server/shops/shops.service';

const products = Number(process.argv[process.argv.indexOf('--products') + 1]) || 10_000;
const dir = mkdtempSync(join(tmpdir(), 'obchod-cpu-'));
const config = loadConfig({ DB_FILE: join(dir, 'shop.db'), LOG_LEVEL: 'silent', NODE_ENV: 'production', SECRET: 'bench-secret-bench-secret-bench-secret-0' });
const db = openDb(config.dbFile);
migrateDb(db, config.root);
ensureShops(db);
seedDemo(db, { products });
const silent = { error: () => {}, info: () => {} };
const app = createApp({ db, config: { ...config, production: true }, clock: { now: () => new Date() }, logger: silent, mailer: { send: async () => {} } });
const bare = new Hono().get('/', (c) => c.text('ok'));

const sqlite = db.$client;
const category = sqlite.prepare("SELECT slug FROM categories WHERE type = 'product' AND depth = 0 ORDER BY position LIMIT 1").get() as { slug: string };
const product = sqlite.prepare('SELECT slug FROM products WHERE visible = 2 AND parent_id IS NULL ORDER BY id LIMIT 1').get() as { slug: string };
const sid = 'b'.repeat(43);
const headers = { host: '127.0.0.1', cookie: `sid=${sid}` };

const targets: { name: string; run: () => Promise<Response> | Response }[] = [
  { name: 'bare Hono route', run: () => bare.request('/') },
  { name: 'home', run: () => app.request('/', { headers }) },
  { name: `category /${category.slug} (fragment cache)`, run: () => app.request(`/${category.slug}`, { headers }) },
  { name: `category /${category.slug}/2 (fragment cache)`, run: () => app.request(`/${category.slug}/2`, { headers }) },
  { name: `product /${product.slug}`, run: () => app.request(`/${product.slug}`, { headers }) },
  { name: 'search ?q=hrniec', run: () => app.request('/hladaj?q=hrniec', { headers }) },
  { name: '404 page', run: () => app.request('/neexistuje-nic', { headers }) },
];

async function measure(run: () => Promise<Response> | Response, n: number): Promise<number> {
  for (let i = 0; i < 20; i += 1) await (await run()).arrayBuffer();
  const start = process.cpuUsage();
  for (let i = 0; i < n; i += 1) await (await run()).arrayBuffer();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / n;
}

const rows: { target: string; cpuMicros: number; vsBare: string }[] = [];
let bareMicros = 0;
for (const target of targets) {
  const micros = await measure(target.run, target.name.startsWith('bare') ? 5000 : 300);
  if (target.name.startsWith('bare')) bareMicros = micros;
  rows.push({ target: target.name, cpuMicros: Math.round(micros), vsBare: `${((bareMicros / micros) * 100).toFixed(1)} %` });
}
console.log(`CPU per request, in process, ${products} products (vsBare = bare route's CPU / target's CPU):`);
console.table(rows);
db.$client.close();
rmSync(dir, { recursive: true, force: true });
