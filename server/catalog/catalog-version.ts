import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';

export const CATALOG_VERSION_SQL = 'SELECT version FROM catalog_version WHERE id = 1';
const statement = perDatabase((db) => db.$client.prepare<[], number>(CATALOG_VERSION_SQL).pluck());

/**
 * The catalogue version: one row that triggers raise on every change of what pages show (migration
 * 0015), whoever writes. A request reads it once, as it begins (server/http/session.ts, beside the
 * session row when there is a cookie); caches and HTTP validators key on it.
 */
export function readCatalogVersion(db: Db): number {
  return statement(db).get() ?? 0;
}
