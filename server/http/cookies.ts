import type { Context } from 'hono';
import { parse } from 'hono/utils/cookie';

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
    const header = c.req.header('cookie');
    cookies = header ? parse(header) : {};
    parsed.set(request, cookies);
  }
  return cookies;
}

/** One cookie's value (undefined when not sent). */
export function cookie(c: Context, name: string): string | undefined {
  return requestCookies(c)[name];
}
