/**
 * Issue 20's figure for the back office: the order list at 100,000 orders, filtered by stage and
 * paged (target p99 ≤ 50 ms). Seeds its own database with a bulk insert (tests/setup/bulk-orders.ts),
 * signs a staff member in by writing the session row, and measures (1) the list's queries in process,
 * over many stage × page pairs, and (2) whole pages from the BUILT server under autocannon with the
 * few connections a back office has (staff, not shoppers: 10). Nothing asserts a time.
 *   npx tsx tests/bench/admin-orders.bench.ts        (after `npm run build`; also part of npm run bench)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { orderPage } from '../../server/admin/orders/order-list.service';
import { EMPTY_FILTER, type OrderFilter } from '../../server/admin/orders/order-list.schemas';
import { STAGES } from '../../server/admin/orders/order-stage';
import { loadConfig } from '../../server/config';
import { migrateDb, openDb, type Db } from '../../server/db/client';
import { ensureShops } from '../../server/shops/shops.service';
import { hashStaffSessionId } from '../../server/staff/staff-sessions.service';
import { insertOrders } from '../setup/bulk-orders';
import { startShop } from '../e2e/server';

const ORDERS = 100_000;
const STAFF_SID = 'benchstaffbenchstaffbenchstaffbenchstaff123';
const SECRET = 'e2e-secret-e2e-secret-e2e-secret-0123456';

export type Figure = [string, string, string];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
}

/** An admin with a signed-in staff session whose id is STAFF_SID (as if password and TOTP had passed). */
function signedInAdmin(db: Db): void {
  const now = Date.now();
  const id = db.$client
    .prepare("INSERT INTO staff (email, name, role, password_hash, totp_secret, created_at) VALUES ('bench@obchod.sk', 'Bench', 'ROLE_ADMIN', 'x', 'JBSWY3DPEHPK3PXP', ?)")
    .run(now).lastInsertRowid;
  db.$client.prepare('INSERT INTO staff_sessions (id_hash, staff_id, created_at, verified_at, last_seen_at) VALUES (?, ?, ?, ?, ?)').run(hashStaffSessionId(STAFF_SID), id, now, now, now);
}

/** The list's two queries (page and count) for random stage × page pairs, in this process. */
function inProcess(db: Db, runs: number): { p50: number; p99: number } {
  const stages = Object.keys(STAGES) as OrderFilter['stav'][];
  const times: number[] = [];
  let seed = 7;
  const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  for (let i = 0; i < runs; i++) {
    const filter: OrderFilter = { ...EMPTY_FILTER, stav: stages[Math.floor(random() * stages.length)], strana: 1 + Math.floor(random() * 200) };
    const started = performance.now();
    orderPage(db, filter, { sk: 1, cz: 2 });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

export async function benchAdminOrders(options: { seconds: number; connections?: number }): Promise<Figure[]> {
  const connections = options.connections ?? 10;
  const dir = mkdtempSync(join(tmpdir(), 'obchod-admin-bench-'));
  const dbFile = join(dir, 'orders.db');
  try {
    const db = openDb(dbFile);
    migrateDb(db, loadConfig({ DB_FILE: dbFile }).root);
    ensureShops(db);
    const started = performance.now();
    insertOrders(db.$client, { count: ORDERS, until: Date.now(), days: 365 });
    const seeded = Math.round(performance.now() - started);
    signedInAdmin(db);
    const queries = inProcess(db, 2000);
    db.$client.close();
    console.log(`\nback office: ${ORDERS.toLocaleString('en')} orders inserted in ${seeded} ms; list queries in process p50 ${queries.p50.toFixed(2)} ms, p99 ${queries.p99.toFixed(2)} ms`);

    const shop = await startShop({ dbFile, env: { SECRET, SEED: 'none' }, strict: false });
    const figures: Figure[] = [['admin order list 100k, queries in process (random stage × page 1–200): p99', `${queries.p99.toFixed(1)} ms`, '']];
    try {
      const headers = { cookie: `staff=${STAFF_SID}` };
      const targets = [
        ['admin order list 100k, stage "odoslaná", page 50', '/admin/objednavky?stav=odoslana&strana=50', '≤ 50 ms'],
        ['admin order list 100k, queue "na odoslanie", page 10', '/admin/objednavky?stav=na-odoslanie&strana=10', '≤ 50 ms'],
        ['admin order list 100k, e-mail prefix', '/admin/objednavky?q=zakaznik5555%40', ''],
        ['admin order list 100k, a name (FTS index, 12,500 matches)', '/admin/objednavky?q=M%C3%A1ria', ''],
        ['admin order list 100k, name and surname beginning', '/admin/objednavky?q=maria+kov', ''],
      ] as const;
      // One member at a time (a back office's usual load), then ten at once (a busy office).
      for (const clients of [1, connections]) {
        for (const [name, path, target] of targets) {
          const url = `${shop.url}${path}`;
          await autocannon({ url, connections: clients, headers, duration: 1 });
          const r = await autocannon({ url, connections: clients, headers, duration: options.seconds });
          const problems = r.non2xx + r.errors + r.timeouts;
          console.log(`  ${clients} connection(s) ${path}: ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms${problems ? `, ${problems} non-2xx/errors (${JSON.stringify((r as { statusCodeStats?: object }).statusCodeStats ?? {})})` : ''}`);
          figures.push([`${name}: p99 (${clients} connection${clients > 1 ? 's' : ''})`, `${r.latency.p99} ms (${Math.round(r.requests.average)} req/s)`, clients === 1 ? target : '']);
        }
      }
    } finally {
      await shop.stop();
    }
    return figures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const isMain = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (isMain) {
  benchAdminOrders({ seconds: Number(process.env.BENCH_SECONDS ?? 5) })
    .then((figures) => {
      for (const [name, value, target] of figures) console.log(`${name.padEnd(80)} ${value.padStart(24)}  ${target}`);
    })
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
