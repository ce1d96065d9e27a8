import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';

const statement = perDatabase((db) => db.$client.prepare<[], number>('SELECT version FROM catalog_version WHERE id = 1').pluck());

/**
 * The catalogue version: one row that triggers raise on every change of what pages show (migration
 * 0015), whoever writes. Read once per request (app.ts); caches and HTTP validators key on it.
 */
export function readCatalogVersion(db: Db): number {
  return statement(db).get() ?? 0;
}
