import type { Db } from '../db/client';
import { dummyVerify, verifyPassword } from '../accounts/password';
import { msg } from '../i18n/msg';
import { audited, type Actor } from '../admin/audit';
import { looksLikeRecoveryCode, useRecoveryCode } from './recovery-codes';
import { completeSignIn, startSecondFactor } from './staff-sessions.service';
import { staffCredentials, staffForSignIn, takeTotpStep } from './staff.service';
import { totpStep } from './totp';

export const WRONG_CREDENTIALS = msg('Nesprávny e-mail alebo heslo.');
export const WRONG_CODE = msg('Kód nie je správny alebo už bol použitý.');

/** A right password: the id of a session that waits for the second factor. Null: wrong e-mail or password (one answer for both). */
export async function checkPassword(db: Db, email: string, password: string, now: Date): Promise<{ sessionId: string; staffId: number } | null> {
  const member = email ? staffForSignIn(db, email) : undefined;
  if (!member) {
    // The same scrypt work as a real check: the answer's timing does not tell who is on the staff.
    await dummyVerify(password);
    return null;
  }
  if (!(await verifyPassword(password, member.passwordHash))) return null;
  return { sessionId: startSecondFactor(db, member.id, now), staffId: member.id };
}

/**
 * The second factor: a TOTP code for a step later than the last one used, or an unused recovery
 * code. Passing replaces the waiting session with a signed-in one (new id) and is recorded in the
 * audit log, with the kind of code, in the same transaction. Null: the code did not pass.
 */
export function checkSecondFactor(db: Db, input: { staffId: number; sessionHash: string; code: string; now: Date; requestId: string | null }): string | null {
  const member = staffCredentials(db, input.staffId);
  if (!member) return null;
  const actor: Actor = { staffId: member.id, actor: member.email, requestId: input.requestId };
  return audited(db, actor, input.now, () => {
    let method: 'totp' | 'recovery-code' | null = null;
    if (looksLikeRecoveryCode(input.code)) {
      if (useRecoveryCode(db, member.id, input.code, input.now)) method = 'recovery-code';
    } else {
      const step = totpStep(member.totpSecret, input.code, input.now);
      if (step !== null && takeTotpStep(db, member.id, step)) method = 'totp';
    }
    if (method === null) return { value: null, audit: null };
    const sessionId = completeSignIn(db, input.sessionHash, member.id, input.now);
    return { value: sessionId, audit: { section: 'sign-in', action: 'staff.signed-in', subject: member.email, after: { method } } };
  });
}
