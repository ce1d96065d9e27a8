import { Hono, type Context } from 'hono';
import QRCode from 'qrcode';
import type { AdminEnv } from '../admin/env';
import { checkForm, formFields } from '../admin/form';
import type { AdminRender } from '../admin/render';
import { acceptInvitation } from './accept-invitation';
import { INVITATION_PATH, invitationByToken, type Invitation, type InvitationState } from './invitations.service';
import { writeStaffCookie } from './staff-session';
import { acceptInvitationSchema } from './staff.schemas';
import { groupedSecret, totpUri } from './totp';

/**
 * /admin/pozvanka/{token}: the invitee chooses a name and a password, scans the QR code into an
 * authenticator app and confirms it with the first code; then the recovery codes are shown, once.
 * That answer is the one page here that is not a redirect after a post: the codes exist nowhere
 * else in plain text, and a reload finds the invitation used.
 */
export function invitationPages(render: AdminRender) {
  const app = new Hono<AdminEnv>();
  const path = `${INVITATION_PATH}/:token`;

  const gone = (c: Context<AdminEnv>, state: InvitationState) =>
    render(c, 'invitation-gone', { state }, { title: c.get('i18n')._('Pozvánka do administrácie'), status: state === 'unknown' ? 404 : 410 });

  const form = async (c: Context<AdminEnv>, invitation: Invitation, view: { values?: Record<string, string>; errors?: Record<string, string>; status?: 400 }) => {
    const uri = totpUri(invitation.totpSecret, invitation.email);
    return render(
      c,
      'invitation',
      {
        action: c.req.path,
        email: invitation.email,
        role: invitation.role,
        qr: await QRCode.toDataURL(uri, { margin: 1, width: 220 }),
        secret: groupedSecret(invitation.totpSecret),
        values: view.values ?? {},
        errors: view.errors ?? {},
        formError: view.errors?._form ?? null,
      },
      { title: c.get('i18n')._('Pozvánka do administrácie'), status: view.status },
    );
  };

  app.get(path, async (c) => {
    const found = invitationByToken(c.get('deps').db, c.req.param('token'), c.get('deps').clock.now());
    if (found.state !== 'open') return gone(c, found.state);
    return form(c, found.invitation!, {});
  });

  app.post(path, async (c) => {
    const { db, config, clock } = c.get('deps');
    const i18n = c.get('i18n');
    const token = c.req.param('token');
    const found = invitationByToken(db, token, clock.now());
    if (found.state !== 'open') return gone(c, found.state);
    const fields = await formFields(c);
    const values = { name: (fields.name ?? '').slice(0, 80) };
    const checked = checkForm(acceptInvitationSchema, fields, i18n);
    if (!checked.ok) return form(c, found.invitation!, { values, errors: checked.errors, status: 400 });
    const accepted = await acceptInvitation(db, { token, ...checked.data, now: clock.now(), requestId: c.get('requestId') });
    if (!accepted.ok) {
      if (accepted.gone) return gone(c, invitationByToken(db, token, clock.now()).state);
      const errors = Object.fromEntries(Object.entries(accepted.errors).map(([field, text]) => [field, i18n._(text)]));
      return form(c, found.invitation!, { values, errors, status: 400 });
    }
    writeStaffCookie(c, config, accepted.sessionId);
    // The member is signed in from here on: the page shows their menu.
    c.set('staff', { id: accepted.staffId, email: found.invitation!.email, name: checked.data.name, role: found.invitation!.role, sessionHash: '', verified: true });
    return render(c, 'recovery-codes', { codes: accepted.recoveryCodes, next: '/admin', first: true }, { title: i18n._('Kódy obnovy') });
  });

  return app;
}
