import type { Context } from 'hono';
import { parse } from 'hono/utils/cookie';
import { requestHeader } from './request-header';

/** Hono's parse, once per request: getCookie(c, name) parses the header again on each call (three on a page). */
const parsed = new WeakMap<Request, Record<string, string>>();

/** One cookie's value (undefined when not sent). */
export function cookie(c: Context, name: string): string | undefined {
  let cookies = parsed.get(c.req.raw);
  if (!cookies) parsed.set(c.req.raw, (cookies = parse(requestHeader(c, 'cookie') ?? '')));
  return cookies[name];
}
