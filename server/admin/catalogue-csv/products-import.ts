import type { I18n } from '@lingui/core';
import { parse } from 'csv-parse';
import { closeSync, createReadStream, openSync, readSync, rmSync } from 'node:fs';
import type { ShopCode } from '../../config';
import type { Db } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { slugify } from '../../db/seed/slug';
import type { Clock, Logger, ShopContext } from '../../http/env';
import { msg } from '../../i18n/msg';
import type { Mailer } from '../../mail/mailer';
import { sendWatchMails } from '../../watchdog/watchdog.mail';
import { claimDueWatches, type FiredWatch } from '../../watchdog/watchdog.service';
import { audited, type Actor } from '../audit';
import { checkForm } from '../form';
import { csvColumns, PRICE_FIELDS, priceColumn, PRODUCT_COLUMNS } from './columns';
import { productRowSchema, type ProductRow } from './product-row.schemas';

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
export const ERRORS_KEPT = 500;
const BATCH = 2000;

export interface ImportError {
  row: number;
  column: string;
  /** Slovak source text, translated on the page. */
  message: string;
}

export interface ImportEnv {
  db: Db;
  clock: Clock;
  logger: Logger;
  mailer: Mailer;
  origins: Record<ShopCode, string>;
  shops: ShopContext[];
  actor: Actor;
}

export interface ImportJob {
  id: number;
  fileName: string;
  dryRun: boolean;
  status: 'queued' | 'checking' | 'writing' | 'done' | 'checked' | 'refused' | 'failed';
  rowsDone: number;
  rowsTotal: number;
  errorCount: number;
  errors: ImportError[];
  created: number;
  updated: number;
  createdAt: number;
  finishedAt: number | null;
}

export const RUNNING_STATUSES: readonly ImportJob['status'][] = ['queued', 'checking', 'writing'];

const UNKNOWN_COLUMN = msg('Neznámy stĺpec');
const DUPLICATE_COLUMN = msg('Stĺpec je v súbore dvakrát');
const KEY_COLUMN = msg('Súbor musí mať stĺpec id alebo code');
const NO_PRODUCT = msg('Produkt neexistuje');
const NO_CATEGORY = msg('Kategória neexistuje');
const NO_SELLER = msg('Predajca neexistuje');
const CODE_TAKEN = msg('Kód už má iný produkt');
const SLUG_TAKEN = msg('Adresa je už obsadená');
const TWICE = msg('Produkt je v súbore viackrát');
const NEW_NEEDS = msg('Nový produkt potrebuje kód, názov a kategóriu');
const PRICE_NEEDS = msg('Cena bez ceny pre koncových zákazníkov');
const UNREADABLE = msg('Súbor sa nedá prečítať ako CSV');
const WRITE_FAILED = msg('Zápis zlyhal, nič sa nezmenilo');

/** checkForm translates its messages; the job keeps the source texts and the page translates them. */
const SOURCE = { _: (id: string) => id } as unknown as I18n;

const statements = perDatabase((db: Db) => {
  const s = db.$client;
  return {
    create: s.prepare('INSERT INTO catalog_imports (staff_id, file_name, dry_run, status, created_at) VALUES (?, ?, ?, ?, ?)'),
    progress: s.prepare('UPDATE catalog_imports SET status = ?, rows_done = ?, rows_total = max(rows_total, ?) WHERE id = ?'),
    finish: s.prepare('UPDATE catalog_imports SET status = ?, rows_done = ?, rows_total = ?, error_count = ?, errors = ?, created = ?, updated = ?, finished_at = ? WHERE id = ?'),
    job: s.prepare(
      `SELECT id, file_name AS fileName, dry_run AS dryRun, status, rows_done AS rowsDone, rows_total AS rowsTotal, error_count AS errorCount, errors,
         created, updated, created_at AS createdAt, finished_at AS finishedAt FROM catalog_imports WHERE id = ?`,
    ),
    recent: s.prepare('SELECT id FROM catalog_imports ORDER BY id DESC LIMIT ?').pluck(),
    stage: s.prepare('INSERT INTO catalog_import_rows (import_id, row, data) VALUES (?, ?, ?)'),
    staged: s.prepare('SELECT row, data FROM catalog_import_rows WHERE import_id = ? AND row > ? ORDER BY row LIMIT 2000'),
    unstage: s.prepare('DELETE FROM catalog_import_rows WHERE import_id = ?'),
    productById: s.prepare('SELECT id, code_public AS code, slug FROM products WHERE id = ?'),
    productByCode: s.prepare('SELECT id, code_public AS code, slug FROM products WHERE code_public = ?'),
    productBySlug: s.prepare('SELECT id FROM products WHERE slug = ?').pluck(),
    categorySlug: s.prepare('SELECT id FROM categories WHERE slug = ?').pluck(),
    productCategory: s.prepare("SELECT id FROM categories WHERE slug = ? AND type = 'product'").pluck(),
    seller: s.prepare('SELECT id FROM sellers WHERE id = ?').pluck(),
    current: s.prepare(
      `SELECT id, code_public AS code, name, slug, description, category_id AS categoryId, seller_id AS sellerId, visible, quantity AS stock,
         availability_days AS availabilityDays, cart_limit AS cartLimit FROM products WHERE id = ?`,
    ),
    insert: s.prepare(
      `INSERT INTO products (code_public, name, slug, description, category_id, seller_id, visible, quantity, availability_days, cart_limit, created_at, updated_at)
       VALUES (@code, @name, @slug, @description, @categoryId, @sellerId, @visible, @stock, @availabilityDays, @cartLimit, @now, @now)`,
    ),
    update: s.prepare(
      `UPDATE products SET code_public = @code, name = @name, slug = @slug, description = @description, category_id = @categoryId, seller_id = @sellerId,
         visible = @visible, quantity = @stock, availability_days = @availabilityDays, cart_limit = @cartLimit, updated_at = @now WHERE id = @id`,
    ),
    price: s.prepare(
      'SELECT price_b2c AS b2c, price_old_b2c AS oldB2c, price_b2b AS b2b, price_old_b2b AS oldB2b, vat_rate AS vat FROM product_prices WHERE product_id = ? AND shop_id = ?',
    ),
    touch: s.prepare('UPDATE products SET updated_at = ? WHERE id = ?'),
    upsertPrice: s.prepare(
      `INSERT INTO product_prices (product_id, shop_id, price_b2c, price_old_b2c, price_b2b, price_old_b2b, vat_rate) VALUES (@productId, @shopId, @b2c, @oldB2c, @b2b, @oldB2b, @vat)
       ON CONFLICT (product_id, shop_id) DO UPDATE SET price_b2c = excluded.price_b2c, price_old_b2c = excluded.price_old_b2c, price_b2b = excluded.price_b2b,
         price_old_b2b = excluded.price_old_b2b, vat_rate = excluded.vat_rate`,
    ),
  };
});

interface JobRow extends Omit<ImportJob, 'dryRun' | 'errors'> {
  dryRun: number;
  errors: string;
}

export function importJob(db: Db, id: number): ImportJob | null {
  const row = statements(db).job.get(id) as JobRow | undefined;
  return row ? { ...row, dryRun: row.dryRun === 1, errors: JSON.parse(row.errors) as ImportError[] } : null;
}

export function recentImports(db: Db, count = 10): ImportJob[] {
  return (statements(db).recent.all(count) as number[]).map((id) => importJob(db, id)!);
}

export function createImportJob(db: Db, input: { staffId: number | null; fileName: string; dryRun: boolean; now: Date }): number {
  return Number(statements(db).create.run(input.staffId, input.fileName, input.dryRun ? 1 : 0, 'queued', input.now.getTime()).lastInsertRowid);
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

function finish(
  db: Db,
  id: number,
  status: ImportJob['status'],
  result: { rows: number; errors?: ImportError[]; errorCount?: number; created?: number; updated?: number },
  now: Date,
): void {
  const errors = result.errors ?? [];
  statements(db).finish.run(status, result.rows, result.rows, result.errorCount ?? errors.length, JSON.stringify(errors.slice(0, ERRORS_KEPT)), result.created ?? 0, result.updated ?? 0, now.getTime(), id);
}

/** The separator of the header line: a semicolon (Slovak and Czech Excel) unless the line has only commas. */
function sniff(file: string): { delimiter: string; lines: number } {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(1 << 16);
    let lines = 0;
    let first = '';
    let read: number;
    while ((read = readSync(fd, buffer, 0, buffer.length, null)) > 0) {
      if (!first) first = buffer.subarray(0, read).toString('utf8').split('\n')[0];
      for (let i = 0; i < read; i++) if (buffer[i] === 10) lines++;
    }
    const delimiter = first.includes(';') || !first.includes(',') ? ';' : ',';
    return { delimiter, lines: Math.max(0, lines - 1) };
  } finally {
    closeSync(fd);
  }
}

/** A checked row, as staged: the product it updates (null = a new one) and the typed values of the file's columns. */
interface Staged {
  productId: number | null;
  categoryId?: number;
  values: ProductRow;
}

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

interface Seen {
  seenIds: Set<number>;
  seenCodes: Set<string>;
  seenSlugs: Set<string>;
}

function checkRow(
  db: Db,
  schema: ReturnType<typeof productRowSchema>,
  input: Record<string, string>,
  row: number,
  shops: ShopContext[],
  fail: (row: number, column: string, message: string) => void,
  seen: Seen,
): Staged | null {
  const checked = checkForm(schema, input, SOURCE);
  if (!checked.ok) {
    for (const [column, message] of Object.entries(checked.errors)) fail(row, column, message);
    return null;
  }
  const s = statements(db);
  const values = checked.data as ProductRow;
  let ok = true;
  const bad = (column: string, message: string) => {
    ok = false;
    fail(row, column, message);
  };
  type Found = { id: number; code: string; slug: string } | undefined;
  let product: Found;
  if (values.id != null) {
    product = s.productById.get(values.id) as Found;
    if (!product) bad('id', NO_PRODUCT);
  } else if (values.code !== undefined) {
    product = s.productByCode.get(values.code) as Found;
  }
  if (!ok) return null;
  if (product) {
    if (seen.seenIds.has(product.id)) bad(values.id != null ? 'id' : 'code', TWICE);
    seen.seenIds.add(product.id);
  } else if (values.code === undefined || values.name === undefined || values.category === undefined) {
    bad(values.code === undefined ? 'code' : values.name === undefined ? 'name' : 'category', NEW_NEEDS);
    return null;
  }
  if (values.code !== undefined) {
    const owner = s.productByCode.get(values.code) as Found;
    if (owner && owner.id !== product?.id) bad('code', CODE_TAKEN);
    else if (seen.seenCodes.has(values.code)) bad('code', TWICE);
    seen.seenCodes.add(values.code);
  }
  // A new product's address is its name and code, as the seed makes them.
  const slug = values.slug || (product ? undefined : slugify(`${values.name}-${values.code}`));
  if (slug) {
    const owner = s.productBySlug.get(slug) as number | undefined;
    if ((owner !== undefined && owner !== product?.id) || s.categorySlug.get(slug) !== undefined) bad(values.slug ? 'slug' : 'name', SLUG_TAKEN);
    else if (seen.seenSlugs.has(slug)) bad(values.slug ? 'slug' : 'name', TWICE);
    seen.seenSlugs.add(slug);
    values.slug = slug;
  } else if (values.slug === '') delete values.slug;
  let categoryId: number | undefined;
  if (values.category !== undefined) {
    categoryId = s.productCategory.get(values.category) as number | undefined;
    if (categoryId === undefined) bad('category', NO_CATEGORY);
  }
  if (values.seller_id != null && s.seller.get(values.seller_id) === undefined) bad('seller_id', NO_SELLER);
  for (const shop of shops) {
    const b2c = values[priceColumn('price_b2c', shop.code)];
    const others = PRICE_FIELDS.filter((f) => f !== 'price_b2c').map((f) => priceColumn(f, shop.code));
    // Old prices, B2B or VAT for a shop without a B2C price there: nothing to attach them to.
    if (b2c == null && others.some((c) => values[c] != null) && !(product && s.price.get(product.id, shop.id))) bad(priceColumn('price_b2c', shop.code), PRICE_NEEDS);
  }
  return ok ? { productId: product?.id ?? null, categoryId, values } : null;
}

interface ProductFields {
  code: string;
  name: string;
  slug: string;
  description: string;
  categoryId: number;
  sellerId: number | null;
  visible: number;
  stock: number;
  availabilityDays: number;
  cartLimit: number | null;
}

const FIELD_OF: Record<(typeof PRODUCT_COLUMNS)[number], keyof ProductFields | null> = {
  id: null,
  code: 'code',
  name: 'name',
  slug: 'slug',
  description: 'description',
  category: null,
  seller_id: 'sellerId',
  visible: 'visible',
  stock: 'stock',
  availability_days: 'availabilityDays',
  cart_limit: 'cartLimit',
};

interface PriceRow {
  b2c: number;
  oldB2c: number | null;
  b2b: number;
  oldB2b: number | null;
  vat: number;
}

/** The one transaction of a real run: every staged row, the audit row and the job's end, or none of them. */
function writeStaged(env: ImportEnv, job: ImportJob, rows: number): FiredWatch[] {
  const { db, clock, shops } = env;
  const s = statements(db);
  const now = clock.now();
  const fired: FiredWatch[] = [];
  return audited(db, env.actor, now, () => {
    let created = 0;
    let updated = 0;
    let after = 0;
    for (;;) {
      const page = s.staged.all(job.id, after) as { row: number; data: string }[];
      if (!page.length) break;
      after = page[page.length - 1].row;
      for (const { data } of page) {
        const staged = JSON.parse(data) as Staged;
        const result = applyRow(db, staged, shops, now.getTime());
        if (result === 'created') created++;
        else if (result !== 'same') {
          updated++;
          if (result === 'watched') fired.push(...claimDueWatches(db, clock, staged.productId!));
        }
      }
    }
    s.unstage.run(job.id);
    finish(db, job.id, 'done', { rows, created, updated }, now);
    return {
      value: fired,
      // A file that changed nothing (a round trip) leaves no audit row, as every step that changes nothing.
      audit: created + updated === 0 ? null : { section: 'catalogue', action: 'products.import', subject: job.fileName, after: { rows, created, updated, unchanged: rows - created - updated } },
    };
  });
}

/** 'same': nothing differs; 'changed': a product field; 'watched': a price or the stock (watches may fire). */
function applyRow(db: Db, staged: Staged, shops: ShopContext[], now: number): 'created' | 'changed' | 'watched' | 'same' {
  const s = statements(db);
  const v = staged.values;
  let productId = staged.productId;
  let result: 'created' | 'changed' | 'watched' | 'same' = 'same';
  if (productId === null) {
    const fields: ProductFields = {
      code: v.code!,
      name: v.name!,
      slug: v.slug!,
      description: v.description ?? '',
      categoryId: staged.categoryId!,
      sellerId: v.seller_id ?? null,
      visible: v.visible ?? 2,
      stock: v.stock ?? 0,
      availabilityDays: v.availability_days ?? 0,
      cartLimit: v.cart_limit ?? null,
    };
    productId = Number(s.insert.run({ ...fields, now }).lastInsertRowid);
    result = 'created';
  } else {
    const current = s.current.get(productId) as ProductFields & { id: number };
    const next: ProductFields & { id: number } = { ...current };
    for (const column of PRODUCT_COLUMNS) {
      const field = FIELD_OF[column];
      if (field && v[column] !== undefined) (next as unknown as Record<string, unknown>)[field] = v[column];
    }
    if (staged.categoryId !== undefined) next.categoryId = staged.categoryId;
    const differs = (Object.keys(current) as (keyof ProductFields)[]).some((k) => current[k] !== next[k]);
    if (differs) {
      s.update.run({ ...next, now });
      result = current.stock !== next.stock ? 'watched' : 'changed';
    }
  }
  for (const shop of shops) {
    const cell = (field: (typeof PRICE_FIELDS)[number]) => v[priceColumn(field, shop.code)] as number | null | undefined;
    const current = s.price.get(productId, shop.id) as PriceRow | undefined;
    const b2c = cell('price_b2c') ?? current?.b2c;
    if (b2c === undefined) continue;
    const keep = <K extends keyof PriceRow>(field: (typeof PRICE_FIELDS)[number], key: K, fallback: PriceRow[K]): PriceRow[K] => {
      const value = cell(field);
      if (value === undefined || (value === null && (key === 'b2b' || key === 'vat'))) return current ? current[key] : fallback;
      return value as PriceRow[K];
    };
    const next: PriceRow = {
      b2c,
      oldB2c: keep('price_old_b2c', 'oldB2c', null),
      b2b: keep('price_b2b', 'b2b', b2c),
      oldB2b: keep('price_old_b2b', 'oldB2b', null),
      vat: keep('vat', 'vat', shop.vatRate),
    };
    if (current && (Object.keys(next) as (keyof PriceRow)[]).every((k) => next[k] === current[k])) continue;
    s.upsertPrice.run({ productId, shopId: shop.id, ...next });
    if (result !== 'created') {
      result = 'watched';
      // The product's own row records when it last changed (as product-write.service does).
      s.touch.run(now, productId);
    }
  }
  return result;
}
