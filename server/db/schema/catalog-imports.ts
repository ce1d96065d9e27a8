import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { staff } from './staff';

/**
 * A product CSV import of the back office (server/admin/catalogue-csv/): one row per upload, the job
 * the import page shows while it runs. `status`: queued → checking → writing → done, or `refused`
 * (rows with errors: nothing changed), or `failed` (the file could not be read). A dry run stops
 * after checking (`checked`).
 */
export const CATALOG_IMPORT_STATUSES = ['queued', 'checking', 'writing', 'done', 'checked', 'refused', 'failed'] as const;
export type CatalogImportStatus = (typeof CATALOG_IMPORT_STATUSES)[number];

export const catalogImports = sqliteTable('catalog_imports', {
  id: integer('id').primaryKey(),
  staffId: integer('staff_id').references(() => staff.id),
  fileName: text('file_name').notNull(),
  dryRun: integer('dry_run', { mode: 'boolean' }).notNull(),
  status: text('status', { enum: CATALOG_IMPORT_STATUSES }).notNull().default('queued'),
  rowsDone: integer('rows_done').notNull().default(0),
  /** An estimate (the file's lines) until the file is read through. */
  rowsTotal: integer('rows_total').notNull().default(0),
  errorCount: integer('error_count').notNull().default(0),
  /** The first errors: [{ row, column, message }] with Slovak source messages, translated on the page. */
  errors: text('errors', { mode: 'json' }).$type<{ row: number; column: string; message: string; values?: Record<string, unknown> }[]>().notNull().default([]),
  created: integer('created').notNull().default(0),
  updated: integer('updated').notNull().default(0),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  finishedAt: integer('finished_at', { mode: 'timestamp_ms' }),
});

/** The checked rows of an import waiting for the one write transaction (normalised JSON), deleted after it. */
export const catalogImportRows = sqliteTable(
  'catalog_import_rows',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => catalogImports.id, { onDelete: 'cascade' }),
    row: integer('row').notNull(),
    data: text('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.row] })],
);
