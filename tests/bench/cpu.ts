/**
 * CPU time per request, in process: each target is requested N times through the Node adapter's
 * request listener (tests/bench/in-process.ts: no sockets, but the same Response handling as
 * production) and process.cpuUsage() is divided by N. Less sensitive to a busy machine than req/s
 * over loopback, and comparable between targets measured in the same run. Requests carry
 * `Accept-Encoding: gzip` like a browser's, so the compression of pages is counted.
 * Run: npx tsx build.ts && npx tsx tests/bench/cpu.ts [--products 10000]
 */
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { csrfTokenFor } from '../../server/http/csrf';
import { createApp } from '../../server/app';
import { inProcess } from './in-process';
import { seededShop } from './seeded-shop';

const products = Number(process.argv[process.argv.indexOf('--products') + 1]) || 10_000;
const { config, db, remove } = seededShop('obchod-cpu-', products);
const silent = { error: () => {}, info: () => {} };
const app = createApp({ db, config: { ...config, production: true }, clock: { now: () => new Date() }, logger: silent, mailer: { send: async () => {} } });
// The same shop with HTML_CACHE=false: every category page is rendered (the "uncached").
const uncachedApp = createApp({ db, config: { ...config, production: true, htmlCache: false }, clock: { now: () => new Date() }, logger: silent, mailer: { send: async () => {} } });
const bare = new Hono().get('/', (c) => c.text('ok'));

const sqlite = db.$client;
const category = sqlite.prepare("SELECT slug FROM categories WHERE type = 'product' AND depth = 0 ORDER BY position LIMIT 1").get() as { slug: string };
const product = sqlite.prepare('SELECT slug FROM products WHERE visible = 2 AND parent_id IS NULL ORDER BY id LIMIT 1').get() as { slug: string };
const sid = 'b'.repeat(43);
const userSid = 'u'.repeat(43);
const now = Date.now();
const user = sqlite.prepare("INSERT INTO users (email, roles, created_at) VALUES ('cpu@example.sk', '[\"ROLE_CONSUMER\"]', ?)").run(now).lastInsertRowid;
sqlite.prepare('INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)').run(createHash('sha256').update(userSid).digest('base64url'), user, now, now + 86_400_000);
const browser = { 'accept-encoding': 'gzip, deflate, br' };
const headers = { ...browser, cookie: `sid=${sid}` };
const signedIn = { ...browser, cookie: `sid=${userSid}` };
const api = { ...headers, 'x-csrf-token': csrfTokenFor(config.secret, sid), 'content-type': 'application/json' };
const categoryId = (sqlite.prepare('SELECT id FROM categories WHERE slug = ?').pluck().get(category.slug) as number);
const shop = inProcess(app.fetch);
const uncached = inProcess(uncachedApp.fetch);
const bareCall = inProcess(bare.fetch);

const targets: { name: string; run: () => Promise<unknown> }[] = [
  { name: 'bare Hono route', run: () => bareCall('/') },
  { name: 'home', run: () => shop('/', headers) },
  { name: `category /${category.slug} (page cache, anonymous)`, run: () => shop(`/${category.slug}`, headers) },
  { name: `category /${category.slug}/2 (page cache, anonymous)`, run: () => shop(`/${category.slug}/2`, headers) },
  { name: `category /${category.slug}/2 first visit (page cache)`, run: () => shop(`/${category.slug}/2`, browser) },
  { name: `category /${category.slug}/2 (fragment cache, signed in)`, run: () => shop(`/${category.slug}/2`, signedIn) },
  { name: `category /${category.slug}/2 uncached (HTML_CACHE=false)`, run: () => uncached(`/${category.slug}/2`, headers) },
  { name: `category /${category.slug}/2 uncached, signed in`, run: () => uncached(`/${category.slug}/2`, signedIn) },
  { name: `product /${product.slug}`, run: () => shop(`/${product.slug}`, headers) },
  { name: 'POST /api/product (category, 12)', run: () => shop('/api/product', api, { method: 'POST', body: JSON.stringify({ category_id: categoryId, _limit: 12 }) }) },
  { name: 'search ?q=hrniec', run: () => shop('/hladaj?q=hrniec', headers) },
  { name: '404 page', run: () => shop('/neexistuje-nic', headers) },
];

async function measure(run: () => Promise<unknown>, n: number): Promise<number> {
  for (let i = 0; i < 20; i += 1) await run();
  const start = process.cpuUsage();
  for (let i = 0; i < n; i += 1) await run();
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
remove();
