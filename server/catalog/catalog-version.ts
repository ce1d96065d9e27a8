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
