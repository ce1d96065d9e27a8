import { Hono, type Context } from 'hono';
import type { AdminEnv } from '../admin/env';
import { checkForm, formFields, noticeOf } from '../admin/form';
import { STAFF_SIGN_IN } from '../admin/guard';
import type { AdminRender } from '../admin/render';
import { ADMIN_ROOT } from '../admin/sections';
import { TOO_MANY_ATTEMPTS } from '../http/rate-limit';
import { localPath } from '../http/redirect';
import { msg } from '../i18n/msg';
import { checkPassword, checkSecondFactor, WRONG_CODE, WRONG_CREDENTIALS } from './sign-in.service';
import type { StaffLimits } from './staff-limits';
import { clearStaffCookie, writeStaffCookie } from './staff-session';
import { endStaffSession } from './staff-sessions.service';
import { secondFactorSchema, staffSignInSchema } from './staff.schemas';

const SECOND_FACTOR = `${STAFF_SIGN_IN}/overenie`;
const NOTICES = {
  'signed-out': msg('Boli ste odhlásení.'),
  again: msg('Prihláste sa znova: čas na zadanie kódu vypršal alebo ste ho zadali priveľakrát zle.'),
};

/** Where to go after signing in: a back-office path the member asked for, else the dashboard. */
const backTo = (value: unknown) => {
  const path = localPath(value, ADMIN_ROOT);
  return path === ADMIN_ROOT || path.startsWith(`${ADMIN_ROOT}/`) ? path : ADMIN_ROOT;
};

/**
 * /admin/prihlasenie: e-mail and password, then /admin/prihlasenie/overenie: a code from the
 * authenticator app or a recovery code; plain forms (post/redirect/get), the e-mail kept on error,
 * never the password. /admin/odhlasenie ends the session.
 */
export function signInPages(render: AdminRender, limits: StaffLimits) {
  const app = new Hono<AdminEnv>();
  const title = (c: Context<AdminEnv>) => c.get('i18n')._('Prihlásenie do administrácie');

  const signInForm = (c: Context<AdminEnv>, view: { email?: string; formError?: string | null; r?: string; status?: 400 | 429 }) =>
    render(c, 'sign-in', { email: view.email ?? '', formError: view.formError ?? null, notice: noticeOf(c, NOTICES), r: view.r ?? backTo(c.req.query('r')) }, { title: title(c), status: view.status });

  app.get(STAFF_SIGN_IN, (c) => {
    const staff = c.get('staff');
    if (staff?.verified) return c.redirect(backTo(c.req.query('r')), 303);
    if (staff) return c.redirect(`${SECOND_FACTOR}?r=${encodeURIComponent(backTo(c.req.query('r')))}`, 303);
    return signInForm(c, {});
  });

  app.post(STAFF_SIGN_IN, async (c) => {
    const { db, config, clock } = c.get('deps');
    const i18n = c.get('i18n');
    const fields = await formFields(c);
    const r = backTo(fields.r);
    const form = checkForm(staffSignInSchema, fields, i18n);
    const input = form.ok ? form.data : { email: '', password: '' };
    const wait = limits.signIn.take(c, input.email);
    if (wait > 0) return signInForm(c, { email: input.email, r, status: 429, formError: i18n._(TOO_MANY_ATTEMPTS, { seconds: wait }) });
    const passed = await checkPassword(db, input.email, input.password, clock.now());
    if (!passed) return signInForm(c, { email: input.email, r, status: 400, formError: i18n._(WRONG_CREDENTIALS) });
    writeStaffCookie(c, config, passed.sessionId);
    return c.redirect(`${SECOND_FACTOR}?r=${encodeURIComponent(r)}`, 303);
  });

  const codeForm = (c: Context<AdminEnv>, view: { formError?: string | null; r: string; status?: 400 | 429 }) =>
    render(c, 'second-factor', { formError: view.formError ?? null, r: view.r, errors: {} }, { title: title(c), status: view.status });

  app.get(SECOND_FACTOR, (c) => {
    const staff = c.get('staff');
    const r = backTo(c.req.query('r'));
    if (!staff) return c.redirect(`${STAFF_SIGN_IN}?r=${encodeURIComponent(r)}`, 303);
    if (staff.verified) return c.redirect(r, 303);
    return codeForm(c, { r });
  });

  app.post(SECOND_FACTOR, async (c) => {
    const { db, config, clock } = c.get('deps');
    const i18n = c.get('i18n');
    const staff = c.get('staff');
    const fields = await formFields(c);
    const r = backTo(fields.r);
    if (!staff || staff.verified) return c.redirect(staff ? r : `${STAFF_SIGN_IN}?r=${encodeURIComponent(r)}`, 303);
    if (limits.secondFactor.take(c, `staff:${staff.id}`) > 0) {
      // Past the limit the waiting session goes: the next try starts with the password again.
      endStaffSession(db, staff.sessionHash);
      clearStaffCookie(c, config);
      return c.redirect(`${STAFF_SIGN_IN}?ok=again&r=${encodeURIComponent(r)}`, 303);
    }
    const form = checkForm(secondFactorSchema, fields, i18n);
    if (!form.ok) return codeForm(c, { r, status: 400, formError: form.errors.code });
    const sessionId = checkSecondFactor(db, { staffId: staff.id, sessionHash: staff.sessionHash, code: form.data.code, now: clock.now(), requestId: c.get('requestId') });
    if (sessionId === null) return codeForm(c, { r, status: 400, formError: i18n._(WRONG_CODE) });
    writeStaffCookie(c, config, sessionId);
    return c.redirect(r, 303);
  });

  app.post('/admin/odhlasenie', (c) => {
    const { db, config } = c.get('deps');
    const staff = c.get('staff');
    if (staff) endStaffSession(db, staff.sessionHash);
    clearStaffCookie(c, config);
    return c.redirect(`${STAFF_SIGN_IN}?ok=signed-out`, 303);
  });

  return app;
}
