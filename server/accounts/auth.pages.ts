import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/env';
import { localPath } from '../http/redirect';
import { clearSessionCookie } from '../http/session';
import type { Render } from '../render/renderer';
import { ROUTES } from '../render/routes';
import { destroySession } from '../sessions/sessions.service';
import { parkCart } from '../cart/cart-owner.service';
import { ACCOUNT_TYPES } from './accounts.schemas';
import { signInAttempt, signUpAttempt } from './auth.service';
import { readBody } from '../http/body';
import { referralParam } from './referral.service';
import type { AccountLimits } from './limits';
import { socialLinks } from './oauth.links';

const typeOf = (value: unknown) => (typeof value === 'string' && (ACCOUNT_TYPES as readonly string[]).includes(value) ? value : '');
const str = (value: unknown) => (typeof value === 'string' ? value.slice(0, 254) : '');

/** Sign-in, sign-up and sign-out as plain forms: they work without JavaScript and keep input on error (never passwords). */
export function authPages(render: Render, limits: AccountLimits) {
  const app = new Hono<AppEnv>();
  const noStore = { noStore: true } as const;

  const signInView = (c: Context<AppEnv>, extra: Record<string, unknown> = {}) => {
    const i18n = c.get('i18n');
    const notice =
      c.req.query('registrovany') === '1'
        ? i18n._('Registrácia prebehla úspešne. Teraz sa môžete prihlásiť.')
        : null;
    const r = localPath(c.req.query('r'), '');
    return { values: {}, formError: null, notice, r, type: typeOf(c.req.query('type')), social: socialLinks(c, r), ...extra };
  };

  app.get(ROUTES.signIn, (c) => {
    if (c.get('session').userId !== null) return c.redirect(localPath(c.req.query('r'), ROUTES.account), 303);
    return render(c, 'pages/auth/sign-in', signInView(c), { title: c.get('i18n')._('Prihlásenie'), ...noStore });
  });

  app.post(ROUTES.signIn, async (c) => {
    const fields = await readBody(c);
    const outcome = await signInAttempt(c, limits, fields);
    if (outcome.ok) return c.redirect(localPath(fields.r, ROUTES.account), 303);
    const view = signInView(c, {
      values: { username: str(fields.username) },
      formError: c.get('i18n')._(outcome.detail, outcome.values),
      r: localPath(fields.r, ''),
      type: typeOf(fields.type),
      notice: null,
    });
    return render(c, 'pages/auth/sign-in', view, { title: c.get('i18n')._('Prihlásenie'), status: outcome.status, ...noStore });
  });

  const signUpView = (c: Context<AppEnv>, values: Record<string, string>, errors: Record<string, string> = {}, formError: string | null = null) => {
    const i18n = c.get('i18n');
    return {
      values,
      errors: Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, i18n._(v)])),
      formError,
      social: socialLinks(c, ''),
      types: [
        { value: 'consumer', label: i18n._('Zákazník') },
        { value: 'wholesale', label: i18n._('Veľkoobchod') },
        { value: 'seller', label: i18n._('Predajca') },
      ],
    };
  };

  app.get(ROUTES.signUp, (c) => {
    if (c.get('session').userId !== null) return c.redirect(ROUTES.account, 303);
    const view = signUpView(c, { type: typeOf(c.req.query('type')) || 'consumer', ref: referralParam(c.req.query('ref')) });
    return render(c, 'pages/auth/sign-up', view, { title: c.get('i18n')._('Registrácia'), ...noStore });
  });

  app.post(ROUTES.signUp, async (c) => {
    const fields = await readBody(c);
    const outcome = await signUpAttempt(c, limits, fields);
    if (outcome.ok) {
      const type = outcome.value.type === 'consumer' ? '' : `&type=${outcome.value.type}`;
      return c.redirect(`${ROUTES.signIn}?registrovany=1${type}`, 303);
    }
    const values = { username: str(fields.username), phone: str(fields.phone), type: typeOf(fields.type) || 'consumer', ref: referralParam(fields.ref) };
    const formError = outcome.status === 429 ? c.get('i18n')._(outcome.detail, outcome.values) : null;
    const view = signUpView(c, values, outcome.errors ?? {}, formError);
    return render(c, 'pages/auth/sign-up', view, { title: c.get('i18n')._('Registrácia'), status: outcome.status, ...noStore });
  });

  // GET only shows a button: a link or an image on a foreign page must not sign anyone out.
  app.get(ROUTES.signOut, (c) => {
    if (c.get('session').userId === null) return c.redirect(ROUTES.home, 303);
    return render(c, 'pages/auth/sign-out', {}, { title: c.get('i18n')._('Odhlásenie'), ...noStore });
  });

  app.post(ROUTES.signOut, (c) => {
    const { db, config, clock } = c.get('deps');
    // The user's cart is parked for their next sign-in, not left in this browser (docs/decisions/121).
    db.$client
      .transaction(() => {
        parkCart(db, c.get('session').hash, clock.now());
        destroySession(db, c.get('session').hash);
      })
      .immediate();
    clearSessionCookie(c, config);
    return c.redirect(ROUTES.home, 303);
  });

  return app;
}
