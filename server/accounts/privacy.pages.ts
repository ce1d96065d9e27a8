import { Hono } from 'hono';
import type { AppEnv } from '../http/env';
import { clearSessionCookie } from '../http/session';
import type { Render } from '../render/renderer';
import { deleteAccount, exportUserData, getUser, normalizeEmail } from './accounts.service';
import { readBody } from '../http/body';
import type { AccountLimits } from './limits';
import { verifyPassword } from './password';
import { msg } from '../i18n/msg';
import { socialLinks } from './oauth.links';
import { signedInRecently } from '../sessions/sessions.service';
import { requireUser } from './roles';

/**
 * Privacy: the /obnova data wipe, POST /api/clear, the personal-data download and account deletion.
 * Nothing here is logged: the wipe's payload is read and dropped.
 */
export function privacyPages(render: Render, limits: AccountLimits) {
  const app = new Hono<AppEnv>();

  app.get('/obnova', (c) => render(c, 'pages/account/wipe', {}, { title: c.get('i18n')._('Vymazanie údajov v prehliadači'), noStore: true }));

  // Spec 7: multipart with the field localStorage. Read like every body (a broken one is a 400); not stored, not logged.
  app.post('/api/clear', async (c) => {
    await readBody(c);
    return c.body(null, 204);
  });

  app.get('/moje/udaje/export', requireUser, (c) => {
    const data = exportUserData(c.get('deps').db, c.get('session').userId!);
    c.header('Cache-Control', 'no-store');
    c.header('Content-Disposition', 'attachment; filename="moje-udaje.json"');
    return c.body(JSON.stringify(data, null, 2), 200, { 'Content-Type': 'application/json; charset=utf-8' });
  });

  app.post('/moje/zrusit-konto', requireUser, async (c) => {
    const { db, config, clock } = c.get('deps');
    const fields = await readBody(c);
    const user = getUser(db, c.get('session').userId!)!;
    const i18n = c.get('i18n');
    const refuse = (status: 400 | 403 | 429, detail: string, values: Record<string, unknown> = {}) =>
      render(
        c,
        'pages/account/delete-failed',
        // Refused for an old sign-in: the providers' links sign in again and come back here.
        { detail: i18n._(detail, values), social: status === 403 ? socialLinks(c, '/moje/udaje') : [] },
        { title: i18n._('Zrušiť konto'), noStore: true, status },
      );
    if (user.passwordHash === null) {
      // An account made through Google or Facebook has no password to confirm with (decision 198):
      // a sign-in in the last minutes stands in for it, and the typed e-mail shows the intent.
      if (!signedInRecently(db, c.get('session').hash, clock.now())) return refuse(403, msg('Konto bez hesla zrušíte do 10 minút po prihlásení. Prihláste sa znova a potom ho zrušte.'));
      const typed = typeof fields.email === 'string' ? normalizeEmail(fields.email) : '';
      if (typed !== user.email) return refuse(400, msg('E-mail sa nezhoduje s vaším kontom. Konto sme nezrušili.'));
    } else {
      const password = typeof fields.password === 'string' ? fields.password : '';
      // The password confirms it is the owner at the keyboard; counted like a sign-in attempt.
      const wait = limits.signIn.take(c, user.email);
      if (wait > 0) return refuse(429, msg('Príliš veľa pokusov. Skúste to znova o {seconds} s.'), { seconds: wait });
      if (!(await verifyPassword(password, user.passwordHash))) return refuse(400, msg('Nesprávne heslo. Konto sme nezrušili.'));
    }
    deleteAccount(db, user.id, clock.now());
    clearSessionCookie(c, config);
    return c.redirect('/', 303);
  });

  return app;
}
