import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from './schema';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/**
 * How many writing statements ran through each connection openDb made. In-memory views of the
 * catalogue remember a clock reading for the rest of one synchronous stretch
 * (server/catalog/catalog-version.ts); this count is how they notice their own connection wrote
 * in between. Counted per execution of any statement SQLite does not call read-only (and per
 * exec()), whatever the table: a needless re-read costs a microsecond, a missed write a stale page.
 */
const writes = new WeakMap<Database.Database, { count: number }>();

export function writesThrough(sqlite: Database.Database): { readonly count: number } | undefined {
  return writes.get(sqlite);
}

function countWrites(sqlite: Database.Database): void {
  const counter = { count: 0 };
  writes.set(sqlite, counter);
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((source: string) => {
    const statement = prepare(source);
    if (!statement.readonly) {
      for (const method of ['run', 'get', 'all', 'iterate'] as const) {
        const original = statement[method] as (...args: unknown[]) => unknown;
        Object.defineProperty(statement, method, {
          value: function (this: unknown, ...args: unknown[]) {
            counter.count++;
            return original.apply(this, args);
          },
        });
      }
    }
    return statement;
  }) as typeof sqlite.prepare;
  const exec = sqlite.exec.bind(sqlite);
  sqlite.exec = (source: string) => {
    counter.count++;
    return exec(source);
  };
}

/**
 * Opens the shop database with the pragmas every write path relies on: WAL so readers never block
 * the writer, busy_timeout so a second writer waits instead of failing, foreign keys enforced, and
 * synchronous=FULL so a committed order survives power loss.
 */
export function openDb(file: string): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = FULL');
  countWrites(sqlite);
  return drizzle(sqlite, { schema }) as Db;
}

export function migrateDb(db: Db, root: string): void {
  migrate(db, { migrationsFolder: join(root, 'server/db/migrations') });
}
