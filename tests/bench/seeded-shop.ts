import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../server/config';
import { migrateDb, openDb } from '../../server/db/client';
import { seedDemo } from '../../server/db/seed/demo';
import { ensureShops } from '../../server/shops/shops.service';

/** The secret every in-process benchmark signs with (tokens are computed from it). */
const BENCH_SECRET = 'bench-secret-bench-secret-bench-secret-0';

/**
 * A production-mode config over a temporary database for the in-process benchmarks (cpu.ts,
 * profile.ts, filter.bench.ts, ab.ts): a copy of `existing` when given (a seeded file reused between
 * runs), else a demo shop of `products` seeded now. `remove()` deletes the folder.
 */
export function seededShop(prefix: string, products: number, existing?: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const config = loadConfig({ DB_FILE: join(dir, 'shop.db'), LOG_LEVEL: 'silent', NODE_ENV: 'production', SECRET: BENCH_SECRET });
  if (existing) copyFileSync(existing, config.dbFile);
  const db = openDb(config.dbFile);
  migrateDb(db, config.root);
  if (!existing) {
    ensureShops(db);
    seedDemo(db, { products });
  }
  return { config, db, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
