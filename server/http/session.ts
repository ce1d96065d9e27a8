import { hash, randomBytes } from 'node:crypto';
import { deleteCookie, generateCookie } from 'hono/cookie';
import { LRUCache } from 'lru-cache';
import { cookie } from './cookies';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { AppEnv, Clock, SessionState } from './env';
import { findSession, sessionExists, SESSION_DAYS } from '../sessions/sessions.service';
import { readCatalogVersion } from '../catalog/catalog-version';
import { drawsHeader } from '../cart/shopper-header';

/** A session id as newSessionId() makes them: 32 random bytes, base64url. */
export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * A readable cookie that says "this browser holds a session", set and cleared with the session
 * cookie (which scripts cannot read): a page kept by a shared cache and shown to such a browser
 * asks for its shopper's own bits (/api/session) when it sees it (widgets/entries/site.ts).
 */
export const SHOPPER_COOKIE = 'shopper';

export function sessionCookieName(config: Config): string {
  // The __Host- prefix makes the browser refuse the cookie unless it is Secure, host-only and Path=/.
  return config.secureCookies ? '__Host-sid' : 'sid';
}

/**
 * SHA-256 of a session id, the key of its row. OpenSSL's look-up of the algorithm made it ~18 µs a
 * request in the server's profile, so a returning shopper's id is hashed once (lru-cache).
 */
const hashes = new LRUCache<string, string>({ max: 10_000 });
export function hashSessionId(id: string): string {
  let hashed = hashes.get(id);
  if (hashed === undefined) hashes.set(id, (hashed = hash('sha256', id, 'base64url')));
  return hashed;
}

export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

export function writeSessionCookie(c: Context, config: Config, id: string): void {
  const options = { sameSite: 'Lax', secure: config.secureCookies, path: '/', maxAge: SESSION_DAYS * 86400 } as const;
  c.header('Set-Cookie', generateCookie(sessionCookieName(config), id, { ...options, httpOnly: true }), { append: true });
  c.header('Set-Cookie', generateCookie(SHOPPER_COOKIE, '1', options), { append: true });
}

/** Sign-out: the browser forgets the id (the row is deleted by the caller). */
export function clearSessionCookie(c: Context, config: Config): void {
  deleteCookie(c, sessionCookieName(config), { path: '/', secure: config.secureCookies });
  deleteCookie(c, SHOPPER_COOKIE, { path: '/', secure: config.secureCookies });
}

/** Sessions of visitors without a cookie whose id something asked for (so may have stored under). */
const handedOut = new WeakSet<SessionState>();

/**
 * The session of a visitor without a cookie: no id is made (or hashed) until something asks for
 * it, and none is sent until something is stored under it (rememberVisitor). A class: an object
 * literal with getters became a dictionary with a hidden class of its own on every request.
 */
class VisitorWithoutCookie implements SessionState {
  #id: string | undefined;
  #hashed: string | undefined;
  fresh = true;
  stored = false;
  userId = null;
  username = null;
  roles: string[] = [];
  get id(): string {
    handedOut.add(this);
    return (this.#id ??= newSessionId());
  }
  get hash(): string {
    return (this.#hashed ??= hashSessionId(this.id));
  }
}

/**
 * Gives a visitor without a cookie the id that something was just stored under (a cart, a sign-in
 * flow): from now on their pages are their own. Called by the session middleware after a write,
 * and by a GET that stores (the social sign-in's start).
 */
export function rememberVisitor(c: Context<AppEnv>): void {
  const session = c.get('session');
  if (!session.fresh) return;
  writeSessionCookie(c, c.get('deps').config, session.id);
  session.fresh = false;
}

/**
 * The request's first read: the catalogue version, and with a cookie its session row (and a page
 * header's figures) in the same statement (none: nothing is stored under it yet). A visitor gets a
 * cookie only when something is kept for them (decision 003): a cart, a sign-in. Until then their
 * pages are the ones shared by all such visitors (http-cache.ts), and browsing costs no database write.
 */
export function session(db: Db, config: Config, clock: Clock) {
  const name = sessionCookieName(config);
  return createMiddleware<AppEnv>(async (c, next) => {
    const raw = cookie(c, name);
    if (raw && SESSION_ID_PATTERN.test(raw)) {
      const hashed = hashSessionId(raw);
      const { catalogVersion, session: row, header } = findSession(db, hashed, clock.now(), drawsHeader(c) ? c.get('shop').id : null);
      c.set('catalogVersion', catalogVersion);
      c.set('session', row ? { id: raw, hash: hashed, fresh: false, stored: true, userId: row.userId, username: row.email, roles: row.roles, header } : { id: raw, hash: hashed, fresh: false, stored: false, userId: null, username: null, roles: [] });
    } else {
      c.set('catalogVersion', readCatalogVersion(db));
      c.set('session', new VisitorWithoutCookie());
    }
    await next();
    // A write by a visitor without a cookie that kept something under their new id (a cart's row).
    const session = c.get('session');
    if (session.fresh && handedOut.has(session) && c.req.method !== 'GET' && c.req.method !== 'HEAD' && sessionExists(db, session.hash)) rememberVisitor(c);
  });
}
