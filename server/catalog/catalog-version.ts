import type Database from 'better-sqlite3';
import { connectionActivity, followsFileChanges, type Db } from '../db/client';

/**
 * A clock followed by file events is still read again after this long. Another process's commit
 * writes its WAL frames (an event), syncs them, and only then publishes them in the -shm file, which
 * the OS does not report: so for HOT_MS after any event the clocks are read per stretch, and
 * RECHECK_MS bounds how late a commit whose sync outlasted that window can be seen.
 */
const RECHECK_MS = 250;
const HOT_MS = 100;

/** One clock: a single-value statement, its last answer and the connection's activity then. */
class Clock {
  private value = 0;
  private writes = -1;
  private fileChanges = -1;
  private readAt = 0;
  private inStretch = false;
  private readonly statement: Database.Statement;

  constructor(
    private readonly client: Database.Database,
    sql: string,
  ) {
    this.statement = client.prepare(sql).pluck();
  }

  /**
   * Read at most once per synchronous stretch, and again only when something may have moved it
   * (decision 192): this connection wrote, the OS reported a change to the database or its WAL
   * lately (another process or connection committed), or RECHECK_MS passed. Until file changes are
   * followed (before the first write, or if watching fails) it is read once per stretch.
   * Connections not opened by openDb are read every time.
   */
  read(): number {
    const activity = connectionActivity(this.client);
    const following = activity !== undefined && followsFileChanges(this.client);
    if (activity && this.writes === activity.writes) {
      if (this.inStretch) return this.value;
      if (following) {
        const now = Date.now();
        if (this.fileChanges === activity.fileChanges && now - this.readAt < RECHECK_MS && now - activity.changedAt > HOT_MS) return this.value;
      }
    }
    // No catalog_version row only in a database that skipped migration 0008's insert: never cache then.
    this.value = (this.statement.get() as number | undefined) ?? -1;
    if (activity) {
      this.writes = activity.writes;
      this.fileChanges = activity.fileChanges;
      this.readAt = Date.now();
      if (!this.inStretch) {
        this.inStretch = true;
        queueMicrotask(this.forget);
      }
    }
    return this.value;
  }

  readonly forget = (): void => {
    this.inStretch = false;
  };
}

interface Clocks {
  /** catalog_version.version: raised by triggers on catalogue writes, whoever wrote. */
  version: Clock;
  /** PRAGMA data_version: moves when another connection commits. */
  external: Clock;
}

const clocksByClient = new WeakMap<Database.Database, Clocks>();

function clocks(client: Database.Database): Clocks {
  let found = clocksByClient.get(client);
  if (!found) {
    // Two statements, not one SELECT with pragma_data_version(): that table-valued form prepares
    // a PRAGMA on every read and cost ~20 µs.
    found = { version: new Clock(client, 'SELECT version FROM catalog_version WHERE id = 1'), external: new Clock(client, 'PRAGMA data_version') };
    clocksByClient.set(client, found);
  }
  return found;
}

/**
 * PRAGMA data_version of the connection: moves whenever another connection commits (read once per
 * synchronous stretch, like the catalogue version).
 */
export function otherConnectionsClock(db: Db): number {
  return clocks(db.$client).external.read();
}

/**
 * The catalogue version (catalog_version, raised by triggers of migration 0008 on every write that
 * changes list membership, order, prices, attribute values, names or codes), whichever process
 * wrote. In-memory indexes check it on every look-up instead of trusting a timeout
 * (docs/decisions/170); within one synchronous stretch it is read once (see `Clock.read`).
 */
export function catalogVersion(db: Db): number {
  return clocks(db.$client).version.read();
}

/**
 * Values built from the catalogue, kept per database while its version stays the same: the
 * first `get` after a catalogue write drops them all. Bounded, least recently used first.
 */
export class VersionedCache<V> {
  private version = Number.NaN;
  private readonly map = new Map<string, V>();

  constructor(
    private readonly db: Db,
    private readonly capacity: number,
  ) {}

  get(key: string, build: () => V): V {
    const now = catalogVersion(this.db);
    if (now !== this.version || now === -1) {
      this.map.clear();
      this.version = now;
    }
    const hit = this.map.get(key);
    if (hit !== undefined) {
      this.map.delete(key);
      this.map.set(key, hit);
      return hit;
    }
    const value = build();
    this.map.set(key, value);
    while (this.map.size > this.capacity) this.map.delete(this.map.keys().next().value!);
    return value;
  }
}

/** One VersionedCache per database and purpose (module-level WeakMaps key them by Db, never globally). */
export function versionedCache<V>(owners: WeakMap<Db, VersionedCache<V>>, db: Db, capacity: number): VersionedCache<V> {
  let cache = owners.get(db);
  if (!cache) owners.set(db, (cache = new VersionedCache<V>(db, capacity)));
  return cache;
}


/**
 * Two clocks, for two kinds of cache. `catalogVersion` above is exact about the catalogue itself
 * (triggers; stock is not part of it) and serves the filter and search indexes. `CatalogVersion`
 * below also moves on stock changes and on any other process's write, because the HTML caches show
 * availability and must never be late.
 *
 * Knows when the catalogue may have changed, so cached views (menu, category index, list order,
 * fragments, whole anonymous pages) are dropped on the next request instead of after their TTL.
 *
 * - Writes through this process's connection call `catalogChanged(db)`: price and stock changes
 *   (product-write.service.ts), stock taken and returned by orders.
 * - Writes by any other connection (the catalogue CLI, an import, a seed run in another process)
 *   move SQLite's `PRAGMA data_version`, which changes whenever another connection commits to the
 *   file. That also counts their non-catalogue writes; dropping the caches then is merely early.
 *
 * `sync()` reads PRAGMA data_version with the catalogue version (one statement per synchronous
 * stretch) and is called once per request and by the page cache's fast path (decision 180).
 */
const localChanges = new WeakMap<Database.Database, number>();

/** Tells the caches of every app on this connection that the catalogue changed. */
export function catalogChanged(db: Db): void {
  localChanges.set(db.$client, (localChanges.get(db.$client) ?? 0) + 1);
}

export class CatalogVersion {
  private readonly client: Database.Database;
  private local: number;
  private external: number;

  constructor(
    db: Db,
    private readonly onChange: () => void,
  ) {
    this.client = db.$client;
    this.local = localChanges.get(this.client) ?? 0;
    this.external = clocks(this.client).external.read();
  }

  /** Calls onChange (once) when the catalogue changed since the last call. */
  sync(): void {
    const local = localChanges.get(this.client) ?? 0;
    const external = clocks(this.client).external.read();
    if (local === this.local && external === this.external) return;
    this.local = local;
    this.external = external;
    this.onChange();
  }
}
