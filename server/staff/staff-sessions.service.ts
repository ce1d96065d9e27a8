import { hash, randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import type { StaffRole } from '../db/schema';

/**
 * Staff sessions (docs/decisions/220): far shorter than a shopper's 30 days. A session ends after
 * 30 minutes without a request or 12 hours after sign-in, whichever comes first; a password that
 * was right opens a 5-minute window for the second factor and nothing else. The second factor
 * replaces the session id, so an id seen before it (a shared computer, a fixation attempt) is worth
 * nothing after.
 */
export const STAFF_IDLE_MS = 30 * 60_000;
export const STAFF_ABSOLUTE_MS = 12 * 3600_000;
export const SECOND_FACTOR_MS = 5 * 60_000;
/** A request refreshes `last_seen_at` at most this often: one write a minute, not one per click. */
const TOUCH_EVERY_MS = 60_000;

export const STAFF_SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

export const hashStaffSessionId = (id: string): string => hash('sha256', `staff:${id}`, 'base64url');

export interface StaffSessionRow {
  hash: string;
  staffId: number;
  email: string;
  name: string;
  role: StaffRole;
  verified: boolean;
  lastSeenAt: number;
}

interface Raw {
  staffId: number;
  email: string;
  name: string;
  role: StaffRole;
  createdAt: number;
  verifiedAt: number | null;
  lastSeenAt: number;
}

const sql = perDatabase((db: Db) => {
  const s = db.$client;
  return {
    insert: s.prepare<[string, number, number, number | null, number]>(
      'INSERT INTO staff_sessions (id_hash, staff_id, created_at, verified_at, last_seen_at) VALUES (?, ?, ?, ?, ?)',
    ),
    find: s.prepare<[string], Raw>(
      `SELECT s.staff_id AS staffId, m.email, m.name, m.role, s.created_at AS createdAt, s.verified_at AS verifiedAt, s.last_seen_at AS lastSeenAt
         FROM staff_sessions s JOIN staff m ON m.id = s.staff_id WHERE s.id_hash = ? AND m.disabled_at IS NULL`,
    ),
    touch: s.prepare<[number, string]>('UPDATE staff_sessions SET last_seen_at = ? WHERE id_hash = ?'),
    remove: s.prepare<[string]>('DELETE FROM staff_sessions WHERE id_hash = ?'),
    removeOf: s.prepare<[number]>('DELETE FROM staff_sessions WHERE staff_id = ?'),
    sweep: s.prepare<[number, number, number]>(
      'DELETE FROM staff_sessions WHERE last_seen_at < ? OR created_at < ? OR (verified_at IS NULL AND created_at < ?)',
    ),
  };
});

function newId(): { id: string; hash: string } {
  const id = randomBytes(32).toString('base64url');
  return { id, hash: hashStaffSessionId(id) };
}

/** After a right password: a session that can only take the second factor. Answers the cookie's id. */
export function startSecondFactor(db: Db, staffId: number, now: Date): string {
  const { id, hash: key } = newId();
  sql(db).sweep.run(now.getTime() - STAFF_IDLE_MS, now.getTime() - STAFF_ABSOLUTE_MS, now.getTime() - SECOND_FACTOR_MS);
  sql(db).insert.run(key, staffId, now.getTime(), null, now.getTime());
  return id;
}

/** The second factor passed: the waiting session is replaced by a signed-in one under a new id. */
export function completeSignIn(db: Db, waitingHash: string, staffId: number, now: Date): string {
  const { id, hash: key } = newId();
  sql(db).remove.run(waitingHash);
  sql(db).insert.run(key, staffId, now.getTime(), now.getTime(), now.getTime());
  return id;
}

/** A signed-in session straight away: the end of an accepted invitation, which enrolled the second factor. */
export function startSignedIn(db: Db, staffId: number, now: Date): string {
  const { id, hash: key } = newId();
  sql(db).insert.run(key, staffId, now.getTime(), now.getTime(), now.getTime());
  return id;
}

/** The live session under an id from the cookie, or null (unknown, idle too long, too old, member disabled). */
export function findStaffSession(db: Db, id: string, now: Date): StaffSessionRow | null {
  if (!STAFF_SESSION_ID.test(id)) return null;
  const key = hashStaffSessionId(id);
  const row = sql(db).find.get(key);
  if (!row) return null;
  const t = now.getTime();
  const limit = row.verifiedAt === null ? row.createdAt + SECOND_FACTOR_MS : Math.min(row.lastSeenAt + STAFF_IDLE_MS, row.createdAt + STAFF_ABSOLUTE_MS);
  if (t >= limit) {
    sql(db).remove.run(key);
    return null;
  }
  return { hash: key, staffId: row.staffId, email: row.email, name: row.name, role: row.role, verified: row.verifiedAt !== null, lastSeenAt: row.lastSeenAt };
}

/** Keeps a session in use alive (its idle time starts again). */
export function touchStaffSession(db: Db, session: StaffSessionRow, now: Date): void {
  if (now.getTime() - session.lastSeenAt >= TOUCH_EVERY_MS) sql(db).touch.run(now.getTime(), session.hash);
}

export function endStaffSession(db: Db, hashKey: string): void {
  sql(db).remove.run(hashKey);
}

/** Every session of a member (disabled, or their codes replaced): they must sign in again. */
export function endSessionsOf(db: Db, staffId: number): void {
  sql(db).removeOf.run(staffId);
}
