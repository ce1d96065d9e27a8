import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { passwordResets } from '../db/schema';
import { destroyUserSessions } from '../sessions/sessions.service';
import { findUserByEmail, setPassword } from './accounts.service';

/** A recovery link works for one hour and once. */
export const RESET_TTL_MS = 60 * 60 * 1000;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * A token for the account with this e-mail, or null when there is none. Only the SHA-256 is stored,
 * so a leaked database holds no working link. The caller answers the same either way.
 */
export function createResetToken(db: Db, email: string, now: Date): { token: string; email: string } | null {
  const user = findUserByEmail(db, email);
  if (!user) return null;
  const token = randomBytes(32).toString('base64url');
  db.insert(passwordResets)
    .values({ tokenHash: hashToken(token), userId: user.id, expiresAt: new Date(now.getTime() + RESET_TTL_MS) })
    .run();
  return { token, email: user.email };
}

/** The user a live (unused, unexpired) token belongs to. */
export function resetTokenUser(db: Db, token: string, now: Date): number | null {
  if (!TOKEN_PATTERN.test(token)) return null;
  const row = db
    .select({ userId: passwordResets.userId })
    .from(passwordResets)
    .where(and(eq(passwordResets.tokenHash, hashToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
    .get();
  return row?.userId ?? null;
}

/**
 * Spends the token (a conditional update, so two concurrent submits cannot both succeed), sets the
 * password, voids the user's other tokens and signs out every session: whoever held the old
 * password is out.
 */
export async function resetPassword(db: Db, token: string, password: string, now: Date): Promise<boolean> {
  if (!TOKEN_PATTERN.test(token)) return false;
  const hash = hashToken(token);
  const claimed = db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.tokenHash, hash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
    .returning({ userId: passwordResets.userId })
    .get();
  if (!claimed) return false;
  await setPassword(db, claimed.userId, password);
  db.update(passwordResets).set({ usedAt: now }).where(and(eq(passwordResets.userId, claimed.userId), isNull(passwordResets.usedAt))).run();
  destroyUserSessions(db, claimed.userId);
  return true;
}
