/**
 * A loop over app.request() for one page, for `node --cpu-prof` (self time per function):
 *   npx tsx tests/bench/profile.ts [--products 10000] [--db seeded.db] [--uncached] [--signed-in] [--path /x]
 *     [--method POST --body '{"category_id":1}'] [--rounds N] [--profile out.cpuprofile]
 * Seeds its own temporary database and prints the CPU per request of the loop. With --profile, the
 * loop alone (not the seeding) is profiled through node:inspector; open the file in Chrome DevTools
 * (Performance) or sum its self times (tests/bench/self-time.ts). Anonymous visitors get the page
 * cache; --signed-in signs in (fragment cache); --uncached turns the HTML caches off
 * (HTML_CACHE=false), so every page is rendered. --db copies an already seeded file instead of
 * seeding; --method/--body send an API call as JSON with the session's CSRF token
 * (`{{category}}` in the body is replaced by the largest department's id).
 */
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { migrateDb, openDb } from '../../server/db/client';
import { seedDemo } from '../../server/db/seed/demo';
import { csrfTokenFor } from '../../server/http/csrf';
import { ensureShops } from '../../server/shops/shops.service';
import { largestDepartment } from './bench-db';
import { inProcess } from './in-process';

const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const products = Number(arg('--products')) || 10_000;
const rounds = Number(arg('--rounds')) || 2000;
const signedIn = process.argv.includes('--signed-in');
const uncached = process.argv.includes('--uncached');
const dir = mkdtempSync(join(tmpdir(), 'obchod-prof-'));
const config = loadConfig({ DB_FILE: join(dir, 'shop.db'), LOG_LEVEL: 'silent', NODE_ENV: 'production', SECRET: 'bench-secret-bench-secret-bench-secret-0' });
const existing = arg('--db');
if (existing) copyFileSync(existing, config.dbFile);
const db = openDb(config.dbFile);
migrateDb(db, config.root);
if (!existing) {
  ensureShops(db);
  seedDemo(db, { products });
}
const sqlite = db.$client;
const sid = 'b'.repeat(43);
if (signedIn) {
  const now = Date.now();
  const user = sqlite.prepare("INSERT INTO users (email, roles, created_at) VALUES ('prof@example.sk', '[\"ROLE_CONSUMER\"]', ?)").run(now).lastInsertRowid;
  sqlite.prepare('INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)').run(createHash('sha256').update(sid).digest('base64url'), user, now, now + 86_400_000);
}
const app = createApp({ db, config: { ...config, production: true, htmlCache: !uncached }, clock: { now: () => new Date() }, logger: { error: () => {}, info: () => {} }, mailer: { send: async () => {} } });
const category = sqlite.prepare("SELECT slug FROM categories WHERE type = 'product' AND depth = 0 ORDER BY position LIMIT 1").get() as { slug: string };
const path = arg('--path') ?? `/${category.slug}/2`;
const method = arg('--method') ?? 'GET';
const body = arg('--body')?.replaceAll('{{category}}', String(largestDepartment(sqlite).root.id));
const headers: Record<string, string> = { host: '127.0.0.1', cookie: `sid=${sid}`, 'accept-encoding': 'gzip, deflate, br' };
if (body !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'x-csrf-token': csrfTokenFor(config.secret, sid) });
const inProcessCall = inProcess(app.fetch);
const call = (to: string, h: Record<string, string>) => inProcessCall(to, h, { method, body });
const first = await call(path, headers);
if (body !== undefined) console.log(first.body.toString().slice(0, 200));
console.log(path, first.status, first.headers['x-fragment-cache'], first.body.length, 'bytes');
for (let i = 0; i < 100; i++) await call(path, headers);
const profileTo = arg('--profile');
const inspector = new Session();
if (profileTo) {
  inspector.connect();
  await inspector.post('Profiler.enable');
  await inspector.post('Profiler.start');
}
const start = process.cpuUsage();
for (let i = 0; i < rounds; i++) await call(path, headers);
const used = process.cpuUsage(start);
if (profileTo) {
  const { profile } = await inspector.post('Profiler.stop');
  writeFileSync(profileTo, JSON.stringify(profile));
  inspector.disconnect();
}
console.log(`${signedIn ? 'signed in' : 'anonymous'}${uncached ? ', uncached' : ''}: ${Math.round((used.user + used.system) / rounds)} µs CPU per request`);
sqlite.close();
rmSync(dir, { recursive: true, force: true });
