import Database from 'better-sqlite3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogVersion, CatalogVersion } from '../../server/catalog/catalog-version';
import { connectionActivity } from '../../server/db/client';
import { findSession, sessionExists } from '../../server/sessions/sessions.service';
import { products } from '../../server/db/schema';
import { createTestShop, otherConnectionWrites, type TestShop } from '../setup/test-app';

/**
 * The two catalogue clocks are read once per synchronous stretch (server/catalog/catalog-version.ts):
 * a write through the app's own connection must still show at once, however it was issued, and
 * another connection's commit by the next stretch.
 */
let shop: TestShop;
let productId: number;

beforeAll(() => {
  shop = createTestShop({ products: 20 });
  productId = (shop.db.$client.prepare('SELECT id FROM products WHERE parent_id IS NULL ORDER BY id LIMIT 1').get() as { id: number }).id;
});
afterAll(() => shop.close());

describe('catalogue clocks', () => {
  it('see a write through the own connection in the same stretch: prepared, exec and drizzle alike', () => {
    const sqlite = shop.db.$client;
    const before = catalogVersion(shop.db);
    expect(catalogVersion(shop.db)).toBe(before);
    sqlite.prepare("UPDATE products SET name = name || ' x' WHERE id = ?").run(productId);
    const afterRun = catalogVersion(shop.db);
    expect(afterRun).toBeGreaterThan(before);
    sqlite.exec(`UPDATE products SET name = name || ' y' WHERE id = ${productId}`);
    const afterExec = catalogVersion(shop.db);
    expect(afterExec).toBeGreaterThan(afterRun);
    // RETURNING makes a writing statement answer rows (get/all): counted too.
    sqlite.prepare("UPDATE products SET name = name || ' z' WHERE id = ? RETURNING id").get(productId);
    const afterReturning = catalogVersion(shop.db);
    expect(afterReturning).toBeGreaterThan(afterExec);
    shop.db.update(products).set({ name: 'Prepísaný názov' }).where(eq(products.id, productId)).run();
    expect(catalogVersion(shop.db)).toBeGreaterThan(afterReturning);
  });

  it('counts only statements that write', () => {
    const activity = connectionActivity(shop.db.$client)!;
    const before = activity.writes;
    shop.db.$client.prepare('SELECT count(*) FROM products').get();
    expect(activity.writes).toBe(before);
    shop.db.$client.prepare('UPDATE products SET quantity = quantity WHERE id = ?').run(productId);
    expect(activity.writes).toBe(before + 1);
  });

  it("sees another connection's commit once the OS reports the file change, and the app's caches follow it", async () => {
    let dropped = 0;
    const clock = new CatalogVersion(shop.db, () => dropped++);
    clock.sync();
    const before = catalogVersion(shop.db);
    await null;
    // Followed from the first write on: no statement is needed to know nothing changed.
    expect(connectionActivity(shop.db.$client)!.following).toBe(true);
    const noticed = otherConnectionWrites(shop.db);
    const other = new Database(shop.config.dbFile);
    try {
      other.prepare("UPDATE products SET name = name || ' w' WHERE id = ?").run(productId);
    } finally {
      other.close();
    }
    await noticed();
    expect(catalogVersion(shop.db)).toBeGreaterThan(before);
    clock.sync();
    expect(dropped).toBe(1);
    clock.sync();
    expect(dropped).toBe(1);
  });
});

describe('session ids known to have no row (sessions.service.ts)', () => {
  const insert = (sqlite: Database.Database, hash: string) =>
    sqlite.prepare('INSERT INTO sessions (id_hash, created_at, expires_at) VALUES (?, ?, ?)').run(hash, Date.now(), Date.now() + 86_400_000);

  it('sees a row written through the own connection at once', () => {
    const hash = 'absent-own-connection';
    expect(sessionExists(shop.db, hash)).toBe(false);
    expect(findSession(shop.db, hash, new Date())).toBeUndefined();
    insert(shop.db.$client, hash);
    expect(sessionExists(shop.db, hash)).toBe(true);
    expect(findSession(shop.db, hash, new Date())).toMatchObject({ live: true, userId: null });
  });

  it('sees a row written by another connection once the OS reports the file change', async () => {
    const hash = 'absent-other-connection';
    expect(sessionExists(shop.db, hash)).toBe(false);
    const noticed = otherConnectionWrites(shop.db);
    const other = new Database(shop.config.dbFile);
    try {
      insert(other, hash);
    } finally {
      other.close();
    }
    await noticed();
    expect(sessionExists(shop.db, hash)).toBe(true);
  });
});

describe('clocks without file events', () => {
  it('are read again within RECHECK_MS even if a change was never reported', async () => {
    const before = catalogVersion(shop.db);
    const activity = connectionActivity(shop.db.$client)!;
    // Another connection commits, and its report is withheld: the clocks still catch up.
    const other = new Database(shop.config.dbFile);
    try {
      const reported = activity.fileChanges;
      other.prepare("UPDATE products SET name = name || ' v' WHERE id = ?").run(productId);
      await new Promise((resolve) => setTimeout(resolve, 400));
      activity.fileChanges = reported;
      activity.changedAt = 0;
    } finally {
      other.close();
    }
    expect(catalogVersion(shop.db)).toBeGreaterThan(before);
  });
});
