import { requestHeader } from './request-header';
import { msg } from '../i18n/msg';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import { LRUCache } from 'lru-cache';
import { ProblemError } from './problem';
import { MalformedBodyError, mediaTypeOf, MULTIPART_TYPE, readBody, URLENCODED_TYPE } from './body';
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
 * Whether the browser itself says the request comes from one of our pages: `Sec-Fetch-Site:
 * same-origin` (every current browser), or, from a browser without Fetch Metadata, an `Origin`
 * equal to our host. Neither can be set by a page on another site. `false` when the browser says
 * nothing either way (non-browser clients, very old browsers); a foreign answer throws.
 */
function browserProvesOrigin(site: string | undefined, origin: string | undefined, host: string | undefined): boolean {
  if (site && site !== 'same-origin' && site !== 'none') throw new ProblemError(403, msg('Požiadavka nepochádza z nášho obchodu'));
  const sameOrigin = Boolean(origin && origin !== 'null');
  // A malformed Origin (URL.parse: null) is a foreign one.
  if (sameOrigin && (URL.parse(origin!)?.host ?? '') !== host) throw new ProblemError(403, msg('Požiadavka nepochádza z nášho obchodu'));
  return site === 'same-origin' || (site === undefined && sameOrigin);
}

/**
 * Every state change must prove it comes from our pages (decisions 004, 181), in one of two ways:
 * - the browser says so (Fetch Metadata / Origin, above), as Go's CrossOriginProtection and
 *   Hono's csrf() decide: what lets a page shared by every anonymous visitor (HTTP caching)
 *   carry no per-visitor token;
 * - a token bound to the session (header for the API client, hidden field for plain forms), for
 *   clients whose browser says nothing. Pages rendered for one visitor still carry it.
 * A request without a session cookie carries no ambient authority to forge, so it needs neither
 * (a visitor gets a cookie only once something is stored for them: server/http/session.ts); it
 * is still refused when the browser says it comes from another site. A browser that says "another
 * site" is refused whatever token it brings. Hono's csrf() only looks at form content types; this
 * covers JSON and every other type too.
 */
export function csrf(secret: string, options: { exempt?: (path: string) => boolean } = {}) {
  // Every page and API call of a visitor with a session needs their token: recent ones are kept.
  const tokens = new LRUCache<string, string>({ max: 10_000 });
  const tokenFor = (sessionId: string) => {
    let token = tokens.get(sessionId);
    if (token === undefined) tokens.set(sessionId, (token = csrfTokenFor(secret, sessionId)));
    return token;
  };
  return createMiddleware<AppEnv>(async (c, next) => {
    const session = c.get('session');
    const token = session.fresh ? '' : tokenFor(session.id);
    c.set('csrfToken', token);
    if (SAFE_METHODS.has(c.req.method) || options.exempt?.(c.req.path)) return next();
    const proven = browserProvesOrigin(requestHeader(c, 'sec-fetch-site'), requestHeader(c, 'origin'), requestHeader(c, 'host'));
    if (proven || session.fresh) return next();

    let sent = requestHeader(c, CSRF_HEADER);
    if (!sent) {
      const type = mediaTypeOf(requestHeader(c, 'content-type') ?? '');
      if (type === URLENCODED_TYPE || type === MULTIPART_TYPE) {
        const field = await readBody(c).then(
          (body) => body[CSRF_FIELD],
          // A body that does not parse proves nothing: without another proof this is the 403 below,
          // not a 400 that would tell an unproven sender how its body was read (decision 212).
          (error: unknown) => {
            if (error instanceof MalformedBodyError) return undefined;
            throw error;
          },
        );
        if (typeof field === 'string') sent = field;
      }
    }
    if (!sent || !same(sent, token)) throw new ProblemError(403, msg('Platnosť formulára vypršala. Obnovte stránku a skúste to znova.'));
    return next();
  });
}
