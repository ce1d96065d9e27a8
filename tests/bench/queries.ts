/**
 * SQL statements run per request, by text: `npx tsx tests/bench/queries.ts [--db seeded.db] [--signed-in] [--path /x] [--method POST --body '{…}']`
 * (the same requests as profile.ts). Each statement start costs ~10 µs here however small the
 * query (a read transaction: WAL index and locks), so the count per request matters.
 */
import Database from 'better-sqlite3';
import { createApp } from '../../server/app';
import { csrfTokenFor } from '../../server/http/csrf';
import { largestDepartment, signInConsumer } from './bench-db';
import { inProcess } from './in-process';
import { seededShop } from './seeded-shop';

const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const { config, db, remove } = seededShop('obchod-queries-', Number(arg('--products')) || 10_000, arg('--db'));
const sqlite = db.$client;
const sid = 'q'.repeat(43);
if (process.argv.includes('--signed-in')) signInConsumer(sqlite, sid, 'queries@example.sk');
const app = createApp({ db, config: { ...config, production: true, compress: false }, clock: { now: () => new Date() }, logger: { error: () => {}, info: () => {} }, mailer: { send: async () => {} } });
const category = sqlite.prepare("SELECT slug FROM categories WHERE type = 'product' AND depth = 0 ORDER BY position LIMIT 1").pluck().get() as string;
const slugs = sqlite.prepare('SELECT slug FROM products WHERE visible = 2 AND parent_id IS NULL ORDER BY id LIMIT 60').pluck().all() as string[];
const method = arg('--method') ?? 'GET';
const department = largestDepartment(sqlite);
const body = arg('--body')?.replaceAll('"@dept"', String(department.root.id)).replaceAll('@brand', department.brand);
const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br', ...(process.argv.includes('--signed-in') || method !== 'GET' ? { cookie: `sid=${sid}` } : {}) };
if (method !== 'GET') Object.assign(headers, { 'x-csrf-token': csrfTokenFor(config.secret, sid), 'content-type': 'application/json' });
const request = inProcess(app.fetch);
const paths = arg('--path') === 'products' ? slugs.map((s) => `/${s}`) : [arg('--path') ?? `/${category}/2`];
const call = (path: string) => request(path, headers, method === 'GET' ? {} : { method, body: body ?? '{}' });
for (const path of paths) for (let i = 0; i < 3; i++) await call(path);
const counts = new Map<string, number>();
const proto = (Database as unknown as { prototype: { prepare: (sql: string) => unknown } }).prototype;
const statementProto = Object.getPrototypeOf(sqlite.prepare('SELECT 1')) as Record<string, (...a: unknown[]) => unknown> & { source: string };
for (const name of ['get', 'all', 'run', 'iterate'] as const) {
  const original = statementProto[name];
  statementProto[name] = function (this: { source: string }, ...a: unknown[]) {
    const key = `${name} ${this.source.replace(/\s+/g, ' ').slice(0, 140)}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    return original.apply(this, a);
  };
}
void proto;
for (const path of paths) await call(path);
console.log(`${method} ${paths.length === 1 ? paths[0] : `${paths.length} product pages`}: ${[...counts.values()].reduce((a, b) => a + b, 0) / paths.length} statements per request`);
for (const [key, n] of [...counts].sort((a, b) => b[1] - a[1])) console.log(String(n / paths.length).padStart(6), key);
sqlite.close();
remove();
