/**
 * CPU per request of two builds of the shop as deployed (two processes, behind-nginx settings),
 * loaded in alternating rounds with the bench's own generators (autocannon, then wrk):
 * `npx tsx tests/bench/ab-builds.ts --base /tmp/other-tree [--target category|products] [--rounds 4]`.
 * The other tree is a checkout of another commit with node_modules linked to this one's and
 * `npm run build` run in it; this tree must be built too. Where ab.ts compares two versions in one
 * process, this one keeps each build's heap, garbage collector and V8 hidden classes its own
 * (decision 276 was measured so). Each build's figure is the median of its rounds.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { ROOT, spawnServer } from '../e2e/server';
import { addSignedInSession, largestDepartment, USER_SID } from './bench-db';
import { load, type Target } from './load';

const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const base = arg('--base');
if (!base) throw new Error('usage: tsx tests/bench/ab-builds.ts --base /path/to/other/built/tree [--target category|products] [--rounds 4]');
const rounds = Number(arg('--rounds')) || 4;
const dir = mkdtempSync(join(tmpdir(), 'obchod-ab-builds-'));
const seeded = join(dir, 'seeded.db');
execFileSync(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'server/db/seed/cli.ts', '--products', '10000'], { cwd: ROOT, env: { ...process.env, DB_FILE: seeded }, stdio: 'ignore' });
addSignedInSession(seeded);
const sqlite = new Database(seeded, { readonly: true });
const { root } = largestDepartment(sqlite);
const slugs = sqlite.prepare('SELECT slug FROM products WHERE visible = 2 AND parent_id IS NULL AND children_count = 0 AND availability_days >= 0 ORDER BY id LIMIT 60').pluck().all() as string[];
sqlite.close();

const headers = { 'accept-encoding': 'gzip, deflate, br', cookie: `sid=${USER_SID}` };
const target: Target = arg('--target') === 'products' ? { name: '60 product pages, signed in', path: '/', headers, paths: slugs.map((slug) => `/${slug}`) } : { name: 'category page, signed in', path: `/${root.slug}/2`, headers };
const builds = { before: join(resolve(base), 'dist/server/index.js'), after: join(ROOT, 'dist/server/index.js') };
const shops = await Promise.all(
  Object.entries(builds).map(async ([name, entry]) => {
    const dbFile = join(dir, `${name}.db`);
    copyFileSync(seeded, dbFile);
    const env = { NODE_ENV: 'production', DB_FILE: dbFile, SEED: 'none', SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456', COMPRESS: 'false', TRUST_PROXY: '127.0.0.1', MALLOC_ARENA_MAX: '2', LOG_LEVEL: 'info' };
    return { name, server: await spawnServer(entry, env, /obchod listens on http:\/\/[^\s:]+:(\d+)/), micros: [] as [number, number][] };
  }),
);
try {
  for (let round = 0; round < rounds; round++) {
    // Each round swaps which build goes first: the machine's load drifts within a round.
    for (const shop of round % 2 ? [...shops].reverse() : shops) {
      const measured = await load(target, `http://127.0.0.1:${shop.server.port}`, shop.server.pid, shop.name);
      shop.micros.push([Math.round(measured.cpuMicros ?? NaN), Math.round(measured.wrk?.cpuMicros ?? NaN)]);
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  console.log(`${target.name}: server CPU µs per request, autocannon | wrk, median of ${rounds} alternating rounds`);
  for (const shop of shops) console.log(`  ${shop.name}: ${median(shop.micros.map((m) => m[0]))} | ${median(shop.micros.map((m) => m[1]))} µs (rounds: ${shop.micros.map((m) => m.join('|')).join(', ')})`);
} finally {
  for (const shop of shops) await shop.server.stop();
  rmSync(dir, { recursive: true, force: true });
}
