import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import type { StaffRole } from '../db/schema';
import { endSessionsOf } from './staff-sessions.service';

/** A staff member as the back office lists them (never the password hash or the secret). */
export interface StaffMember {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  disabledAt: number | null;
  createdAt: number;
}

export interface StaffCredentials {
  id: number;
  email: string;
  passwordHash: string;
  totpSecret: string;
  totpLastStep: number;
}

const MEMBER = 'id, email, name, role, disabled_at AS disabledAt, created_at AS createdAt';

const sql = perDatabase((db: Db) => {
  const s = db.$client;
  return {
    byEmail: s.prepare<[string], StaffCredentials>(
      'SELECT id, email, password_hash AS passwordHash, totp_secret AS totpSecret, totp_last_step AS totpLastStep FROM staff WHERE email = ? AND disabled_at IS NULL',
    ),
    credentials: s.prepare<[number], StaffCredentials>(
      'SELECT id, email, password_hash AS passwordHash, totp_secret AS totpSecret, totp_last_step AS totpLastStep FROM staff WHERE id = ? AND disabled_at IS NULL',
    ),
    member: s.prepare<[number], StaffMember>(`SELECT ${MEMBER} FROM staff WHERE id = ?`),
    all: s.prepare<[], StaffMember>(`SELECT ${MEMBER} FROM staff ORDER BY disabled_at IS NOT NULL, name, id`),
    exists: s.prepare<[string], { id: number }>('SELECT id FROM staff WHERE email = ?'),
    insert: s.prepare<[string, string, StaffRole, string, string, number]>(
      'INSERT INTO staff (email, name, role, password_hash, totp_secret, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    // Conditional: a code's step is accepted only when later than the last one, so a code works once.
    takeStep: s.prepare<[number, number, number]>('UPDATE staff SET totp_last_step = ? WHERE id = ? AND totp_last_step < ?'),
    disable: s.prepare<[number | null, number]>('UPDATE staff SET disabled_at = ? WHERE id = ?'),
    activeAdmins: s.prepare<[], { n: number }>("SELECT COUNT(*) AS n FROM staff WHERE role = 'ROLE_ADMIN' AND disabled_at IS NULL"),
    count: s.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM staff'),
  };
});

/** Sign-in: an active member by e-mail (lower-cased by the schema). */
export function staffForSignIn(db: Db, email: string): StaffCredentials | undefined {
  return sql(db).byEmail.get(email);
}

export function staffCredentials(db: Db, id: number): StaffCredentials | undefined {
  return sql(db).credentials.get(id);
}

export function staffMember(db: Db, id: number): StaffMember | undefined {
  return sql(db).member.get(id);
}

export function listStaff(db: Db): StaffMember[] {
  return sql(db).all.all();
}

export function staffEmailTaken(db: Db, email: string): boolean {
  return sql(db).exists.get(email) !== undefined;
}

export function staffCount(db: Db): number {
  return sql(db).count.get()!.n;
}

/** Inserts a member; call inside the transaction that uses up their invitation. */
export function insertStaff(db: Db, input: { email: string; name: string; role: StaffRole; passwordHash: string; totpSecret: string; now: Date }): number {
  return Number(sql(db).insert.run(input.email, input.name, input.role, input.passwordHash, input.totpSecret, input.now.getTime()).lastInsertRowid);
}

/** Accepts a TOTP step for a member once: false when this or a later step was already used. */
export function takeTotpStep(db: Db, staffId: number, step: number): boolean {
  return sql(db).takeStep.run(step, staffId, step).changes === 1;
}

export class LastAdminError extends Error {}

/**
 * Disables (or enables again) a member; their sessions end at once. The last active admin cannot be
 * disabled: nobody could invite anyone again.
 */
export function setStaffDisabled(db: Db, id: number, disabled: boolean, now: Date): void {
  const member = sql(db).member.get(id);
  if (!member) return;
  if (disabled && member.role === 'ROLE_ADMIN' && member.disabledAt === null && sql(db).activeAdmins.get()!.n <= 1) throw new LastAdminError();
  sql(db).disable.run(disabled ? now.getTime() : null, id);
  if (disabled) endSessionsOf(db, id);
}
