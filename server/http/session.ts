import { hash, randomBytes } from 'node:crypto';
import { deleteCookie, generateCookie } from 'hono/cookie';
import { cookie } from './cookies';
import { rememberRecent } from './remember-recent';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { AppEnv, Clock, SessionState } from './env';
import { findSession, SESSION_DAYS } from '../sessions/sessions.service';

/** A session id as newSessionId() makes them: 32 random bytes, base64url. */
export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function sessionCookieName(config: Config): string {
  // The __Host- prefix makes the browser refuse the cookie unless it is Secure, host-only and Path=/.
  return config.secureCookies ? '__Host-sid' : 'sid';
}

/**
 * SHA-256 of a session id, the key of its row. The one-shot hash: a Hash object per request cost
 * more than the digest itself; even so it showed as ~18 µs per request in the server's profile
 * (OpenSSL's look-up of the algorithm), so a returning shopper's id is hashed once.
 */
export const hashSessionId: (id: string) => string = rememberRecent((id) => hash('sha256', id, 'base64url'));

export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

/** The Set-Cookie value giving a browser its session id (also sent by the page cache). */
export function sessionCookieHeader(config: Config, id: string): string {
  return generateCookie(sessionCookieName(config), id, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: config.secureCookies,
    path: '/',
    maxAge: SESSION_DAYS * 86400,
  });
}

export function writeSessionCookie(c: Context, config: Config, id: string): void {
  c.header('Set-Cookie', sessionCookieHeader(config, id), { append: true });
}

/** Sign-out: the browser forgets the id (the row is deleted by the caller). */
export function clearSessionCookie(c: Context, config: Config): void {
  deleteCookie(c, sessionCookieName(config), { path: '/', secure: config.secureCookies });
}

/** The session of a visitor with nothing stored under their id: a new one (`fresh`) or a returning one. */
export function visitorWithoutRow(id: string, fresh: boolean): SessionState {
  return { id, hash: hashSessionId(id), fresh, stored: false, userId: null, username: null, roles: [] };
}

/**
 * Every visitor gets a random session id in an HttpOnly cookie, but a row is written only when
 * something is kept under it (a cart, a sign-in), so browsing costs no database write.
 */
export function session(db: Db, config: Config, clock: Clock) {
  const name = sessionCookieName(config);
  return createMiddleware<AppEnv>(async (c, next) => {
    const raw = cookie(c, name);
    if (raw && SESSION_ID_PATTERN.test(raw)) {
      const hash = hashSessionId(raw);
      const row = findSession(db, hash, clock.now());
      c.set('session', row ? { id: raw, hash, fresh: false, stored: true, userId: row.userId, username: row.email, roles: row.roles } : visitorWithoutRow(raw, false));
    } else {
      const id = newSessionId();
      c.set('session', visitorWithoutRow(id, true));
      writeSessionCookie(c, config, id);
    }
    await next();
  });
}
