import { requestHeader } from './request-header';
import type { Context } from 'hono';

/**
 * The request's cookies, parsed once. Hono's getCookie(c, name) parses the whole Cookie header on
 * every call; a page read it three times (locale, session, consent banner), which showed in
 * profiles of the uncached category page. Kept per raw Request, so nothing outlives the request.
 */
const parsed = new WeakMap<Request, Record<string, string>>();

export function requestCookies(c: Context): Record<string, string> {
  const request = c.req.raw;
  let cookies = parsed.get(request);
  if (!cookies) {
    const header = requestHeader(c, 'cookie');
    cookies = header ? parseCookies(header) : {};
    parsed.set(request, cookies);
  }
  return cookies;
}

/** One cookie's value (undefined when not sent). */
export function cookie(c: Context, name: string): string | undefined {
  return requestCookies(c)[name];
}

/**
 * A Cookie header's pairs: the first of a repeated name wins, quotes around a value are dropped,
 * a value holding `%` is URI-decoded (kept as sent when that fails). Unlike hono's parse it does not
 * drop names and values outside RFC 6265's characters: every reader here validates what it uses
 * (the session id by pattern, the locale against the list, consent as "1"), and this was a tenth of
 * a cached page's CPU.
 */
export function parseCookies(header: string): Record<string, string> {
  const cookies: Record<string, string> = {};
  let start = 0;
  while (start < header.length) {
    let end = header.indexOf(';', start);
    if (end === -1) end = header.length;
    const eq = header.indexOf('=', start);
    if (eq !== -1 && eq < end) {
      const name = header.slice(start, eq).trim();
      if (name && !(name in cookies)) {
        let value = header.slice(eq + 1, end).trim();
        if (value.length > 1 && value.charCodeAt(0) === 34 && value.charCodeAt(value.length - 1) === 34) value = value.slice(1, -1);
        if (value.includes('%')) {
          try {
            value = decodeURIComponent(value);
          } catch {
            /* kept as sent */
          }
        }
        cookies[name] = value;
      }
    }
    start = end + 1;
  }
  return cookies;
}
