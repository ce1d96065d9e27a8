/**
 * A loop over app.request() for one page, for `node --cpu-prof` (self time per function):
 *   npx tsx tests/bench/profile.ts [--products 10000] [--db seeded.db] [--signed-in] [--path /x] [--rounds N] [--profile out.cpuprofile]
 *   npx tsx tests/bench/profile.ts --signed-in --path products   (60 different product pages in turn, as the bench)
 *   npx tsx tests/bench/profile.ts --method POST --path /api/product --body '{"category_id":"@dept","_limit":12}'
 * Seeds its own temporary database and prints the CPU per request of the loop. With --profile, the
 * loop alone (not the seeding) is profiled through node:inspector; open the file in Chrome DevTools
 * (Performance) or sum its self times. The visitor is anonymous (no cookie) unless --signed-in; the
 * shop runs as behind nginx (COMPRESS=false) unless --compress.
 * --method POST sends --body as JSON with the session's CSRF token (as the API client does); "@dept"
 * in the body stands for the largest department's id (the bench's POST /api/product), "@brand" for
 * a brand in it (the bench's filter count: --body '{"category_id":"@dept","filter_criteria":{"znacka":["@brand"]}}'). --encoding
 * sets Accept-Encoding (default "gzip, deflate, br", as browsers send; "identity" for none).
 * --db copies an already seeded file instead of seeding; tests/bench/self-time.ts sums a profile.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createHash } from 'node:crypto';
import { createApp } from '../../server/app';
import { csrfTokenFor } from '../../server/http/csrf';
import { largestDepartment } from './bench-db';
import { inProcess } from './in-process';
import { seededShop } from './seeded-shop';

const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const products = Number(arg('--products')) || 10_000;
const rounds = Number(arg('--rounds')) || 2000;
const signedIn = process.argv.includes('--signed-in');
const compress = process.argv.includes('--compress');
const { config, db, remove } = seededShop('obchod-prof-', products, arg('--db'));
const sqlite = db.$client;
const sid = 'b'.repeat(43);
if (signedIn) {
  const now = Date.now();
  const user = sqlite.prepare("INSERT INTO users (email, roles, created_at) VALUES ('prof@example.sk', '[\"ROLE_CONSUMER\"]', ?)").run(now).lastInsertRowid;
  sqlite.prepare('INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)').run(createHash('sha256').update(sid).digest('base64url'), user, now, now + 86_400_000);
}
const app = createApp({ db, config: { ...config, production: true, compress }, clock: { now: () => new Date() }, logger: { error: () => {}, info: () => {} }, mailer: { send: async () => {} } });
const category = sqlite.prepare("SELECT slug FROM categories WHERE type = 'product' AND depth = 0 ORDER BY position LIMIT 1").get() as { slug: string };
const slugs = sqlite.prepare('SELECT slug FROM products WHERE visible = 2 AND parent_id IS NULL AND children_count = 0 AND availability_days >= 0 ORDER BY id LIMIT 60').pluck().all() as string[];
let nextProduct = 0;
const paths = () => (arg('--path') === 'products' ? `/${slugs[nextProduct++ % slugs.length]}` : (arg('--path') ?? `/${category.slug}/2`));
const path = paths();
const method = arg('--method') ?? 'GET';
const department = largestDepartment(sqlite);
const body = arg('--body')?.replaceAll('"@dept"', String(department.root.id)).replaceAll('@brand', department.brand);
const headers: Record<string, string> = { host: '127.0.0.1', ...(signedIn || method !== 'GET' ? { cookie: `sid=${sid}` } : {}), 'accept-encoding': arg('--encoding') ?? 'gzip, deflate, br' };
if (method !== 'GET') Object.assign(headers, { 'x-csrf-token': csrfTokenFor(config.secret, sid), 'content-type': 'application/json' });
const request = inProcess(app.fetch);
const call = (to: string, h: Record<string, string>) => request(to === path ? paths() : to, h, method === 'GET' ? {} : { method, body: body ?? '{}' });
const first = await call(path, headers);
console.log(method, path, first.status, first.headers['cache-control'] ?? '', first.headers['content-encoding'] ?? '', first.body.length, 'bytes');
for (let i = 0; i < 100; i++) await call(path, headers);
const profileTo = arg('--profile');
const inspector = new Session();
if (profileTo) {
  inspector.connect();
  await inspector.post('Profiler.enable');
  await inspector.post('Profiler.start');
}
const faults = process.resourceUsage().minorPageFault;
const start = process.cpuUsage();
for (let i = 0; i < rounds; i++) await call(path, headers);
const used = process.cpuUsage(start);
const faultsPerRequest = (process.resourceUsage().minorPageFault - faults) / rounds;
if (profileTo) {
  const { profile } = await inspector.post('Profiler.stop');
  writeFileSync(profileTo, JSON.stringify(profile));
  inspector.disconnect();
}
const last = await call(path, headers);
console.log(`${signedIn ? 'signed in' : 'anonymous'}${false ? ', uncached' : ''}: ${Math.round((used.user + used.system) / rounds)} µs CPU per request, ${faultsPerRequest.toFixed(1)} page faults per request; last answer ${last.body.length} bytes`);
sqlite.close();
remove();
