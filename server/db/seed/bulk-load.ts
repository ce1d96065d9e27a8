import type Database from 'better-sqlite3';

/** A trigger or index as sqlite_master stores it; `sql` recreates it exactly. */
interface SchemaObject {
  name: string;
  sql: string;
}

/**
 * Runs a bulk write to `table` with the triggers that feed its external-content FTS5 indexes
 * lifted, then puts the triggers back (their exact stored SQL) and rebuilds each index once.
 * Per-row trigger inserts into FTS5 cost several times the bulk load itself (measured: 100,000
 * products ≈ 4 s through the triggers, ≈ 0.3 s for one 'rebuild'). Must run inside a transaction,
 * so a failure also restores the triggers.
 */
export function withSearchIndexSuspended<T>(sqlite: Database.Database, table: string, write: () => T): T {
  if (!sqlite.inTransaction) throw new Error('withSearchIndexSuspended must run inside a transaction');
  const indexes = (
    sqlite
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%USING fts5%' AND sql LIKE ?`)
      .pluck()
      .all(`%content='${table}'%`) as string[]
  ).filter((name) => /^[A-Za-z0-9_]+$/.test(name));
  if (indexes.length === 0) return write();
  const triggers = (sqlite.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ?`).all(table) as SchemaObject[]).filter((t) =>
    indexes.some((index) => new RegExp(`\\b${index}\\b`).test(t.sql)),
  );
  for (const t of triggers) sqlite.exec(`DROP TRIGGER "${t.name.replace(/"/g, '""')}"`);
  const result = write();
  for (const t of triggers) sqlite.exec(t.sql);
  for (const index of indexes) sqlite.exec(`INSERT INTO "${index}"("${index}") VALUES ('rebuild')`);
  return result;
}

/**
 * Runs a bulk write with the secondary indexes of `tables` dropped, then recreates them from their
 * stored SQL: building an index once from sorted data is cheaper than updating it row by row at
 * random places (slugs, prices). Unique indexes are recreated too, which re-checks uniqueness.
 * Must run inside a transaction, so a failure restores every index.
 */
export function withIndexesDeferred<T>(sqlite: Database.Database, tables: string[], write: () => T): T {
  if (!sqlite.inTransaction) throw new Error('withIndexesDeferred must run inside a transaction');
  const indexes = sqlite
    .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (SELECT value FROM json_each(?))`)
    .all(JSON.stringify(tables)) as SchemaObject[];
  for (const i of indexes) sqlite.exec(`DROP INDEX "${i.name.replace(/"/g, '""')}"`);
  const result = write();
  for (const i of indexes) sqlite.exec(i.sql);
  return result;
}

/**
 * Runs a bulk write with the catalogue version triggers (migration 0008) lifted, then puts them
 * back and raises the version once: a trigger per row would cost a write per row, and any trigger
 * on a table stops SQLite from truncating it whole on `DELETE FROM` (the reset). Must run inside
 * a transaction, so a failure also restores the triggers.
 */
export function withCatalogVersionDeferred<T>(sqlite: Database.Database, write: () => T): T {
  if (!sqlite.inTransaction) throw new Error('withCatalogVersionDeferred must run inside a transaction');
  const triggers = sqlite.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'catalog\\_version\\_%' ESCAPE '\\'`).all() as SchemaObject[];
  for (const t of triggers) sqlite.exec(`DROP TRIGGER "${t.name.replace(/"/g, '""')}"`);
  const result = write();
  for (const t of triggers) sqlite.exec(t.sql);
  if (triggers.length > 0) sqlite.exec('UPDATE catalog_version SET version = version + 1 WHERE id = 1');
  return result;
}
