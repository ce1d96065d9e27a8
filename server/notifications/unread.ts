import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';

/** The count of the received and unread messages of `user` (an SQL expression), as SQL: also a column of a page header's figures (cart-summary.service.ts). */
export const unreadCountSql = (user: string) => `SELECT COUNT(*) FROM notifications WHERE user_id = ${user} AND direction = 'received' AND seen_at IS NULL`;

const sql = perDatabase((db: Db) => db.$client.prepare<[number], number>(unreadCountSql('?')).pluck());

/**
 * Received and not yet read: the count by Správy in the account menu. Only for a signed-in user's
 * own answers (private pages and /api/session), never on a page a shared cache keeps.
 */
export const unreadCount = (db: Db, userId: number): number => sql(db).get(userId)!;
