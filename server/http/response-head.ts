import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { bytesOf } from './bytes';
import { acceptsGzip, compressible, gzipped } from './compression';
import type { AppEnv } from './env';
import { requestHeader } from './request-header';

/**
 * The headers of a request's answer as a plain record (decision 196): Hono keeps `c.header()` in a
 * WHATWG Headers object, which the Node adapter iterates and sorts back into a record, ~15 µs a
 * request. Here `c.header()` before the answer exists writes into one record, which `answer()`
 * hands to the adapter as is; a response made any other way (c.json, c.redirect) gets it merged at
 * the end, as Hono would. Give the content type with the answer, not through c.header().
 */
export interface ResponseHead {
  /** Lower-case names; an appended value is joined with ", " as Headers.append does. */
  fields: Record<string, string>;
  /** Each Set-Cookie on its own, in the order written. */
  cookies: string[];
  /** The response answer() made with this head, which needs nothing merged. */
  answered: Response | undefined;
}

type SetHeader = Context<AppEnv>['header'];

/** Installs the request's head, starting from the record `initial` makes (the security headers). */
export function responseHead(initial: (c: Context<AppEnv>) => Record<string, string>) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const head: ResponseHead = { fields: initial(c), cookies: [], answered: undefined };
    const honoHeader: SetHeader = c.header;
    c.header = ((name: string, value?: string, options?: { append?: boolean }) => {
      // After the answer exists, Hono's own rule applies (it writes into that response).
      if (c.finalized) return honoHeader(name, value, options);
      const key = name.toLowerCase();
      if (key === 'set-cookie') {
        if (value === undefined) head.cookies.length = 0;
        else if (options?.append) head.cookies.push(value);
        else head.cookies.splice(0, head.cookies.length, value);
      } else if (value === undefined) delete head.fields[key];
      else head.fields[key] = options?.append && head.fields[key] !== undefined ? `${head.fields[key]}, ${value}` : value;
    }) as SetHeader;
    c.set('head', head);
    await next();
    const res = c.res;
    if (res === head.answered) return;
    // Made by Hono or by hand: what the response set itself wins, as Hono's prepared headers do.
    const headers = res.headers;
    for (const name in head.fields) if (!headers.has(name)) headers.set(name, head.fields[name]);
    for (const cookie of head.cookies) headers.append('set-cookie', cookie);
  });
}

/** The answer with the request's head as its headers (no Headers object), gzipped when the shop compresses itself. */
export function answer(c: Context<AppEnv>, body: string | Uint8Array, status: number, contentType: string): Response {
  const head = c.get('head');
  // Before the head is installed (an app without it, an error that early): Hono's way.
  if (!head) return c.body(body as Uint8Array<ArrayBuffer>, status as ContentfulStatusCode, { 'Content-Type': contentType });
  head.fields['content-type'] = contentType;
  let bytes: Uint8Array = typeof body === 'string' ? bytesOf([body]) : body;
  if (c.get('deps')?.config.compress && compressible(contentType)) {
    const vary = head.fields.vary;
    if (!vary?.includes('Accept-Encoding')) head.fields.vary = vary ? `Accept-Encoding, ${vary}` : 'Accept-Encoding';
    const packed = acceptsGzip(requestHeader(c, 'accept-encoding')) ? gzipped(bytes) : null;
    if (packed) {
      bytes = packed;
      head.fields['content-encoding'] = 'gzip';
    }
  }
  // One cookie fits the record; several need the list form (a record cannot repeat a name).
  if (head.cookies.length === 1) head.fields['set-cookie'] = head.cookies[0];
  const headers: HeadersInit =
    head.cookies.length <= 1 ? head.fields : [...Object.entries(head.fields), ...head.cookies.map((cookie): [string, string] => ['set-cookie', cookie])];
  return (head.answered = new Response(bytes as Uint8Array<ArrayBuffer>, { status, headers }));
}
