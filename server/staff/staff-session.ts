import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { AdminEnv } from '../admin/env';
import { ADMIN_ROOT } from '../admin/sections';
import type { Config } from '../config';
import { cookie } from '../http/cookies';
import { findStaffSession, touchStaffSession } from './staff-sessions.service';

/**
 * The staff cookie, apart from the shopper's `sid` (docs/decisions/220): sent only to /admin, never
 * from another site (SameSite=Strict), unreadable by scripts, and gone when the browser closes.
 * Behind HTTPS it carries the __Secure- prefix: __Host- would demand Path=/ and send the cookie to
 * every shop page.
 */
export function staffCookieName(config: Config): string {
  return config.secureCookies ? '__Secure-staff' : 'staff';
}

export function writeStaffCookie(c: Context, config: Config, id: string): void {
  setCookie(c, staffCookieName(config), id, { path: ADMIN_ROOT, httpOnly: true, sameSite: 'Strict', secure: config.secureCookies });
}

export function clearStaffCookie(c: Context, config: Config): void {
  deleteCookie(c, staffCookieName(config), { path: ADMIN_ROOT, secure: config.secureCookies });
}

/** Who on the staff sends this request: c.var.staff, or null. Runs before the guard. */
export function staffSession() {
  return createMiddleware<AdminEnv>(async (c, next) => {
    const { db, config, clock } = c.get('deps');
    const raw = cookie(c, staffCookieName(config));
    const row = raw ? findStaffSession(db, raw, clock.now()) : null;
    if (row?.verified) touchStaffSession(db, row, clock.now());
    c.set('staff', row ? { id: row.staffId, email: row.email, name: row.name, role: row.role, sessionHash: row.hash, verified: row.verified } : null);
    // Nothing of the back office may be kept by a browser's or a proxy's cache.
    c.header('Cache-Control', 'no-store');
    await next();
  });
}
