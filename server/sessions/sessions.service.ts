import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';
import { CATALOG_VERSION_SQL } from '../catalog/catalog-version';
import { perDatabase } from '../db/prepared';
import { cartFiguresSql, headerColumnsSql, headerFigures, type FiguresRow, type HeaderFigures } from '../cart/cart-summary.service';
/** How long a session lives after its last write. */
export const SESSION_DAYS = 30;

const DAY_MS = 86_400_000;

export interface SessionRow {
  /** False once the row's time is up: it then reads as anonymous, but it (and its cart) still exists. */
  live: boolean;
  userId: number | null;
  /** The signed-in user's login e-mail; null for anonymous sessions. */
  email: string | null;
  roles: string[];
}

interface RawRow {
  catalog_version: number | null;
  /** Null when no row is kept under the hash. */
  live: number | null;
  user_id: number | null;
  email: string | null;
  roles: string | null;
}

/** The header's columns, when the statement read them, with the connection's write count. */
type FigureColumns = FiguresRow & { writes: number };

/** A page header's figures as a request began, and the connection's write count then (cart-summary.service.ts writesSoFar). */
export interface FiguresAsBegun {
  figures: HeaderFigures;
  writes: number;
}

const existence = perDatabase((db: Db) => db.$client.prepare<[string], number>('SELECT 1 FROM sessions WHERE id_hash = ?').pluck());

/** Whether a row (expired or not) is kept under a session id hash: maybe a cart or a user. */
export function sessionExists(db: Db, hash: string): boolean {
  return existence(db).get(hash) !== undefined;
}

const SESSION_COLUMNS = `(${CATALOG_VERSION_SQL}) AS catalog_version, s.expires_at > ? AS live, s.user_id AS user_id, u.email AS email, u.roles AS roles`;
const SESSION_ROWS = `FROM (SELECT 1)
       LEFT JOIN sessions s ON s.id_hash = ?
       LEFT JOIN users u ON u.id = s.user_id AND u.deleted_at IS NULL`;

/**
 * The session row (expired ones too, flagged: a cart may still be kept under them) and, when signed
 * in and not expired, its user, beside the catalogue version: the one statement a request with a
 * cookie begins with. A request that draws a page header reads its figures in it too (the cart in
 * this shop, the user's unread messages); an API call does not pay for them. Every statement is a
 * read transaction of its own, and its locks cost more here than any of these look-ups
 * (docs/decisions/270). A deleted user (tombstoned) reads as anonymous.
 */
const lookups = perDatabase((db: Db) => ({
  session: db.$client.prepare<[number, string], RawRow>(`SELECT ${SESSION_COLUMNS} ${SESSION_ROWS}`),
  withHeader: db.$client.prepare<[number, string, string, number], RawRow & FigureColumns>(
    `SELECT ${SESSION_COLUMNS}, total_changes() AS writes, ${headerColumnsSql('u.id')}
       ${SESSION_ROWS}
      CROSS JOIN (${cartFiguresSql('?', '?')}) AS cart`,
  ),
}));

/**
 * The catalogue version and the session kept under a session id hash: no session at all means
 * nothing is stored under the id (carts reference the row, ON DELETE CASCADE), so callers can skip
 * the cart look-up. With `headerShop`, the shop whose page header the request draws, a kept
 * session comes with its header's figures as they were.
 */
export function findSession(
  db: Db,
  hash: string,
  now: Date,
  headerShop: number | null = null,
): { catalogVersion: number; session: SessionRow | undefined; header?: FiguresAsBegun } {
  const row: (RawRow & Partial<FigureColumns>) | undefined =
    headerShop === null ? lookups(db).session.get(now.getTime(), hash) : lookups(db).withHeader.get(now.getTime(), hash, hash, headerShop);
  const catalogVersion = row?.catalog_version ?? 0;
  if (!row || row.live === null) return { catalogVersion, session: undefined };
  const signedIn = row.live === 1 && row.user_id !== null && row.email !== null;
  let header: FiguresAsBegun | undefined;
  if (headerShop !== null) {
    header = { figures: headerFigures(row as FigureColumns), writes: row.writes! };
    // An expired session's user is not signed in: their messages are not counted in its header.
    if (!signedIn) header.figures.unread = 0;
  }
  if (!signedIn) return { catalogVersion, session: { live: row.live === 1, userId: null, email: null, roles: [] }, header };
  let roles: string[] = [];
  try {
    const parsed: unknown = JSON.parse(row.roles ?? '[]');
    if (Array.isArray(parsed)) roles = parsed.filter((r): r is string => typeof r === 'string');
  } catch {
    roles = [];
  }
  return { catalogVersion, session: { live: true, userId: row.user_id, email: row.email!, roles }, header };
}

/** Creates the row behind a session id the first time something is stored under it. */
export function ensureSession(db: Db, hash: string, now: Date): void {
  db.insert(sessions)
    .values({ idHash: hash, createdAt: now, expiresAt: new Date(now.getTime() + SESSION_DAYS * DAY_MS) })
    .onConflictDoUpdate({ target: sessions.idHash, set: { expiresAt: sql`excluded.expires_at` } })
    .run();
}

/**
 * Sign-in: a new id replaces the old one (session fixation), the anonymous cart moves along, and
 * the old row is deleted, so a cookie captured before sign-in never becomes a signed-in one.
 */
export function rotateSession(db: Db, oldHash: string, newHash: string, userId: number, now: Date): void {
  const sqlite = db.$client;
  sqlite
    .transaction(() => {
      sqlite
        .prepare('INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)')
        .run(newHash, userId, now.getTime(), now.getTime() + SESSION_DAYS * DAY_MS);
      sqlite.prepare('UPDATE carts SET session_hash = ? WHERE session_hash = ?').run(newHash, oldHash);
      sqlite.prepare('DELETE FROM sessions WHERE id_hash = ?').run(oldHash);
    })
    .immediate();
}

/**
 * Sign-out: the row goes, and with it (ON DELETE CASCADE) whatever cart is still kept under it — the
 * next person at a shared computer must not see it. A signed-in user's cart is parked first
 * (cart-owner.service.ts parkCart) so their next sign-in finds it.
 */
export function destroySession(db: Db, hash: string): void {
  db.$client.prepare('DELETE FROM sessions WHERE id_hash = ?').run(hash);
}

/** Every session of a user (password reset, account deletion). */
export function destroyUserSessions(db: Db, userId: number): number {
  return db.$client.prepare('DELETE FROM sessions WHERE user_id = ?').run(userId).changes;
}

export function deleteExpiredSessions(db: Db, now: Date): number {
  return db.delete(sessions).where(lt(sessions.expiresAt, now)).run().changes;
}

/** How long after a sign-in it counts as fresh proof that the owner is at the keyboard. */
export const RECENT_SIGN_IN_MS = 10 * 60 * 1000;

/**
 * Whether this session was signed in within RECENT_SIGN_IN_MS: a sign-in writes a new session row
 * (rotateSession), so the row's creation is the moment of the sign-in.
 */
export function signedInRecently(db: Db, hash: string, now: Date): boolean {
  const row = db.$client.prepare<[string], { created_at: number }>('SELECT created_at FROM sessions WHERE id_hash = ? AND user_id IS NOT NULL').get(hash);
  return row !== undefined && now.getTime() - row.created_at <= RECENT_SIGN_IN_MS;
}
