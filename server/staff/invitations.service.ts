import { hash, randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import type { StaffRole } from '../db/schema';
import { newTotpSecret } from './totp';

/**
 * Invitations to the back office: a link with 32 random bytes, stored as SHA-256, usable once and for
 * three days. Accepting one (server/staff/invitation.pages.ts) sets the password, confirms the
 * TOTP enrolment with a code and marks the invitation used, in one transaction.
 */
export const INVITATION_DAYS = 3;
export const INVITATION_PATH = '/admin/pozvanka';
export const INVITATION_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export interface Invitation {
  tokenHash: string;
  email: string;
  role: StaffRole;
  totpSecret: string;
  invitedBy: number | null;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
  revokedAt: number | null;
}

const hashToken = (token: string) => hash('sha256', `invite:${token}`, 'base64url');

const COLUMNS = `token_hash AS tokenHash, email, role, totp_secret AS totpSecret, invited_by AS invitedBy, created_at AS createdAt,
  expires_at AS expiresAt, used_at AS usedAt, revoked_at AS revokedAt`;

const sql = perDatabase((db: Db) => {
  const s = db.$client;
  return {
    insert: s.prepare<[string, string, StaffRole, string, number | null, number, number]>(
      'INSERT INTO staff_invitations (token_hash, email, role, totp_secret, invited_by, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    byHash: s.prepare<[string], Invitation>(`SELECT ${COLUMNS} FROM staff_invitations WHERE token_hash = ?`),
    pending: s.prepare<[number], Invitation>(
      `SELECT ${COLUMNS} FROM staff_invitations WHERE used_at IS NULL AND revoked_at IS NULL AND expires_at > ? ORDER BY created_at DESC`,
    ),
    use: s.prepare<[number, string, number]>('UPDATE staff_invitations SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND revoked_at IS NULL AND expires_at > ?'),
    revoke: s.prepare<[number, string]>('UPDATE staff_invitations SET revoked_at = ? WHERE token_hash = ? AND used_at IS NULL AND revoked_at IS NULL'),
    // An earlier open invitation of the same address stops working when a new one is sent.
    supersede: s.prepare<[number, string]>('UPDATE staff_invitations SET revoked_at = ? WHERE email = ? AND used_at IS NULL AND revoked_at IS NULL'),
  };
});

/** A new invitation; answers the token for the link (shown or mailed once, never stored). */
export function createInvitation(db: Db, input: { email: string; role: StaffRole; invitedBy: number | null; now: Date }): { token: string; invitation: Invitation } {
  const token = randomBytes(32).toString('base64url');
  const key = hashToken(token);
  const now = input.now.getTime();
  sql(db).supersede.run(now, input.email);
  sql(db).insert.run(key, input.email, input.role, newTotpSecret(), input.invitedBy, now, now + INVITATION_DAYS * 86_400_000);
  return { token, invitation: sql(db).byHash.get(key)! };
}

export type InvitationState = 'open' | 'used' | 'expired' | 'revoked' | 'unknown';

/** The invitation behind a link and whether it still works. */
export function invitationByToken(db: Db, token: string, now: Date): { state: InvitationState; invitation?: Invitation } {
  if (!INVITATION_TOKEN.test(token)) return { state: 'unknown' };
  const invitation = sql(db).byHash.get(hashToken(token));
  if (!invitation) return { state: 'unknown' };
  if (invitation.usedAt !== null) return { state: 'used', invitation };
  if (invitation.revokedAt !== null) return { state: 'revoked', invitation };
  if (invitation.expiresAt <= now.getTime()) return { state: 'expired', invitation };
  return { state: 'open', invitation };
}

/** Uses the invitation up: true for exactly one caller, so a replayed form creates nobody twice. */
export function useInvitation(db: Db, tokenHash: string, now: Date): boolean {
  return sql(db).use.run(now.getTime(), tokenHash, now.getTime()).changes === 1;
}

export function pendingInvitations(db: Db, now: Date): Invitation[] {
  return sql(db).pending.all(now.getTime());
}

export function revokeInvitation(db: Db, tokenHash: string, now: Date): boolean {
  return sql(db).revoke.run(now.getTime(), tokenHash).changes === 1;
}

export function invitationLink(origin: string, token: string): string {
  return `${origin}${INVITATION_PATH}/${token}`;
}
