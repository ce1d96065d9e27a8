import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/env';
import type { Render } from '../render/renderer';
import { fieldErrors, newPasswordSchema, recoveryRequestSchema } from './accounts.schemas';
import { TOO_MANY } from './auth.service';
import { readBody } from '../http/body';
import type { AccountLimits } from './limits';
import { weakPasswordMessage } from './password-policy';
import { createResetToken, resetPassword, resetTokenUser } from './recovery.service';

/**
 * /obnovenie: request a link, then set a new password at /obnovenie/{token}. The answer to a request
 * is the same page whether the address has an account or not, and the mail is sent without waiting
 * for it, so neither the text nor the timing tells.
 */
export function recoveryPages(render: Render, limits: AccountLimits) {
  const app = new Hono<AppEnv>();
  const meta = (c: Context<AppEnv>, status: 200 | 400 | 429 = 200) => ({ title: c.get('i18n')._('Obnovenie hesla'), noStore: true, status });
  const tr = (c: Context<AppEnv>, errors: Record<string, string>) => Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, c.get('i18n')._(v)]));

  app.get('/obnovenie', (c) => render(c, 'pages/auth/recovery', { values: {}, errors: {}, sent: false, formError: null }, meta(c)));

  app.post('/obnovenie', async (c) => {
    const fields = await readBody(c);
    const parsed = recoveryRequestSchema.safeParse(fields);
    const typed = typeof fields.username === 'string' ? fields.username.slice(0, 254) : '';
    const wait = limits.recovery.take(c, parsed.success ? parsed.data.username : '');
    if (wait > 0) {
      c.header('Retry-After', String(wait));
      const formError = c.get('i18n')._(TOO_MANY, { seconds: wait });
      return render(c, 'pages/auth/recovery', { values: { username: typed }, errors: {}, sent: false, formError }, meta(c, 429));
    }
    if (!parsed.success) {
      return render(c, 'pages/auth/recovery', { values: { username: typed }, errors: tr(c, fieldErrors(parsed.error)), sent: false, formError: null }, meta(c, 400));
    }
    const { db, clock, mailer, logger } = c.get('deps');
    const found = createResetToken(db, parsed.data.username, clock.now());
    if (found) {
      const i18n = c.get('i18n');
      const link = `${c.get('shop').origin}/obnovenie/${found.token}`;
      const text = [
        i18n._('Dobrý deň,'),
        '',
        i18n._('niekto (dúfame, že vy) požiadal o nové heslo ku kontu v obchode {shop}. Nové heslo nastavíte na tejto adrese:', { shop: c.get('shop').name }),
        link,
        '',
        i18n._('Odkaz platí 1 hodinu a dá sa použiť iba raz. Ak ste o nové heslo nežiadali, tento e-mail ignorujte; vaše heslo sa nezmenilo.'),
      ].join('\n');
      // Not awaited: a slow mail server must not make a known address answer slower than an unknown one.
      void mailer.send({ to: found.email, subject: i18n._('Obnovenie hesla'), text }).catch((error: unknown) => logger.error('recovery mail failed', error));
    }
    return render(c, 'pages/auth/recovery', { values: {}, errors: {}, sent: true, formError: null }, meta(c));
  });

  const tokenPage = (c: Context<AppEnv>, view: Record<string, unknown>, status: 200 | 400 = 200) => {
    // The token is in the path; strict-origin-when-cross-origin (security-headers.ts) and the CSP's
    // same-origin-only sources keep it from leaving in a Referer.
    return render(c, 'pages/auth/recovery-reset', { errors: {}, action: c.req.path, ...view }, meta(c, status));
  };

  app.get('/obnovenie/:token', (c) => {
    const { db, clock } = c.get('deps');
    const valid = resetTokenUser(db, c.req.param('token'), clock.now()) !== null;
    return tokenPage(c, { state: valid ? 'form' : 'invalid' }, valid ? 200 : 400);
  });

  app.post('/obnovenie/:token', async (c) => {
    const { db, clock } = c.get('deps');
    const token = c.req.param('token');
    if (resetTokenUser(db, token, clock.now()) === null) return tokenPage(c, { state: 'invalid' }, 400);
    const parsed = newPasswordSchema.safeParse(await readBody(c));
    const errors = parsed.success ? {} : fieldErrors(parsed.error);
    if (parsed.success) {
      const weak = await weakPasswordMessage(parsed.data.password);
      if (weak) errors.password = weak;
    }
    if (!parsed.success || Object.keys(errors).length > 0) return tokenPage(c, { state: 'form', errors: tr(c, errors) }, 400);
    const done = await resetPassword(db, token, parsed.data.password, clock.now());
    return tokenPage(c, { state: done ? 'done' : 'invalid' }, done ? 200 : 400);
  });

  return app;
}
