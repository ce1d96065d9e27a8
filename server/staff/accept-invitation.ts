import type { Db } from '../db/client';
import { hashPassword } from '../accounts/password';
import { weakPasswordMessage } from '../accounts/password-policy';
import { audited } from '../admin/audit';
import { msg } from '../i18n/msg';
import { invitationByToken, useInvitation, type Invitation } from './invitations.service';
import { replaceRecoveryCodes } from './recovery-codes';
import { startSignedIn } from './staff-sessions.service';
import { insertStaff, staffEmailTaken, takeTotpStep } from './staff.service';
import { totpStep } from './totp';

export const CODE_WRONG = msg('Kód nesedí. Skontrolujte, či aplikácia načítala tento QR kód a čas v telefóne.');
export const INVITATION_GONE = msg('Táto pozvánka už neplatí. Požiadajte administrátora o novú.');
export const ALREADY_STAFF = msg('Tento e-mail už v administrácii je.');

export type Accepted = { ok: true; sessionId: string; recoveryCodes: string[]; staffId: number } | { ok: false; errors: Record<string, string>; gone?: boolean };

/**
 * Accepting an invitation: the password is checked against the common-password list, the first code
 * proves the app holds the secret; then, in one transaction, the invitation is used up (a replayed
 * form finds it used), the member is created with the step of that code spent, recovery codes are
 * made and the audit log records who joined. Answers the session and the codes to show once.
 */
export async function acceptInvitation(
  db: Db,
  input: { token: string; name: string; password: string; code: string; now: Date; requestId: string | null },
): Promise<Accepted> {
  const found = invitationByToken(db, input.token, input.now);
  if (found.state !== 'open') return { ok: false, gone: true, errors: { _form: INVITATION_GONE } };
  const invitation = found.invitation as Invitation;
  const weak = await weakPasswordMessage(input.password, invitation.email);
  if (weak) return { ok: false, errors: { password: weak } };
  const step = totpStep(invitation.totpSecret, input.code, input.now);
  if (step === null) return { ok: false, errors: { code: CODE_WRONG } };
  const passwordHash = await hashPassword(input.password);
  const actor = { staffId: null, actor: invitation.email, requestId: input.requestId };
  return audited<Accepted>(db, actor, input.now, () => {
    if (staffEmailTaken(db, invitation.email)) return { value: { ok: false as const, errors: { _form: ALREADY_STAFF } }, audit: null };
    if (!useInvitation(db, invitation.tokenHash, input.now)) return { value: { ok: false as const, gone: true, errors: { _form: INVITATION_GONE } }, audit: null };
    const staffId = insertStaff(db, { email: invitation.email, name: input.name, role: invitation.role, passwordHash, totpSecret: invitation.totpSecret, now: input.now });
    takeTotpStep(db, staffId, step);
    const recoveryCodes = replaceRecoveryCodes(db, staffId);
    const sessionId = startSignedIn(db, staffId, input.now);
    return {
      value: { ok: true as const, sessionId, recoveryCodes, staffId },
      audit: { section: 'staff', action: 'staff.joined', subject: invitation.email, after: { name: input.name, role: invitation.role, invitedBy: invitation.invitedBy } },
    };
  });
}
