import type Database from 'better-sqlite3';
import type { Db } from '../db/client';

/**
 * The catalogue version (catalog_version, raised by triggers of migration 0008 on every write that
 * changes list membership, order, prices, attribute values, names or codes), whichever process
 * wrote. One indexed single-row read (~1 µs), so in-memory indexes can check it on every request
 * instead of trusting a timeout (docs/decisions/170).
 */
const statements = new WeakMap<Db, Database.Statement>();

export function catalogVersion(db: Db): number {
  let read = statements.get(db);
  if (!read) {
    read = db.$client.prepare('SELECT version FROM catalog_version WHERE id = 1').pluck();
    statements.set(db, read);
  }
  // No row only in a database that skipped migration 0008's insert: never cache then.
  return (read.get() as number | undefined) ?? -1;
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
 * `sync()` costs one PRAGMA (~2 µs) and is called once per cache look-up (decision 180).
 */
const localChanges = new WeakMap<Database.Database, number>();

/** Tells the caches of every app on this connection that the catalogue changed. */
export function catalogChanged(db: Db): void {
  localChanges.set(db.$client, (localChanges.get(db.$client) ?? 0) + 1);
}

export class CatalogVersion {
  private readonly client: Database.Database;
  private readonly dataVersion: Database.Statement;
  private local: number;
  private external: number;

  constructor(
    db: Db,
    private readonly onChange: () => void,
  ) {
    this.client = db.$client;
    this.dataVersion = this.client.prepare('PRAGMA data_version').pluck();
    this.local = localChanges.get(this.client) ?? 0;
    this.external = this.dataVersion.get() as number;
  }

  /** Calls onChange (once) when the catalogue changed since the last call. */
  sync(): void {
    const local = localChanges.get(this.client) ?? 0;
    const external = this.dataVersion.get() as number;
    if (local === this.local && external === this.external) return;
    this.local = local;
    this.external = external;
    this.onChange();
  }
}
