import { msg } from '../i18n/msg';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import { ProblemError } from './problem';
import type { AppEnv } from './env';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_FIELD = '_csrf';

export function csrfTokenFor(secret: string, sessionId: string): string {
  return createHmac('sha256', secret).update(`csrf:${sessionId}`).digest('base64url');
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Every state change must prove it comes from our pages: a token bound to the session (header for
 * the API client, hidden field for plain forms) and, when the browser says, a same-origin request.
 * Hono's csrf() only looks at form content types; this covers JSON and every other type too.
 */
export function csrf(secret: string, options: { exempt?: (path: string) => boolean } = {}) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const token = csrfTokenFor(secret, c.get('session').id);
    c.set('csrfToken', token);
    if (SAFE_METHODS.has(c.req.method) || options.exempt?.(c.req.path)) return next();

    const site = c.req.header('sec-fetch-site');
    if (site && site !== 'same-origin' && site !== 'none') throw new ProblemError(403, msg('Požiadavka nepochádza z nášho obchodu'));
    const origin = c.req.header('origin');
    if (origin && origin !== 'null') {
      const host = c.req.header('host');
      let originHost = '';
      try {
        originHost = new URL(origin).host;
      } catch {
        /* a malformed Origin is a foreign one */
      }
      if (originHost !== host) throw new ProblemError(403, msg('Požiadavka nepochádza z nášho obchodu'));
    }

    let sent = c.req.header(CSRF_HEADER);
    if (!sent) {
      const type = c.req.header('content-type') ?? '';
      if (type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data')) {
        const body = await c.req.parseBody();
        const field = body[CSRF_FIELD];
        if (typeof field === 'string') sent = field;
      }
    }
    if (!sent || !same(sent, token)) throw new ProblemError(403, msg('Platnosť formulára vypršala. Obnovte stránku a skúste to znova.'));
    return next();
  });
}
