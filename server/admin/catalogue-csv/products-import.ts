import { parse } from 'csv-parse';
import { createReadStream, rmSync } from 'node:fs';
import type { ShopCode } from '../../config';
import type { Db } from '../../db/client';
import type { Clock, Logger, ShopContext } from '../../http/env';
import type { Mailer } from '../../mail/mailer';
import { sendWatchMails } from '../../watchdog/watchdog.mail';
import type { FiredWatch } from '../../watchdog/watchdog.service';
import type { Actor } from '../audit';
import { csvColumns } from './columns';
import { checkRow, DUPLICATE_COLUMN, KEY_COLUMN, sniff, UNKNOWN_COLUMN, UNREADABLE, WRITE_FAILED } from './import-check';
import { ERRORS_KEPT, finish, importJob, RUNNING_STATUSES, type ImportError, type ImportJob } from './import-job';
import { statements } from './import-statements';
import { writeStaged } from './import-write';
import { productRowSchema } from './product-row.schemas';

export { createImportJob, ERRORS_KEPT, importJob, recentImports, RUNNING_STATUSES, type ImportError, type ImportJob } from './import-job';

/**
 * A product CSV import (README "Product CSV"), run as a job row in `catalog_imports` that the import
 * page polls. Two passes, never the whole file in memory:
 * 1. check: the file is parsed as a stream (csv-parse); each row goes through the one row schema
 *    (product-row.schemas.ts) and the database checks (category, seller, id, free code and slug);
 *    rows that pass are staged as JSON in `catalog_import_rows` in batches, errors are counted and
 *    the first ERRORS_KEPT kept with row, column and message;
 * 2. write (not for a dry run, and only when no row has an error): one immediate transaction applies
 *    every staged row through the same columns the shop reads, claims the watches a price or stock
 *    change fires (as product-write.service does), records the audit row with the counts and marks
 *    the job done. A failure anywhere rolls all of it back: all rows or none.
 * A row that matches a product and changes nothing writes nothing, so an exported file imported
 * again leaves the catalogue (and its version) as it was.
 */
const BATCH = 2000;

export interface ImportEnv {
  db: Db;
  clock: Clock;
  logger: Logger;
  mailer: Mailer;
  origins: Record<ShopCode, string>;
  shops: ShopContext[];
  actor: Actor;
}

// The imports running in this process, so a test (or the bench) can wait for one without sleeping.
const running = new Map<number, Promise<void>>();

/** Starts the job in the background; the page polls its row. The file is removed when it ends. */
export function startImport(env: ImportEnv, id: number, file: string): Promise<void> {
  const run = runImport(env, id, file)
    .catch((error: unknown) => {
      env.logger.error('catalogue import failed', { id, error: String(error) });
      statements(env.db).unstage.run(id);
      finish(env.db, id, 'failed', { rows: 0, errors: [{ row: 0, column: '', message: UNREADABLE }], errorCount: 1 }, env.clock.now());
    })
    .finally(() => {
      running.delete(id);
      rmSync(file, { force: true });
    });
  running.set(id, run);
  return run;
}

/**
 * A job left "running" by a process that stopped (a restart mid-import) never ends by itself: once it
 * is older than STALE_MS and not running here, it is marked failed (its staged rows removed), so its
 * page stops refreshing. Nothing of it was written: the write is one transaction.
 */
const STALE_MS = 10 * 60_000;

export function settleStale(db: Db, job: ImportJob, now: Date): ImportJob {
  if (!RUNNING_STATUSES.includes(job.status) || running.has(job.id) || now.getTime() - job.createdAt < STALE_MS) return job;
  statements(db).unstage.run(job.id);
  finish(db, job.id, 'failed', { rows: job.rowsDone, errors: [{ row: 0, column: '', message: UNREADABLE }], errorCount: 1 }, now);
  return importJob(db, job.id)!;
}

/** Resolves when the job ends (at once when it is not running in this process). */
export const importFinished = (id: number): Promise<void> => running.get(id) ?? Promise.resolve();

export async function runImport(env: ImportEnv, id: number, file: string): Promise<void> {
  const { db, shops } = env;
  const s = statements(db);
  const { delimiter, lines } = sniff(file);
  s.progress.run('checking', 0, lines, id);
  const shopCodes = shops.map((shop) => shop.code);
  const known = new Set(csvColumns(shopCodes));
  const schema = productRowSchema(shopCodes);
  const errors: ImportError[] = [];
  let errorCount = 0;
  const fail = (row: number, column: string, message: string) => {
    errorCount++;
    if (errors.length < ERRORS_KEPT) errors.push({ row, column, message });
  };
  // Keys seen in the file: one row per product, no code or address given twice.
  const seenIds = new Set<number>();
  const seenCodes = new Set<string>();
  const seenSlugs = new Set<string>();

  let header: string[] | null = null;
  let row = 1;
  let pending: [number, string][] = [];
  const flush = () => {
    // One commit per batch: the staged rows and the progress the page shows.
    const batch = pending;
    db.$client.transaction(() => {
      for (const [n, data] of batch) s.stage.run(id, n, data);
      s.progress.run('checking', row - 1, lines, id);
    })();
    pending = [];
  };

  const parser = createReadStream(file).pipe(parse({ bom: true, delimiter, relax_column_count: true, skip_empty_lines: true, relax_quotes: true }));
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (!header) {
        header = record.map((name) => name.trim().toLowerCase());
        const twice = new Set<string>();
        header.forEach((name) => {
          if (!known.has(name)) fail(1, name, UNKNOWN_COLUMN);
          else if (twice.has(name)) fail(1, name, DUPLICATE_COLUMN);
          twice.add(name);
        });
        if (!twice.has('id') && !twice.has('code')) fail(1, 'id', KEY_COLUMN);
        // A header that does not read is not worth checking every row against.
        if (errorCount) break;
        continue;
      }
      row++;
      const input: Record<string, string> = {};
      for (let i = 0; i < header.length; i++) input[header[i]] = record[i] ?? '';
      const staged = checkRow(db, schema, input, row, shops, fail, { seenIds, seenCodes, seenSlugs });
      if (staged && errorCount === 0) pending.push([row, JSON.stringify(staged)]);
      if (row % BATCH === 0) flush();
    }
  } catch {
    fail(row + 1, '', UNREADABLE);
  }
  if (!header) fail(1, '', UNREADABLE);
  flush();
  const rows = Math.max(0, row - 1);

  if (errorCount) {
    s.unstage.run(id);
    finish(db, id, 'refused', { rows, errors, errorCount }, env.clock.now());
    return;
  }
  const job = importJob(db, id)!;
  if (job.dryRun) {
    s.unstage.run(id);
    finish(db, id, 'checked', { rows }, env.clock.now());
    return;
  }
  s.progress.run('writing', rows, rows, id);
  // Yield once so the page can show "writing" before the one transaction holds the process.
  await new Promise((resolve) => setImmediate(resolve));
  let fired: FiredWatch[] = [];
  try {
    fired = writeStaged(env, job, rows);
  } catch (error) {
    env.logger.error('catalogue import write failed', { id, error: String(error) });
    s.unstage.run(id);
    finish(db, id, 'refused', { rows, errors: [{ row: 0, column: '', message: WRITE_FAILED }], errorCount: 1 }, env.clock.now());
    return;
  }
  if (fired.length) await sendWatchMails(fired, { mailer: env.mailer, logger: env.logger, origins: env.origins });
}
