import type { Db } from '../db/client';
import type { StaffRole } from '../db/schema';
import { msg } from '../i18n/msg';
import { queueMail } from '../mail/outbox';
import { audited, type Actor } from '../admin/audit';
import { createInvitation, revokeInvitation } from './invitations.service';
import { STAFF_MAIL } from './staff-mails';
import { LastAdminError, setStaffDisabled, staffEmailTaken, staffMember } from './staff.service';

/**
 * Who gets into the back office: invitations (by mail from the back office, printed by the first
 * admin's command), revoking them, and disabling or enabling a member. Every step is audited in its
 * own transaction; the invitation's mail is queued in it too (decision 209).
 */
export const ALREADY_STAFF = msg('Tento e-mail už v administrácii je.');
export const LAST_ADMIN = msg('Posledného aktívneho administrátora nemožno vypnúť.');
export const NOT_YOURSELF = msg('Sami seba vypnúť nemôžete.');

export type AccessResult = { ok: true; token?: string } | { ok: false; error: string; field?: string };

export function inviteStaff(
  db: Db,
  actor: Actor,
  input: { email: string; role: StaffRole; now: Date; mail?: { shopId: number; locale: string } },
): AccessResult {
  return audited<AccessResult>(db, actor, input.now, () => {
    if (staffEmailTaken(db, input.email)) return { value: { ok: false, error: ALREADY_STAFF, field: 'email' }, audit: null };
    const { token, invitation } = createInvitation(db, { email: input.email, role: input.role, invitedBy: actor.staffId, now: input.now });
    if (input.mail) {
      queueMail(db, STAFF_MAIL.invitation, { token, email: input.email, role: input.role, shop: input.mail.shopId, locale: input.mail.locale, expires: invitation.expiresAt }, input.now);
    }
    return {
      value: { ok: true, token },
      audit: { section: 'staff', action: 'staff.invited', subject: input.email, after: { role: input.role, expiresAt: invitation.expiresAt } },
    };
  });
}

export function revokeStaffInvitation(db: Db, actor: Actor, tokenHash: string, now: Date): boolean {
  return audited(db, actor, now, () => {
    const invitation = db.$client.prepare<[string], { email: string }>('SELECT email FROM staff_invitations WHERE token_hash = ?').get(tokenHash);
    if (!invitation || !revokeInvitation(db, tokenHash, now)) return { value: false, audit: null };
    return { value: true, audit: { section: 'staff', action: 'staff.invitation-revoked', subject: invitation.email } };
  });
}

export function setMemberDisabled(db: Db, actor: Actor, staffId: number, disabled: boolean, now: Date): AccessResult {
  if (disabled && staffId === actor.staffId) return { ok: false, error: NOT_YOURSELF };
  return audited<AccessResult>(db, actor, now, () => {
    const before = staffMember(db, staffId);
    if (!before || (before.disabledAt !== null) === disabled) return { value: { ok: true }, audit: null };
    try {
      setStaffDisabled(db, staffId, disabled, now);
    } catch (error) {
      if (error instanceof LastAdminError) return { value: { ok: false, error: LAST_ADMIN }, audit: null };
      throw error;
    }
    return {
      value: { ok: true },
      audit: { section: 'staff', action: disabled ? 'staff.disabled' : 'staff.enabled', subject: before.email, before: { disabledAt: before.disabledAt }, after: { disabledAt: staffMember(db, staffId)!.disabledAt } },
    };
  });
}
