import { Hono } from 'hono';
import type { AppEnv } from '../http/env';
import { clearSessionCookie } from '../http/session';
import type { Render } from '../render/renderer';
import { deleteAccount, exportUserData, getUser } from './accounts.service';
import { readFields } from './auth.service';
import type { AccountLimits } from './limits';
import { verifyPassword } from './password';
import { requireUser } from './roles';

/**
 * Privacy: the /obnova data wipe, POST /api/clear, the personal-data download and account deletion.
 * Nothing here is logged: the wipe's payload is read and dropped.
 */
export function privacyPages(render: Render, limits: AccountLimits) {
  const app = new Hono<AppEnv>();

  app.get('/obnova', (c) => render(c, 'pages/account/wipe', {}, { title: c.get('i18n')._('Vymazanie údajov v prehliadači'), noStore: true }));

  // Spec 7: multipart with the field localStorage. Consumed so the client's request completes; not stored, not logged.
  app.post('/api/clear', async (c) => {
    await c.req.parseBody().catch(() => ({}));
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
    const fields = await readFields(c);
    const user = getUser(db, c.get('session').userId!)!;
    const password = typeof fields.password === 'string' ? fields.password : '';
    // The password confirms it is the owner at the keyboard; counted like a sign-in attempt.
    const wait = limits.signIn.take(c, user.email);
    const ok = wait === 0 && (await verifyPassword(password, user.passwordHash));
    if (!ok) {
      const i18n = c.get('i18n');
      const detail = wait > 0 ? i18n._('Príliš veľa pokusov. Skúste to znova o {seconds} s.', { seconds: wait }) : i18n._('Nesprávne heslo. Konto sme nezrušili.');
      return render(c, 'pages/account/delete-failed', { detail }, { title: i18n._('Zrušiť konto'), noStore: true, status: wait > 0 ? 429 : 400 });
    }
    deleteAccount(db, user.id, clock.now());
    clearSessionCookie(c, config);
    return c.redirect('/', 303);
  });

  return app;
}
