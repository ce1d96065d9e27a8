import type { Context } from 'hono';
import type { AppEnv } from '../http/env';
import { msg } from '../i18n/msg';
import { hashSessionId, newSessionId, writeSessionCookie } from '../http/session';
import { rotateSession } from '../sessions/sessions.service';
import { claimCartAtSignIn } from '../cart/cart-owner.service';
import { fieldErrors, signInSchema, signUpSchema, type AccountType } from './accounts.schemas';
import { authenticate, createUser, DuplicateEmailError, findUserByEmail, type User } from './accounts.service';
import { recordReferral } from './referral.service';
import type { AccountLimits } from './limits';
import { weakPasswordMessage } from './password-policy';
import { normalizeMobile } from './phone';

export const BAD_CREDENTIALS = msg('Nesprávne prihlasovacie údaje');
export const TOO_MANY = msg('Príliš veľa pokusov. Skúste to znova o {seconds} s.');
export const DUPLICATE_EMAIL = msg('Konto s týmto e-mailom už existuje. Prihláste sa alebo si obnovte heslo.');

export type Outcome<T> =
  | { ok: true; value: T }
  | { ok: false; status: 400 | 401 | 409 | 429; detail: string; errors?: Record<string, string>; values?: Record<string, unknown> };

/**
 * The session fixation defence: a new id for the signed-in session, the anonymous cart carried
 * over (or the user's cart from another device adopted), the old row deleted, the cookie re-set;
 * this request continues as the new session.
 */
export function startSignedInSession(c: Context<AppEnv>, user: User): void {
  const { db, config, clock } = c.get('deps');
  const old = c.get('session');
  const id = newSessionId();
  const hash = hashSessionId(id);
  const now = clock.now();
  // One transaction: the rotation and the cart's owner (adopt the user's cart from another device
  // into an empty session; docs/decisions/121).
  db.$client
    .transaction(() => {
      rotateSession(db, old.hash, hash, user.id, now);
      claimCartAtSignIn(db, hash, user.id, c.get('shop').id, now);
    })
    .immediate();
  writeSessionCookie(c, config, id);
  c.set('session', { id, hash, fresh: false, stored: true, userId: user.id, username: user.email, roles: [...user.roles] });
}

export async function signInAttempt(c: Context<AppEnv>, limits: AccountLimits, fields: Record<string, unknown>): Promise<Outcome<User>> {
  const input = signInSchema.parse(fields);
  const wait = limits.signIn.take(c, input.username);
  if (wait > 0) {
    c.header('Retry-After', String(wait));
    return { ok: false, status: 429, detail: TOO_MANY, values: { seconds: wait } };
  }
  const user = await authenticate(c.get('deps').db, input.username, input.password);
  // One answer for an unknown e-mail and a wrong password: never say which part was wrong.
  if (!user) return { ok: false, status: 401, detail: BAD_CREDENTIALS };
  startSignedInSession(c, user);
  return { ok: true, value: user };
}

/**
 * Spec 5 sign-up rules plus ours: a valid e-mail, a mobile number, the repeated password equal,
 * at least 10 characters and not a common password. The type only records a request.
 */
export async function signUpAttempt(
  c: Context<AppEnv>,
  limits: AccountLimits,
  fields: Record<string, unknown>,
): Promise<Outcome<{ user: User; type: AccountType }>> {
  const email = typeof fields.username === 'string' ? fields.username.trim().toLowerCase() : '';
  const wait = limits.signUp.take(c, email);
  if (wait > 0) {
    c.header('Retry-After', String(wait));
    return { ok: false, status: 429, detail: TOO_MANY, values: { seconds: wait } };
  }
  const parsed = signUpSchema.safeParse(fields);
  const errors: Record<string, string> = parsed.success ? {} : fieldErrors(parsed.error);
  const phone = typeof fields.phone === 'string' ? normalizeMobile(fields.phone, c.get('shop').country) : null;
  if (!phone) errors.phone ??= msg('Nesprávny formát');
  if (parsed.success && !errors.password) {
    const weak = await weakPasswordMessage(parsed.data.password, parsed.data.username);
    if (weak) errors.password = weak;
  }
  if (!parsed.success || Object.keys(errors).length > 0 || !phone) {
    return { ok: false, status: 400, detail: msg('Niektoré údaje nie sú správne'), errors };
  }
  const { db, clock } = c.get('deps');
  const data = parsed.data;
  if (findUserByEmail(db, data.username)) return duplicate();
  try {
    const user = await createUser(db, { email: data.username, password: data.password, phone, type: data.type }, clock.now());
    recordReferral(db, user.id, fields.ref);
    return { ok: true, value: { user, type: data.type } };
  } catch (error) {
    if (error instanceof DuplicateEmailError) return duplicate();
    throw error;
  }
}

function duplicate(): Outcome<never> {
  return { ok: false, status: 409, detail: DUPLICATE_EMAIL, errors: { username: DUPLICATE_EMAIL } };
}
