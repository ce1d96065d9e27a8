import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';
/** How long a session lives after its last write. */
export const SESSION_DAYS = 30;

const DAY_MS = 86_400_000;

export function findSession(db: Db, hash: string, now: Date): { userId: number | null } | undefined {
  return db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(and(eq(sessions.idHash, hash), gt(sessions.expiresAt, now)))
    .get();
}

/** Creates the row behind a session id the first time something is stored under it. */
export function ensureSession(db: Db, hash: string, now: Date): void {
  db.insert(sessions)
    .values({ idHash: hash, createdAt: now, expiresAt: new Date(now.getTime() + SESSION_DAYS * DAY_MS) })
    .onConflictDoUpdate({ target: sessions.idHash, set: { expiresAt: sql`excluded.expires_at` } })
    .run();
}

export function deleteExpiredSessions(db: Db, now: Date): number {
  return db.delete(sessions).where(lt(sessions.expiresAt, now)).run().changes;
}
