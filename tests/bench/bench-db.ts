import Database from 'better-sqlite3';
import { hashSessionId } from '../../server/http/session';

/**
 * What the benchmarks read from or write to a seeded DB file while the server is stopped: the
 * heaviest category page to measure and a signed-in consumer's session.
 */

/** The session id every benchmark sends as a signed-in consumer. */
export const USER_SID = 'userbenchuserbenchuserbenchuserbenchuser123';

/** A consumer account `email` signed in under session id `sid`. */
export function signInConsumer(sqlite: Database.Database, sid: string, email: string): void {
  const now = Date.now();
  const user = sqlite.prepare("INSERT INTO users (email, roles, created_at) VALUES (?, '[\"ROLE_CONSUMER\"]', ?)").run(email, now).lastInsertRowid;
  sqlite.prepare('INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)').run(hashSessionId(sid), user, now, now + 86_400_000);
}

/** A consumer account and a session row for USER_SID. */
export function addSignedInSession(dbFile: string): void {
  const sqlite = new Database(dbFile);
  signInConsumer(sqlite, USER_SID, 'bench@example.sk');
  sqlite.close();
}

/** The largest product department (the heaviest category page) and one brand option in it. */
export function largestDepartment(sqlite: Database.Database): { root: { id: number; slug: string; n: number }; brand: string } {
  const root = sqlite
    .prepare(
      `SELECT c.id, c.slug, count(p.id) AS n FROM categories c JOIN categories d ON d.path LIKE c.path || '%' JOIN products p ON p.category_id = d.id
        WHERE c.parent_id IS NULL AND c.type = 'product' AND p.parent_id IS NULL AND p.visible <> 0 GROUP BY c.id ORDER BY n DESC LIMIT 1`,
    )
    .get() as { id: number; slug: string; n: number };
  const brand = sqlite
    .prepare(
      `SELECT o.key FROM attribute_options o JOIN attributes a ON a.id = o.attribute_id WHERE a.code = 'znacka'
          AND o.id IN (SELECT v.option_id FROM product_attribute_values v JOIN products p ON p.id = v.product_id JOIN categories d ON d.id = p.category_id
                        WHERE d.path LIKE (SELECT path FROM categories WHERE id = ?) || '%') ORDER BY o.position LIMIT 1`,
    )
    .pluck()
    .get(root.id) as string;
  return { root, brand };
}
