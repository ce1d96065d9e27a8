/**
 * `npm run bench` (build, then this): every figure of the discovery issue (issue 3), measured in
 * ONE run as a ratio to a bare Hono route measured in the same run. Machines are noisy (this one is
 * shared), so the figures are printed and written to tests/.tmp/bench.json; nothing asserts a time.
 *
 * Processes: the shop is the BUILT server (`node dist/server/index.js`, NODE_ENV=production) over a
 * temporary database this script seeds (10,000 and 100,000 products); the baseline is
 * tests/bench/bare-server.mjs; autocannon runs here. Requests to the shop carry
 * `Accept-Encoding: gzip, deflate, br` as every browser's do; the bare route's 2-byte answer is
 * the same either way. "server µs/req" is the shop process's CPU time (user + system, from
 * /proc/PID/stat on Linux) over the measured interval divided by the requests answered; "client
 * µs/req" is the same for autocannon (this process), which shares the machine's two cores with the
 * shop and pays for every byte it reads (~11 µs a KB), so bytes on the wire weigh on every figure.
 * When `wrk` is installed (Debian's package), every target is measured again by it right after
 * autocannon, bare route included, and each figure shows both (decision 202): wrk costs 20–70 µs a
 * request, a fraction of autocannon's, so its throughput is less bound by the load generator (its
 * tails are erratic on this VM, for any Node server: decision 202).
 *
 * Shoppers: "anonymous" has a well-formed session cookie and no session row (a returning visitor;
 * the whole-page cache serves them, decision 180); "signed in" is a consumer account (the fragment
 * cache serves the list, the layout is rendered). "uncached" is the same anonymous request to a
 * second server started with HTML_CACHE=false, which renders every category page.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { filterCountPath } from '../../server/catalog/filter';
import { csrfTokenFor } from '../../server/http/csrf';
import { addSignedInSession, largestDepartment, USER_SID } from './bench-db';
import { ROOT, spawnServer, startShop, summariseLog, TMP_DIR, type RunningShop } from '../e2e/server';
import { wrk, wrkInstalled } from './wrk';
import { benchAdminOrders } from './admin-orders.bench';

const CONNECTIONS = 50;
const WARMUP_S = 2;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const SECRET = 'e2e-secret-e2e-secret-e2e-secret-0123456';
const ANON_SID = 'benchbenchbenchbenchbenchbenchbenchbench123';
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };
const anon = { ...BROWSER, cookie: `sid=${ANON_SID}` };
const signedIn = { ...BROWSER, cookie: `sid=${USER_SID}` };
/** wrk measures every target a second time when installed (decision 202); autocannon always. */
const WRK = wrkInstalled();
const api = { ...anon, 'x-csrf-token': csrfTokenFor(SECRET, ANON_SID), 'content-type': 'application/json' };

interface Target {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
}

/** One load generator's figures for one target. */
interface Load {
  rps: number;
  p50: number;
  p99: number;
  /** The shop process's CPU per request over the measured interval. */
  cpuMicros: number | null;
  /** The load generator's own CPU per request: on the same two cores, it competes with the shop. */
  clientMicros: number;
  bytes: number;
  non2xx: number;
  errors: number;
}

interface Measured extends Load {
  name: string;
  shop: string;
  /** The same target measured by wrk right after autocannon, when wrk is installed. */
  wrk?: Load;
}

/** utime + stime of a process in clock ticks (100 per second on Linux); null elsewhere. */
function cpuTicks(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/** Starts counting a process's CPU; the function answers its µs per request since then (null off Linux). */
function cpuMeter(pid: number | null): (requests: number) => number | null {
  const before = pid === null ? null : cpuTicks(pid);
  return (requests) => {
    const after = pid === null ? null : cpuTicks(pid);
    return before !== null && after !== null && requests > 0 ? ((after - before) * 10_000) / requests : null;
  };
}

async function load(target: Target, origin: string, pid: number | null, shop: string): Promise<Measured> {
  const options = { url: `${origin}${target.path}`, connections: CONNECTIONS, method: target.method ?? 'GET', body: target.body, headers: target.headers };
  await autocannon({ ...options, duration: WARMUP_S });
  const server = cpuMeter(pid);
  const client = process.cpuUsage();
  const r = await autocannon({ ...options, duration: DURATION_S });
  const clientUsed = process.cpuUsage(client);
  const cpuMicros = server(r.requests.total);
  return {
    name: target.name,
    shop,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    cpuMicros,
    clientMicros: r.requests.total > 0 ? (clientUsed.user + clientUsed.system) / r.requests.total : 0,
    bytes: r.requests.total ? Math.round(r.throughput.total / r.requests.total) : 0,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    wrk: WRK ? loadWithWrk(target, origin, pid) : undefined,
  };
}

/** The same target through wrk, right after autocannon's run (the shop is warm). */
function loadWithWrk(target: Target, origin: string, pid: number | null): Load {
  const server = cpuMeter(pid);
  const r = wrk({ url: `${origin}${target.path}`, connections: CONNECTIONS, durationS: DURATION_S, method: target.method, body: target.body, headers: target.headers });
  return { rps: r.rps, p50: r.p50, p99: r.p99, cpuMicros: server(r.requests), clientMicros: r.clientMicros, bytes: r.bytes, non2xx: r.non2xx, errors: r.errors };
}

const SEARCH_UNCACHED = 'search ?q=hrniec, uncached';
const SAME_WORK = 'bare hono with search\'s CPU and bytes';

/**
 * The bare route made to spend the CPU the shop spent on an uncached search beyond the bare
 * route's own, and to send as many bytes (decision 202): its p99 is the floor any server doing
 * that much work per request gets on this machine under the same load generator.
 */
async function sameWorkReference(bare: Measured, search: Measured): Promise<Measured> {
  const burn = Math.max(0, Math.round((search.cpuMicros ?? 0) - (bare.cpuMicros ?? 0)));
  const server = await spawnServer(join(ROOT, 'tests/bench/bare-server.mjs'), { BURN_US: String(burn), ANSWER_BYTES: String(search.bytes) }, /bare hono listens on http:\/\/[^\s:]+:(\d+)/);
  try {
    process.stdout.write(`  —: ${SAME_WORK} (${burn} µs more, ${search.bytes} bytes) … `);
    const measured = await load({ name: SAME_WORK, path: '/' }, `http://127.0.0.1:${server.port}`, server.pid, '—');
    console.log(`${measured.rps} req/s`);
    return measured;
  } finally {
    await server.stop();
  }
}

/** Seeds a demo shop of `products` products with the seed CLI, plus a signed-in consumer session. */
function seed(dbFile: string, products: number): number {
  const started = performance.now();
  execFileSync(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'server/db/seed/cli.ts', '--products', String(products)], {
    cwd: ROOT,
    env: { ...process.env, DB_FILE: dbFile },
    stdio: 'ignore',
  });
  addSignedInSession(dbFile);
  return Math.round(performance.now() - started);
}

/** The largest product department (the heaviest category page), one brand in it, one product. */
function pick(dbFile: string) {
  const sqlite = new Database(dbFile, { readonly: true });
  const { root, brand } = largestDepartment(sqlite);
  const product = sqlite.prepare('SELECT slug FROM products WHERE visible = 2 AND parent_id IS NULL ORDER BY id LIMIT 1').pluck().get() as string;
  sqlite.close();
  return { root, brand, product };
}

/** The filter widget's question (GET at the canonical address, decision 193): one brand in the largest department. */
function filterCount(p: ReturnType<typeof pick>): string {
  return filterCountPath(p.root.id, { attributes: { znacka: [p.brand] }, price: null }, ['znacka']);
}

function targets10k(p: ReturnType<typeof pick>): Target[] {
  const page = `/${p.root.slug}/2`;
  return [
    { name: 'home', path: '/', headers: anon },
    { name: 'category, page cache (anonymous)', path: page, headers: anon },
    { name: 'category, fragment cache (signed in)', path: page, headers: signedIn },
    { name: 'product page', path: `/${p.product}`, headers: anon },
    { name: 'POST /api/product (category, 12)', path: '/api/product', method: 'POST', body: JSON.stringify({ category_id: p.root.id, _limit: 12 }), headers: api },
  ];
}

function targets100k(p: ReturnType<typeof pick>): Target[] {
  const page = `/${p.root.slug}/2`;
  return [
    { name: 'category, page cache (anonymous)', path: page, headers: anon },
    { name: 'category, fragment cache (signed in)', path: page, headers: signedIn },
    { name: 'filter count, page cache (a repeated question)', path: filterCount(p), headers: anon },
    { name: 'POST /api/product/filter-count', path: '/api/product/filter-count', method: 'POST', body: JSON.stringify({ category_id: p.root.id, filter_criteria: { znacka: [p.brand] } }), headers: api },
    { name: 'search ?q=hrniec, page cache (a repeated query)', path: '/hladaj?q=hrniec', headers: anon },
  ];
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ')).join('\n');
}

type PageJs = { initial: { gzip: number }; all: { gzip: number } };
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Every category page rendered: the issue's "uncached" figure (HTML_CACHE=false, decision 180). */
function uncachedTargets(p: ReturnType<typeof pick>): Target[] {
  return [
    { name: 'category, uncached (HTML_CACHE=false)', path: `/${p.root.slug}/2`, headers: anon },
    { name: 'search ?q=hrniec, uncached (HTML_CACHE=false)', path: '/hladaj?q=hrniec', headers: anon },
    // A signed-in shopper's search goes through Hono's router and middleware (decision 206).
    { name: 'search ?q=hrniec, signed in, uncached', path: '/hladaj?q=hrniec', headers: signedIn },
    { name: 'filter count, uncached (HTML_CACHE=false)', path: filterCount(p), headers: anon },
  ];
}

async function measureShop(label: string, dbFile: string, targets: Target[], results: Measured[], stderr: string[], env: Record<string, string> = {}): Promise<void> {
  const shop: RunningShop = await startShop({ dbFile, env: { SECRET, SEED: 'none', ...env }, strict: false });
  try {
    for (const target of targets) {
      process.stdout.write(`  ${label}: ${target.name} (${target.method ?? 'GET'} ${target.path}) … `);
      const measured = await load(target, shop.url, shop.pid, label);
      results.push(measured);
      console.log(`${measured.rps} req/s`);
    }
  } finally {
    const text = shop.stderr();
    if (text.trim()) stderr.push(`${label}: ${summariseLog(text, 4).split('\n').join(' | ')}`);
    await shop.stop();
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  const manifestFile = join(ROOT, 'static/build/manifest.json');
  if (!existsSync(manifestFile)) throw new Error('static/build/manifest.json is missing: run `npx tsx build.ts` first');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { pageJs: Record<string, PageJs>; runtime?: string };
  const dir = mkdtempSync(join(tmpdir(), 'obchod-bench-'));
  const db10k = join(dir, 'shop-10k.db');
  const db100k = join(dir, 'shop-100k.db');
  console.log(`bench: ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s per target with autocannon${WRK ? `, then ${DURATION_S} s with wrk` : ' (wrk is not installed: `apt-get install -y wrk` adds a second load generator)'}`);
  const seeded10k = seed(db10k, 10_000);
  const seeded100k = seed(db100k, 100_000);
  console.log(`seeded 10,000 products in ${seeded10k} ms and 100,000 in ${seeded100k} ms\n`);

  const results: Measured[] = [];
  const stderr: string[] = [];
  const bare = await spawnServer(join(ROOT, 'tests/bench/bare-server.mjs'), {}, /bare hono listens on http:\/\/[^\s:]+:(\d+)/);
  try {
    process.stdout.write('  bare hono (GET /) … ');
    const baseline = await load({ name: 'bare hono', path: '/' }, `http://127.0.0.1:${bare.port}`, bare.pid, '—');
    results.push(baseline);
    console.log(`${baseline.rps} req/s`);
    const at10k = pick(db10k);
    const at100k = pick(db100k);
    await measureShop('10k', db10k, targets10k(at10k), results, stderr);
    await measureShop('10k', db10k, uncachedTargets(at10k), results, stderr, { HTML_CACHE: 'false' });
    await measureShop('100k', db100k, targets100k(at100k), results, stderr);
    await measureShop('100k', db100k, uncachedTargets(at100k), results, stderr, { HTML_CACHE: 'false' });
    results.push(await sameWorkReference(results[0], results.find((r) => r.shop === '100k' && r.name.startsWith(SEARCH_UNCACHED))!));
    console.log(`\nlargest department: 10k /${at10k.root.slug} (${at10k.root.n} listed), 100k /${at100k.root.slug} (${at100k.root.n} listed); filter znacka:${at100k.brand}`);
  } finally {
    await bare.stop();
    rmSync(dir, { recursive: true, force: true });
  }

  const baseline = results[0];
  const percentBy = (r: Load, base: Load) => (100 * r.rps) / base.rps;
  const percent = (r: Measured) => percentBy(r, baseline);
  const rows = [['target', 'products', 'req/s', '% of bare', 'p50 ms', 'p99 ms', 'server µs/req', 'client µs/req', 'bytes/resp', 'non-2xx', 'errors']];
  const row = (name: string, shop: string, r: Load, base: Load) =>
    [name, shop, String(r.rps), `${percentBy(r, base).toFixed(1)} %`, String(r.p50), String(r.p99), r.cpuMicros === null ? '–' : r.cpuMicros.toFixed(0), r.clientMicros.toFixed(0), String(r.bytes), String(r.non2xx), String(r.errors)];
  for (const r of results) rows.push(row(r.name, r.shop, r, baseline));
  console.log(`\nautocannon (JavaScript, this process)\n${table(rows)}\n`);
  if (baseline.wrk) {
    const wrkRows = [rows[0], ...results.map((r) => row(r.name, r.shop, r.wrk!, baseline.wrk!))];
    console.log(`wrk (C, one thread; the same targets right after autocannon)\n${table(wrkRows)}\n`);
  }

  // The issue's figures, one line each: measured value (autocannon, then wrk) and its target.
  const find = (shop: string, prefix: string) => results.find((r) => r.shop === shop && r.name.startsWith(prefix))!;
  const both = (r: Measured, show: (l: Load, base: Load) => string) => (r.wrk && baseline.wrk ? `${show(r, baseline)} | ${show(r.wrk, baseline.wrk)}` : show(r, baseline));
  const share = (shop: string, prefix: string) => both(find(shop, prefix), (l, base) => `${percentBy(l, base).toFixed(1)} %`);
  const p99 = (shop: string, prefix: string) => both(find(shop, prefix), (l) => `${l.p99} ms`);
  const cpu = (shop: string, prefix: string) => both(find(shop, prefix), (l) => `${l.cpuMicros?.toFixed(0) ?? '–'} µs`);
  const js = (page: string) => manifest.pageJs[page]?.initial.gzip ?? NaN;
  const figures: [string, string, string][] = [
    ['category 10k, uncached: % of bare', share('10k', 'category, uncached'), '≥ 8 %'],
    ['category 10k, uncached: server CPU/request', cpu('10k', 'category, uncached'), '≤ 400 µs'],
    ['category 10k, page cache (anonymous): % of bare', share('10k', 'category, page cache'), '≥ 35 %'],
    ['category 10k, page cache (anonymous): p99', p99('10k', 'category, page cache'), '≤ 10 ms'],
    ['category 10k, page cache: server CPU/request', cpu('10k', 'category, page cache'), ''],
    ['category 10k, fragment cache (signed in): % of bare', share('10k', 'category, fragment'), ''],
    ['category 100k, uncached: % of bare', share('100k', 'category, uncached'), '≥ 5 %'],
    ['category 100k, page cache: % of bare', share('100k', 'category, page cache'), '(≥ 5 %)'],
    ['POST /api/product 10k: % of bare', share('10k', 'POST /api/product'), '≥ 15 %'],
    ['filter count 100k, a repeated question (page cache): p99', p99('100k', 'filter count, page cache'), '≤ 10 ms'],
    ['filter count 100k, uncached: p99', p99('100k', 'filter count, uncached'), '≤ 10 ms'],
    ['filter count 100k, uncached: server CPU/request', cpu('100k', 'filter count, uncached'), '(p99 ≈ 2 × 50 connections × CPU: ≈ 100 µs for 10 ms)'],
    ['POST /api/product/filter-count 100k (the API for other clients): p99', p99('100k', 'POST /api/product/filter-count'), ''],
    ['search 100k, a repeated query (page cache): p99', p99('100k', 'search ?q=hrniec, page'), '≤ 20 ms'],
    ['search 100k, uncached: p99', p99('100k', SEARCH_UNCACHED), '≤ 20 ms'],
    ['  the same CPU and bytes from a bare Hono route: p99', both(results.find((r) => r.name === SAME_WORK)!, (l) => `${l.p99} ms`), '(the floor for that work here)'],
    ['search 100k, uncached: server CPU/request', cpu('100k', SEARCH_UNCACHED), '(≈ 200 µs for 20 ms)'],
    ['search 100k, signed in, uncached: p99', p99('100k', 'search ?q=hrniec, signed in'), '(through Hono)'],
    ['search 100k, signed in, uncached: server CPU/request', cpu('100k', 'search ?q=hrniec, signed in'), ''],
    ['JS at load, category (gzip)', kb(js('category')), '≤ 15 KB'],
    ['JS at load, product (gzip)', kb(js('product')), '≤ 18 KB'],
    ['JS at load, home (gzip)', kb(js('home')), '(12 KB)'],
  ];
  // Issue 20: the back office's order list at 100,000 orders, on a database of its own.
  figures.push(...(await benchAdminOrders({ seconds: DURATION_S })));
  console.log(table([['issue 3 and 20 figure', baseline.wrk ? 'autocannon | wrk' : 'measured (autocannon; `apt-get install -y wrk` adds wrk)', 'target'], ...figures]));
  console.log(`\n(CPU per request in process, without sockets: npx tsx tests/bench/cpu.ts --products 10000; filter count and search variants: npx tsx tests/bench/filter.bench.ts)`);
  for (const line of stderr) console.log(`WARNING: the shop wrote to stderr (logging per request skews the figures) — ${line}`);
  for (const r of results.filter((x) => x.non2xx > 0 || x.errors > 0)) console.log(`WARNING: ${r.name} (${r.shop}) had ${r.non2xx} non-2xx answers and ${r.errors} errors`);
  for (const r of results.filter((x) => x.wrk && (x.wrk.non2xx > 0 || x.wrk.errors > 0))) console.log(`WARNING: ${r.name} (${r.shop}) had ${r.wrk!.non2xx} non-2xx answers and ${r.wrk!.errors} errors under wrk`);

  mkdirSync(TMP_DIR, { recursive: true });
  const out = {
    measuredAt: new Date().toISOString(),
    node: process.version,
    connections: CONNECTIONS,
    durationSeconds: DURATION_S,
    seedingMs: { '10k': seeded10k, '100k': seeded100k },
    targets: results.map((r) => ({ ...r, percentOfBaseline: Number(percent(r).toFixed(1)) })),
    figures: Object.fromEntries(figures.map(([name, value, target]) => [name, { value, target }])),
    serverStderr: stderr,
  };
  writeFileSync(join(TMP_DIR, 'bench.json'), `${JSON.stringify(out, null, 2)}\n`);
  console.log(`\nfigures written to tests/.tmp/bench.json; bench took ${Math.round((performance.now() - started) / 1000)} s`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
