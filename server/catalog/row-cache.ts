import type { Db } from '../db/client';
import { catalogVersion } from './catalog-version';
import type { ListedProduct } from './listing.service';
import { Lru } from './lru';

/** A 10k catalogue in both price roles of one shop; a row is a few hundred bytes (~10 MB at most). */
export const ROW_CAPACITY = 20_000;

/**
 * The product rows list pages read (ListedProduct, per shop and price role), kept while the
 * catalogue stays the same: reading twelve rows took ~8 µs each (17 columns, two JSON columns
 * parsed), more than the rest of the list. Dropped like the card cache (decision 185): by
 * App.invalidateCatalog when `CatalogVersion` moves (stock, prices, other processes) and by the
 * trigger-kept `catalogVersion` checked on each look-up. The rows are shared: callers never change them.
 */
export class RowCache {
  private readonly rows = new Lru<ListedProduct>(ROW_CAPACITY);
  private version = Number.NaN;

  constructor(private readonly db: Db) {}

  /** The rows of `ids` in that order (ids without a visible, priced row are left out); `read` reads the missing ones. */
  get(scope: string, ids: readonly number[], read: (missing: number[]) => ListedProduct[]): ListedProduct[] {
    const now = catalogVersion(this.db);
    if (now !== this.version || now === -1) {
      this.rows.clear();
      this.version = now;
    }
    const found: (ListedProduct | undefined)[] = [];
    const missing: number[] = [];
    for (const id of ids) {
      const row = this.rows.get(`${scope}|${id}`);
      found.push(row);
      if (row === undefined) missing.push(id);
    }
    if (missing.length === 0) return found as ListedProduct[];
    const fetched = new Map<number, ListedProduct>();
    for (const row of read(missing)) {
      fetched.set(row.id, row);
      this.rows.set(`${scope}|${row.id}`, row);
    }
    const out: ListedProduct[] = [];
    for (let i = 0; i < ids.length; i++) {
      const row = found[i] ?? fetched.get(ids[i]);
      if (row) out.push(row);
    }
    return out;
  }

  invalidate(): void {
    this.rows.clear();
  }
}
