import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';

const statement = perDatabase((db) => db.$client.prepare<[], number>('SELECT version FROM catalog_version WHERE id = 1').pluck());

/**
 * The catalogue version: one row that triggers raise on every change of what the shop's pages show
 * (migration 0015: products, prices, stock, attributes, categories, content, shipping and payment
 * options…), whoever writes. A request reads it once (app.ts puts it on the context); in-process
 * caches and HTTP validators key on it, so no writer has to tell anyone. Plain SQL, so another
 * database backend can keep the same row and triggers.
 */
export function readCatalogVersion(db: Db): number {
  return statement(db).get() ?? 0;
}
