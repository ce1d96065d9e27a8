import { existsSync, mkdirSync, watch, type FSWatcher } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from './schema';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/**
 * What happened on a connection openDb made since it opened: writing statements run through it,
 * and changes the OS reported to the database file or its WAL (any process's commit appends to the
 * WAL). In-memory views of the catalogue (server/catalog/catalog-version.ts) read their clocks
 * again only when one of these moved, so most requests run no clock statement at all: in WAL mode
 * every statement takes and drops a read lock on the -shm file (two fcntl calls and a stat, ~20 µs
 * on a loaded machine). A write is counted per execution of any statement SQLite does not call
 * read-only (and per exec()), whatever the table: a needless re-read costs a statement, a missed
 * write a stale page.
 */
export interface ConnectionActivity {
  writes: number;
  fileChanges: number;
  /** Date.now() of the last file change reported. */
  changedAt: number;
  /** Whether file changes are being followed (the watchers are set); else readers re-read per stretch. */
  following: boolean;
  triedAt: number;
  watchers: FSWatcher[];
}

const activities = new WeakMap<Database.Database, ConnectionActivity>();

export function connectionActivity(sqlite: Database.Database): ConnectionActivity | undefined {
  return activities.get(sqlite);
}

/**
 * Whether changes to the database files are being followed, starting to follow them when possible:
 * the WAL exists from the first write on (tried at most once a second until then). A watcher that
 * fails or sees its file go away stops following, and readers fall back to reading per stretch.
 */
export function followsFileChanges(sqlite: Database.Database): boolean {
  const activity = activities.get(sqlite);
  if (!activity) return false;
  if (activity.following) return true;
  const now = Date.now();
  if (now - activity.triedAt < 1000 || sqlite.memory || !sqlite.open) return false;
  activity.triedAt = now;
  const wal = `${sqlite.name}-wal`;
  if (!existsSync(wal)) return false;
  const stop = () => stopFollowing(activity);
  try {
    for (const file of [sqlite.name, wal]) {
      const watcher = watch(file, { persistent: false }, (event) => {
        activity.fileChanges++;
        activity.changedAt = Date.now();
        if (event === 'rename') stop();
      });
      watcher.on('error', stop);
      activity.watchers.push(watcher);
    }
    activity.following = true;
  } catch {
    stop();
  }
  return activity.following;
}

function stopFollowing(activity: ConnectionActivity): void {
  activity.following = false;
  for (const watcher of activity.watchers.splice(0)) watcher.close();
}

function countWrites(sqlite: Database.Database): void {
  const activity: ConnectionActivity = { writes: 0, fileChanges: 0, changedAt: 0, following: false, triedAt: 0, watchers: [] };
  activities.set(sqlite, activity);
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((source: string) => {
    const statement = prepare(source);
    if (!statement.readonly) {
      for (const method of ['run', 'get', 'all', 'iterate'] as const) {
        const original = statement[method] as (...args: unknown[]) => unknown;
        Object.defineProperty(statement, method, {
          value: function (this: unknown, ...args: unknown[]) {
            activity.writes++;
            return original.apply(this, args);
          },
        });
      }
    }
    return statement;
  }) as typeof sqlite.prepare;
  const exec = sqlite.exec.bind(sqlite);
  sqlite.exec = (source: string) => {
    activity.writes++;
    return exec(source);
  };
  const close = sqlite.close.bind(sqlite);
  sqlite.close = () => {
    stopFollowing(activity);
    return close();
  };
}

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
