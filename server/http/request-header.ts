import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/**
 * One request header, behind the Node server read from the headers Node has already parsed:
 * `c.req.header()` makes the adapter build a WHATWG Headers object first (~8 µs and its garbage per
 * request), which a page never needs otherwise. app.request() (tests) has no Node request and goes
 * the Hono way. Node keeps the first of repeated single-value headers (Host, Content-Type,
 * Content-Length, Referer…) where Headers would join them; other repeated headers are joined alike.
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming?.headers) return c.req.header(name);
  const value = incoming.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
}
