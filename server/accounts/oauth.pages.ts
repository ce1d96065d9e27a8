import { rememberVisitor } from '../http/session';
import { Hono, type Context } from 'hono';
import * as oidc from 'openid-client';
import type { OAuthProvider } from '../config';
import type { AppEnv, Clock } from '../http/env';
import { NotFoundError } from '../http/problem';
import { localPath } from '../http/redirect';
import { msg } from '../i18n/msg';
import type { Render } from '../render/renderer';
import { ROUTES } from '../render/routes';
import { startSignedInSession, TOO_MANY } from './auth.service';
import type { AccountLimits } from './limits';
import { PendingSignIns } from './oauth.pending';
import { isProvider, PROVIDER_NAMES, ProviderClients, SCOPES } from './oauth.providers';
import { accountForIdentity } from './oauth.service';
import { socialLinks } from './oauth.links';

export const STATE_FAILED = msg('Prihlásenie cez {provider} sa nepodarilo overiť: odkaz vypršal alebo už bol použitý. Skúste to znova.');
export const CANCELLED = msg('Prihlásenie cez {provider} bolo zrušené.');
export const FAILED = msg('Prihlásenie cez {provider} sa nepodarilo. Skúste to znova alebo sa prihláste e-mailom a heslom.');
export const UNAVAILABLE = msg('Prihlásenie cez {provider} je teraz nedostupné. Skúste to neskôr alebo sa prihláste e-mailom a heslom.');
export const UNVERIFIED = msg(
  '{provider} nepotvrdil, že váš e-mail je overený, preto vás nemôžeme prihlásiť. Overte si e-mail u {provider} alebo sa zaregistrujte e-mailom a heslom.',
);

type Status = 400 | 403 | 429 | 503;

/**
 * /connect/google and /connect/facebook (spec: social sign-in links), docs/decisions/130. Without
 * `code`, `state` or `error` the path starts a sign-in; with them it is the provider's callback, so
 * the one address the spec names is also the redirect URI registered at the provider. A provider
 * that is not configured answers 404.
 */
export function oauthPages(render: Render, limits: AccountLimits, clock: Clock) {
  const app = new Hono<AppEnv>();
  const pending = (c: Context<AppEnv>) => new PendingSignIns(c.get('deps').db, clock);
  let clients: ProviderClients | undefined;
  const clientFor = (c: Context<AppEnv>, provider: OAuthProvider) => (clients ??= new ProviderClients(c.get('deps').config)).get(provider);

  /** The sign-in page with the reason in the form's error box; nothing was changed. */
  const refuse = (c: Context<AppEnv>, provider: OAuthProvider, detail: string, status: Status, values: Record<string, unknown> = {}) => {
    const i18n = c.get('i18n');
    const view = {
      values: {},
      formError: i18n._(detail, { provider: PROVIDER_NAMES[provider], ...values }),
      notice: null,
      r: '',
      type: '',
      social: socialLinks(c, ''),
    };
    return render(c, 'pages/auth/sign-in', view, { title: i18n._('Prihlásenie'), status, noStore: true });
  };

  const start = async (c: Context<AppEnv>, provider: OAuthProvider) => {
    const returnTo = localPath(c.req.query('r'), '');
    // A signed-in shopper may start one too: signing in again is how an account without a password
    // proves a recent sign-in (deleting it, decision 198); the callback signs in whom the provider names.
    // Each start counts as one sign-in attempt of this address, with the password form's counters.
    const wait = limits.signIn.take(c, '');
    if (wait > 0) {
      c.header('Retry-After', String(wait));
      return refuse(c, provider, TOO_MANY, 429, { seconds: wait });
    }
    let client: oidc.Configuration;
    try {
      client = await clientFor(c, provider);
    } catch (error) {
      c.get('deps').logger.error(`${provider} sign-in: discovery failed`, error);
      return refuse(c, provider, UNAVAILABLE, 503);
    }
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const redirectUri = `${c.get('deps').config.oauth.redirectBase ?? c.get('shop').origin}/connect/${provider}`;
    pending(c).put(state, { provider, sessionHash: c.get('session').hash, nonce, codeVerifier, redirectUri, returnTo });
    // The flow is kept under the session: a visitor without a cookie gets one now.
    rememberVisitor(c);
    const url = oidc.buildAuthorizationUrl(client, {
      redirect_uri: redirectUri,
      scope: SCOPES[provider],
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    });
    c.header('Cache-Control', 'no-store');
    return c.redirect(url.href, 303);
  };

  const callback = async (c: Context<AppEnv>, provider: OAuthProvider) => {
    // Taken (and so spent) before anything else: a state works once, in the session that made it.
    const state = c.req.query('state') ?? '';
    const flow = pending(c).take(state, c.get('session').hash, provider);
    const error = c.req.query('error');
    if (error) return refuse(c, provider, error === 'access_denied' ? CANCELLED : FAILED, 400);
    if (!flow) return refuse(c, provider, STATE_FAILED, 400);

    const { db, logger } = c.get('deps');
    let claims: oidc.IDToken | undefined;
    try {
      const client = await clientFor(c, provider);
      // The URL the provider redirected to, rebuilt on the registered redirect URI rather than on
      // the Host header, so the token request repeats exactly what the authorization request sent.
      const currentUrl = new URL(flow.redirectUri);
      for (const [key, value] of new URL(c.req.url).searchParams) currentUrl.searchParams.append(key, value);
      const tokens = await oidc.authorizationCodeGrant(client, currentUrl, {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (err) {
      // A refused grant (expired, reused or injected code, PKCE mismatch) is the shopper's dead end,
      // not ours; anything else (network, signature, issuer, audience, nonce) is worth an error line.
      if (err instanceof oidc.ResponseBodyError && err.error === 'invalid_grant') logger.info(`${provider} sign-in: code refused (${err.error_description ?? err.error})`);
      else logger.error(`${provider} sign-in failed`, err);
      return refuse(c, provider, FAILED, 400);
    }
    if (!claims) return refuse(c, provider, FAILED, 400);

    const account = await accountForIdentity(
      db,
      {
        provider,
        subject: claims.sub,
        email: typeof claims.email === 'string' ? claims.email : null,
        emailVerified: claims.email_verified === true,
      },
      clock.now(),
    );
    if (!account.ok) return refuse(c, provider, UNVERIFIED, 403);
    // The same step as the password form: a new session id, the cart carried over.
    startSignedInSession(c, account.user);
    return c.redirect(flow.returnTo || ROUTES.account, 303);
  };

  app.get('/connect/:provider', async (c) => {
    const provider = c.req.param('provider');
    if (!isProvider(provider) || !c.get('deps').config.oauth.providers[provider]) throw new NotFoundError();
    const query = c.req.query();
    if ('code' in query || 'state' in query || 'error' in query) return callback(c, provider);
    return start(c, provider);
  });

  return app;
}
