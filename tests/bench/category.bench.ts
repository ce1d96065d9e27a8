/**
 * `npx tsx build.ts && npx tsx tests/bench/category.bench.ts`: category pages and the product-list
 * API against a bare Hono baseline measured in the same run (tests/bench/run.ts keeps its targets
 * private, so this is a standalone script in the same style). Prints ratios; asserts nothing.
 *
 * - the shop is the BUILT server (node dist/server/index.js, NODE_ENV=production) over a temp DB
 *   seeded with 10,000 products; the baseline is tests/bench/bare-server.mjs; autocannon runs here;
 * - "uncached" is a signed-in consumer (same B2C prices, but the fragment cache is bypassed);
 *   "cached" is an anonymous visitor after the first request filled the cache;
 * - CPU per request is measured in this process (app.request() on createApp() over the same DB),
 *   since the child's process.cpuUsage() is not reachable from outside.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDb } from '../../server/db/client';
import { csrfTokenFor } from '../../server/http/csrf';
import { addSignedInSession, largestDepartment, USER_SID } from './bench-db';
import { ROOT, spawnServer, startShop } from '../e2e/server';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const CONNECTIONS = 50;
const WARMUP_S = 2;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CPU_ROUNDS = 400;
const SECRET = 'e2e-secret-e2e-secret-e2e-secret-0123456';
/** Well-formed session ids: one anonymous (no row), one signed in (a row and a user). */
const ANON_SID = 'benchbenchbenchbenchbenchbenchbenchbench123';

const csrfFor = (id: string) => csrfTokenFor(SECRET, id);

interface Target {
  name: string;
  server: 'shop' | 'bare';
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
}

interface Measured {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function load(target: Target, origin: string): Promise<Measured> {
  const options = { url: `${origin}${target.path}`, connections: CONNECTIONS, method: target.method ?? 'GET', body: target.body, headers: target.headers };
  await autocannon({ ...options, duration: WARMUP_S });
  const r = await autocannon({ ...options, duration: DURATION_S });
  return { name: target.name, rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts };
}

function pickTargets(dbFile: string) {
  const sqlite = new Database(dbFile, { readonly: true });
  const { root, brand } = largestDepartment(sqlite);
  sqlite.close();
  return { root, brand };
}

/** CPU time of this process per app.request(), after a warm-up (user + system, µs). */
async function cpuPerRequest(app: ReturnType<typeof createApp>, path: string, headers: Record<string, string>): Promise<number> {
  for (let i = 0; i < 50; i++) await (await app.request(path, { headers })).text();
  const before = process.cpuUsage();
  for (let i = 0; i < CPU_ROUNDS; i++) await (await app.request(path, { headers })).text();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / CPU_ROUNDS;
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ')).join('\n');
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'obchod-category-bench-'));
  const dbFile = join(dir, 'shop.db');
  console.log(`category bench: ${PRODUCTS} products, ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s per target\n`);
  const seeding = await startShop({ dbFile, products: PRODUCTS, env: { LOG_LEVEL: 'info' } });
  await seeding.stop();
  addSignedInSession(dbFile);
  const { root, brand } = pickTargets(dbFile);
  const page = `/${root.slug}/2`;
  const filtered = `/${root.slug}/1/znacka:${brand}`;
  const api = { cookie: `sid=${ANON_SID}`, 'x-csrf-token': csrfFor(ANON_SID), 'content-type': 'application/json' };
  const targets: Target[] = [
    { name: 'bare hono', server: 'bare', path: '/' },
    { name: 'category page, uncached (signed in)', server: 'shop', path: page, headers: { cookie: `sid=${USER_SID}` } },
    { name: 'category page, fragment cache (anon)', server: 'shop', path: page, headers: { cookie: `sid=${ANON_SID}` } },
    { name: 'filtered page, uncached (signed in)', server: 'shop', path: filtered, headers: { cookie: `sid=${USER_SID}` } },
    { name: 'filtered page, fragment cache (anon)', server: 'shop', path: filtered, headers: { cookie: `sid=${ANON_SID}` } },
    { name: 'POST /api/product (category, 12)', server: 'shop', path: '/api/product', method: 'POST', body: JSON.stringify({ category_id: root.id, _limit: 12 }), headers: api },
    { name: 'POST /api/product/filter-count', server: 'shop', path: '/api/product/filter-count', method: 'POST', body: JSON.stringify({ category_id: root.id, filter_criteria: { znacka: [brand] } }), headers: api },
  ];

  // Not strict: until the lead extracts the new messages, Lingui warns about them on stderr.
  const shop = await startShop({ dbFile, products: PRODUCTS, env: { SECRET }, strict: false });
  const bare = await spawnServer(join(ROOT, 'tests/bench/bare-server.mjs'), {}, /bare hono listens on http:\/\/[^\s:]+:(\d+)/);
  const results: Measured[] = [];
  try {
    for (const target of targets) {
      process.stdout.write(`  measuring ${target.name} (${target.method ?? 'GET'} ${target.path}) … `);
      const measured = await load(target, target.server === 'bare' ? `http://127.0.0.1:${bare.port}` : shop.url);
      results.push(measured);
      console.log(`${measured.rps} req/s`);
    }
  } finally {
    await bare.stop();
    await shop.stop();
  }

  // In-process CPU cost, the server stopped: createApp over the same file, production templates.
  const config = loadConfig({ ...process.env, NODE_ENV: 'production', DB_FILE: dbFile, SECRET, LOG_LEVEL: 'silent', SEED: 'none' });
  const db = openDb(dbFile);
  const app = createApp({ db, config, clock: { now: () => new Date() }, mailer: { send: async () => {} }, logger: { error: () => {}, info: () => {} } });
  const host = { host: '127.0.0.1:3000' };
  const cpu = {
    uncached: await cpuPerRequest(app, page, { ...host, cookie: `sid=${USER_SID}` }),
    cached: await cpuPerRequest(app, page, { ...host, cookie: `sid=${ANON_SID}` }),
    filteredUncached: await cpuPerRequest(app, filtered, { ...host, cookie: `sid=${USER_SID}` }),
  };
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });

  const baseline = results[0];
  const rows = [['target', 'req/s', '% of bare', 'p50 ms', 'p99 ms', 'non-2xx', 'errors']];
  for (const r of results) rows.push([r.name, String(r.rps), `${((100 * r.rps) / baseline.rps).toFixed(1)} %`, String(r.p50), String(r.p99), String(r.non2xx), String(r.errors)]);
  console.log(`\n${table(rows)}\n`);
  console.log(`largest department: /${root.slug} (${root.n} listed products); filter znacka:${brand}`);
  const byName = (n: string) => results.find((r) => r.name.startsWith(n))!;
  console.log(`fragment cache speed-up (req/s): page ×${(byName('category page, fragment').rps / byName('category page, uncached').rps).toFixed(2)}, filtered ×${(byName('filtered page, fragment').rps / byName('filtered page, uncached').rps).toFixed(2)}`);
  console.log(`CPU per request in-process (createApp + app.request, ${CPU_ROUNDS} rounds):`);
  console.log(`  category page uncached   ${cpu.uncached.toFixed(0)} µs`);
  console.log(`  category page cached     ${cpu.cached.toFixed(0)} µs`);
  console.log(`  filtered page uncached   ${cpu.filteredUncached.toFixed(0)} µs`);
  for (const r of results.filter((x) => x.non2xx > 0 || x.errors > 0)) console.log(`WARNING: ${r.name} had ${r.non2xx} non-2xx answers and ${r.errors} errors`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
