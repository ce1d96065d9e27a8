/**
 * `npm run bench` (build, then this). Prints figures measured in ONE run, as ratios against a bare
 * Hono baseline measured in the same run: machines are noisy, so nothing here asserts a time.
 *
 * Processes: the shop is the BUILT server (`node dist/server/index.js`, NODE_ENV=production) and
 * the baseline is tests/bench/bare-server.mjs, each in its own child process; autocannon runs in
 * this process. So both servers get a core of their own and share the load generator equally.
 *
 * To measure another page, add a row to TARGETS.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { ROOT, spawnServer, startShop, summariseLog, TMP_DIR, type RunningShop } from '../e2e/server';

interface Target {
  name: string;
  /** Which server answers: the shop or the bare Hono baseline. */
  server: 'shop' | 'bare';
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
}

/** A fixed, well-formed session id: the visitor comes back, so no new session is issued per request. */
const STABLE_SID = 'benchbenchbenchbenchbenchbenchbenchbench123';

const TARGETS: Target[] = [
  { name: 'bare hono', server: 'bare', path: '/' },
  { name: 'home, new visitor', server: 'shop', path: '/' },
  { name: 'home, sid cookie', server: 'shop', path: '/', headers: { cookie: `sid=${STABLE_SID}` } },
];
const BASELINE = 'bare hono';

const CONNECTIONS = 50;
const WARMUP_S = 2;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const PRODUCTS = 2000;
const HOME_BUDGET = 12 * 1024;

interface Measured {
  name: string;
  url: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

async function load(target: Target, origin: string): Promise<Measured> {
  const url = `${origin}${target.path}`;
  const options = {
    url,
    connections: CONNECTIONS,
    method: target.method ?? 'GET',
    ...(target.body === undefined ? {} : { body: target.body }),
    ...(target.headers === undefined ? {} : { headers: target.headers }),
  };
  await autocannon({ ...options, duration: WARMUP_S });
  const r = await autocannon({ ...options, duration: DURATION_S });
  return {
    name: target.name,
    url,
    requestsPerSecond: Math.round(r.requests.average),
    latencyP50Ms: r.latency.p50,
    latencyP99Ms: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}

/** From spawning the process to the first 200 on GET /, measured from here (includes the first render). */
async function coldStart(options: { dbFile: string }): Promise<{ ms: number; shop: RunningShop }> {
  const started = performance.now();
  const shop = await startShop({ dbFile: options.dbFile, products: PRODUCTS, strict: false });
  const response = await fetch(`${shop.url}/`);
  await response.text();
  const ms = Math.round(performance.now() - started);
  if (response.status !== 200) throw new Error(`GET / answered ${response.status} after a cold start`);
  return { ms, shop };
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ')).join('\n');
}

type PageJs = { gzip: number } | { initial: { gzip: number }; all: { gzip: number } };
interface Manifest {
  pageJs: Record<string, PageJs>;
  runtime?: string;
}

/** Gzipped JS of a page type: what it loads at first (initial) and with every widget woken (all). */
function pageJs(manifest: Manifest, page: string): { initial: number; all: number } {
  const entry = manifest.pageJs[page];
  if (!entry) return { initial: NaN, all: NaN };
  if ('gzip' in entry) return { initial: entry.gzip, all: entry.gzip };
  return { initial: entry.initial.gzip, all: entry.all.gzip };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main(): Promise<void> {
  const started = performance.now();
  const manifest = JSON.parse(readFileSync(join(ROOT, 'static/build/manifest.json'), 'utf8')) as Manifest;
  const dir = mkdtempSync(join(tmpdir(), 'obchod-bench-'));
  const dbFile = join(dir, 'shop.db');

  console.log(`bench: ${PRODUCTS} products, ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s per target\n`);
  const empty = await coldStart({ dbFile });
  await empty.shop.stop();
  const stderrLines: string[] = [];
  const noteStderr = (label: string, text: string) => {
    if (text.trim()) stderrLines.push(`${label}: ${text.length} bytes: ${summariseLog(text, 4).split('\n').join(' | ')}`);
  };
  noteStderr('first start (seeding)', empty.shop.stderr());
  const seeded = await coldStart({ dbFile });
  const shop = seeded.shop;
  const bare = await spawnServer(join(ROOT, 'tests/bench/bare-server.mjs'), {}, /bare hono listens on http:\/\/[^\s:]+:(\d+)/);

  const results: Measured[] = [];
  try {
    for (const target of TARGETS) {
      const origin = target.server === 'bare' ? `http://127.0.0.1:${bare.port}` : shop.url;
      process.stdout.write(`  measuring ${target.name} (${target.method ?? 'GET'} ${target.path}) … `);
      const measured = await load(target, origin);
      results.push(measured);
      console.log(`${measured.requestsPerSecond} req/s`);
    }
  } finally {
    noteStderr('server under load', shop.stderr());
    try {
      await bare.stop();
      await shop.stop();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  const baseline = results.find((r) => r.name === BASELINE)!;
  const rows = [['target', 'req/s', `% of ${BASELINE}`, 'p50 ms', 'p99 ms', 'non-2xx', 'errors']];
  for (const r of results) {
    rows.push([
      r.name,
      String(r.requestsPerSecond),
      `${((100 * r.requestsPerSecond) / baseline.requestsPerSecond).toFixed(1)} %`,
      String(r.latencyP50Ms),
      String(r.latencyP99Ms),
      String(r.non2xx),
      String(r.errors + r.timeouts),
    ]);
  }
  const homeJs = pageJs(manifest, 'home');
  console.log(`\n${table(rows)}\n`);
  console.log(`cold start to first 200 on GET / (node dist/server/index.js):`);
  console.log(`  empty DB, seeding ${PRODUCTS} products  ${empty.ms} ms`);
  console.log(`  already seeded DB                  ${seeded.ms} ms`);
  const verdict = (bytes: number) => `${((100 * bytes) / HOME_BUDGET).toFixed(0)} % of the ${kb(HOME_BUDGET)} target${bytes > HOME_BUDGET ? ', OVER' : ''}`;
  console.log(`home page JS, gzipped (${manifest.runtime ?? '?'} runtime, static/build/manifest.json):`);
  console.log(`  at load                 ${kb(homeJs.initial).padStart(8)}  (${verdict(homeJs.initial)})`);
  console.log(`  with every widget woken ${kb(homeJs.all).padStart(8)}  (${verdict(homeJs.all)})`);
  for (const line of stderrLines) console.log(`WARNING: the shop wrote to stderr (logging per request skews the figures) — ${line}`);
  const broken = results.filter((r) => r.non2xx > 0 || r.errors > 0 || r.timeouts > 0);
  for (const r of broken) console.log(`WARNING: ${r.name} had ${r.non2xx} non-2xx answers, ${r.errors} errors, ${r.timeouts} timeouts`);

  const figures = {
    measuredAt: new Date().toISOString(),
    node: process.version,
    connections: CONNECTIONS,
    durationSeconds: DURATION_S,
    products: PRODUCTS,
    targets: results.map((r) => ({ ...r, percentOfBaseline: Number(((100 * r.requestsPerSecond) / baseline.requestsPerSecond).toFixed(1)) })),
    coldStartMs: { emptyDbSeeding: empty.ms, seededDb: seeded.ms },
    homeJsGzipBytes: homeJs,
    homeJsBudgetBytes: HOME_BUDGET,
    serverStderr: stderrLines,
  };
  mkdirSync(TMP_DIR, { recursive: true });
  writeFileSync(join(TMP_DIR, 'bench.json'), `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`\nfigures written to tests/.tmp/bench.json; bench took ${Math.round((performance.now() - started) / 1000)} s`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
