/**
 * Issue 20's figure for the product CSV: 100,000 rows imported in process, streamed (target under a
 * minute), with the process's peak RSS. Seeds a small catalogue (categories, a few products), writes
 * a 100,000-row CSV of new products to a file, imports it as the back office does (check pass, one
 * write transaction), exports all products back, and imports that export again (the round trip:
 * every row checked, nothing written). Nothing asserts a time.
 *   npx tsx tests/bench/products-csv.bench.ts        (also wired into npm run bench at merge)
 */
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { CLI_ACTOR } from '../../server/admin/audit';
import { productsCsv } from '../../server/admin/catalogue-csv/products-csv';
import { createImportJob, importJob, runImport, type ImportEnv } from '../../server/admin/catalogue-csv/products-import';
import { loadConfig } from '../../server/config';
import { migrateDb, openDb } from '../../server/db/client';
import { seedDemo } from '../../server/db/seed/demo';
import { loadShops } from '../../server/shops/shops.service';

const ROWS = 100_000;

export type Figure = [string, string, string];

const mb = (kb: number) => `${Math.round(kb / 1024)} MB`;
const peakRss = () => process.resourceUsage().maxRSS;

async function writeCsv(file: string, category: string): Promise<void> {
  const out = createWriteStream(file);
  const lines = function* () {
    yield '\uFEFFcode;name;description;category;stock;availability_days;price_b2c_sk;price_old_b2c_sk;price_b2b_sk;vat_sk;price_b2c_cz;vat_cz\r\n';
    for (let i = 0; i < ROWS; i++) {
      const eur = 100 + (i % 9000);
      yield `B-${i};Produkt z CSV ${i};"Popis ""${i}""; riadok";${category};${i % 50};${i % 5};${Math.floor(eur / 100)},${String(eur % 100).padStart(2, '0')};;${Math.floor(eur / 100)};23;${eur * 25 / 100};21\r\n`;
    }
  };
  await pipeline(Readable.from(lines()), out);
}

export async function benchProductsCsv(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'obchod-csv-bench-'));
  const dbFile = join(dir, 'shop.db');
  try {
    const config = loadConfig({ DB_FILE: dbFile, LOG_LEVEL: 'silent' });
    const db = openDb(dbFile);
    migrateDb(db, config.root);
    seedDemo(db, { products: 20 });
    const shops = Object.values(loadShops(db, config));
    const category = db.$client.prepare("SELECT slug FROM categories WHERE type = 'product' ORDER BY id DESC LIMIT 1").pluck().get() as string;
    const env: ImportEnv = {
      db,
      clock: { now: () => new Date() },
      logger: { error: (m, d) => console.error(m, d), info: () => {} },
      mailer: { send: async () => {} },
      origins: config.origins,
      shops,
      actor: CLI_ACTOR,
    };
    const file = join(dir, 'products.csv');
    await writeCsv(file, category);
    const size = statSync(file).size;
    const rssBefore = peakRss();

    const run = async (path: string, dryRun = false) => {
      const id = createImportJob(db, { staffId: null, fileName: 'bench.csv', dryRun, now: new Date() });
      const started = performance.now();
      const cpu = process.cpuUsage();
      await runImport(env, id, path);
      const ms = performance.now() - started;
      const used = process.cpuUsage(cpu);
      return { ms, cpuMs: (used.user + used.system) / 1000, job: importJob(db, id)! };
    };
    // The check pass alone (a dry run), then the real import: check + the one write transaction.
    const checked = await run(file, true);
    if (checked.job.status !== 'checked') throw new Error(`dry run ${checked.job.status}`);
    const created = await run(file);
    if (created.job.status !== 'done') throw new Error(`import ${created.job.status}: ${JSON.stringify(created.job.errors.slice(0, 3))}`);
    const rssImport = peakRss();

    const exported = join(dir, 'export.csv');
    const started = performance.now();
    await pipeline(Readable.fromWeb(productsCsv(db, shops) as import('node:stream/web').ReadableStream), createWriteStream(exported));
    const exportMs = performance.now() - started;
    const round = await run(exported);
    if (round.job.status !== 'done' || round.job.updated !== 0) throw new Error(`round trip ${round.job.status}, updated ${round.job.updated}`);
    db.$client.close();
    const rss = peakRss();
    console.log(
      `\nproduct CSV: ${ROWS.toLocaleString('en')} rows (${(size / 1e6).toFixed(1)} MB) imported in ${Math.round(created.ms)} ms (${created.job.created} created); ` +
        `export of ${round.job.rowsDone.toLocaleString('en')} products ${Math.round(exportMs)} ms; round trip ${Math.round(round.ms)} ms (0 changed); ` +
        `peak RSS ${mb(rssBefore)} before, ${mb(rssImport)} after the import, ${mb(rss)} at the end`,
    );
    return [
      [`product CSV dry run, ${ROWS / 1000}k new rows (streamed check only)`, `${(checked.ms / 1000).toFixed(1)} s (CPU ${(checked.cpuMs / 1000).toFixed(1)} s)`, ''],
      [`product CSV import, ${ROWS / 1000}k new rows (check + one transaction)`, `${(created.ms / 1000).toFixed(1)} s (CPU ${(created.cpuMs / 1000).toFixed(1)} s)`, '< 60 s'],
      [`product CSV export, ${Math.round(round.job.rowsDone / 1000)}k products (streamed)`, `${(exportMs / 1000).toFixed(1)} s`, ''],
      [`product CSV round trip import, ${Math.round(round.job.rowsDone / 1000)}k rows, nothing changed`, `${(round.ms / 1000).toFixed(1)} s (CPU ${(round.cpuMs / 1000).toFixed(1)} s)`, '< 60 s'],
      ['product CSV bench: peak RSS of the process', mb(rss), ''],
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const isMain = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (isMain) {
  benchProductsCsv()
    .then((figures) => {
      for (const [name, value, target] of figures) console.log(`${name.padEnd(80)} ${value.padStart(24)}  ${target}`);
    })
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
