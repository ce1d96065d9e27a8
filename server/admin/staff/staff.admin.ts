import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { msg } from '../../i18n/msg';
import { pendingInvitations } from '../../staff/invitations.service';
import { inviteStaff, revokeStaffInvitation, setMemberDisabled } from '../../staff/staff-access.service';
import { listStaff } from '../../staff/staff.service';
import { inviteSchema } from '../../staff/staff.schemas';
import { actorOf } from '../audit';
import type { AdminEnv } from '../env';
import { checkForm, formFields, noticeOf } from '../form';
import type { AdminRender } from '../render';

export const STAFF_PATH = '/admin/pristupy';
const NOTICES = {
  invited: msg('Pozvánka odišla e-mailom. Platí tri dni.'),
  revoked: msg('Pozvánka je zrušená.'),
  disabled: msg('Prístup je vypnutý a všetky prihlásenia toho človeka skončili.'),
  enabled: msg('Prístup je znova zapnutý.'),
};

/** /admin/pristupy: the staff, open invitations, a form to invite someone, and switching a member off or on. */
export function staffAdmin(render: AdminRender) {
  const app = new Hono<AdminEnv>();

  const page = (c: Context<AdminEnv>, state: { values?: Record<string, string>; errors?: Record<string, string>; formError?: string; status?: ContentfulStatusCode } = {}) => {
    const { db, clock } = c.get('deps');
    const i18n = c.get('i18n');
    return render(
      c,
      'staff',
      {
        members: listStaff(db),
        invitations: pendingInvitations(db, clock.now()),
        me: c.get('staff')!.id,
        values: state.values ?? { role: 'ROLE_EDITOR' },
        errors: state.errors ?? {},
        formError: state.formError ?? null,
        notice: noticeOf(c, NOTICES),
        roleOptions: [['ROLE_EDITOR', i18n._('Redaktor')], ['ROLE_ADMIN', i18n._('Administrátor')]],
      },
      { title: i18n._('Prístupy'), status: state.status },
    );
  };

  app.get(STAFF_PATH, (c) => page(c));

  app.post(`${STAFF_PATH}/pozvat`, async (c) => {
    const { db, clock } = c.get('deps');
    const fields = await formFields(c);
    const values = { email: (fields.email ?? '').slice(0, 254), role: fields.role ?? '' };
    const checked = checkForm(inviteSchema, fields, c.get('i18n'));
    if (!checked.ok) return page(c, { values, errors: checked.errors, status: 400 });
    const result = inviteStaff(db, actorOf(c), { ...checked.data, now: clock.now(), mail: { shopId: c.get('shop').id, locale: c.get('locale') } });
    if (!result.ok) return page(c, { values, errors: { [result.field ?? 'email']: c.get('i18n')._(result.error) }, status: 409 });
    return c.redirect(`${STAFF_PATH}?ok=invited`, 303);
  });

  app.post(`${STAFF_PATH}/pozvanky/:hash{[A-Za-z0-9_-]{43}}/zrusit`, (c) => {
    const { db, clock } = c.get('deps');
    revokeStaffInvitation(db, actorOf(c), c.req.param('hash'), clock.now());
    return c.redirect(`${STAFF_PATH}?ok=revoked`, 303);
  });

  app.post(`${STAFF_PATH}/:id{[0-9]{1,9}}/:switch{vypnut|zapnut}`, (c) => {
    const { db, clock } = c.get('deps');
    const disabled = c.req.param('switch') === 'vypnut';
    const result = setMemberDisabled(db, actorOf(c), Number(c.req.param('id')), disabled, clock.now());
    if (!result.ok) return page(c, { formError: c.get('i18n')._(result.error), status: 409 });
    return c.redirect(`${STAFF_PATH}?ok=${disabled ? 'disabled' : 'enabled'}`, 303);
  });

  return app;
}
