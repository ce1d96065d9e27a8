import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';

const sql = perDatabase((db: Db) =>
  db.$client.prepare<[number], { n: number }>("SELECT COUNT(*) AS n FROM notifications WHERE user_id = ? AND direction = 'received' AND seen_at IS NULL"),
);

/**
 * Received and not yet read: the count by Správy in the account menu. Only for a signed-in user's
 * own answers (private pages and /api/session), never on a page a shared cache keeps.
 */
export const unreadCount = (db: Db, userId: number): number => sql(db).get(userId)!.n;
