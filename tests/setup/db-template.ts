import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../server/config';
import { migrateDb, openDb } from '../../server/db/client';
import { seedDemo } from '../../server/db/seed/demo';
import { ensureShops } from '../../server/shops/shops.service';

/**
 * A migrated database with the shops and a demo catalogue of `products` products, made once per
 * test run and copied by every test shop and journey server that wants one: migrating and seeding
 * took 1–2 s a shop in the API tests and 3–20 s a journey (the server seeded 300 products at start),
 * copying takes milliseconds, and the copy is the very file a fresh migration and seed would write.
 * `dir` is the run's own folder (named after the run's process); workers that build the same
 * template at once each rename a finished file into place.
 */
export function seededTemplate(dir: string, products: number): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `shop-${products}.db`);
  if (existsSync(file)) return file;
  const building = `${file}.${process.pid}`;
  rmSync(building, { force: true });
  const db = openDb(building);
  migrateDb(db, projectRoot());
  ensureShops(db);
  if (products > 0) seedDemo(db, { products });
  db.$client.pragma('wal_checkpoint(TRUNCATE)');
  db.$client.close();
  rmSync(`${building}-wal`, { force: true });
  rmSync(`${building}-shm`, { force: true });
  renameSync(building, file);
  return file;
}

/** Removes `<prefix><pid>` folders in `parent` whose process is gone (runs that ended). */
export function sweepEnded(parent: string, prefix: string): void {
  if (!existsSync(parent)) return;
  for (const name of readdirSync(parent)) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length));
    if (!Number.isInteger(pid) || pid <= 0) continue;
    try {
      process.kill(pid, 0);
    } catch {
      rmSync(join(parent, name), { recursive: true, force: true });
    }
  }
}
