import type Database from 'better-sqlite3';
import type { Db } from '../db/client';

/**
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
