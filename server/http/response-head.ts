import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { acceptsGzip, compressible, gzipped } from './compression';
import type { AppEnv } from './env';
import { requestHeader } from './request-header';

/**
 * The headers of a request's answer, kept as a plain record (decision 196). Hono keeps what
 * `c.header()` sets in a WHATWG Headers object, and the Node adapter turns that back into a record
 * by iterating it, sorted, before Node writes it: ~15 µs a request on our eight headers, a tenth of
 * an uncached filter count. Here every `c.header()` made before the answer exists (our middleware,
 * handlers, hono/cookie) lands in one record instead; `answer()` hands that record to the adapter
 * as the response's headers, which it writes as they are. A response made any other way (c.json,
 * c.redirect, a thrown error's page) gets the record merged in at the end, as Hono would have.
 * Give a content type with the answer (answer(), or c.body's headers), not through c.header(): a
 * response made without one already carries the adapter's text/plain default, which the merge keeps.
 */
export interface ResponseHead {
  /** Lower-case names; an appended value is joined with ", " as Headers.append does. */
  fields: Record<string, string>;
  /** Each Set-Cookie on its own, in the order written. */
  cookies: string[];
}

type SetHeader = Context<AppEnv>['header'];

const answered = new WeakSet<Response>();

/**
 * Installs the request's head, starting from the new record of fields `initial` makes for the
 * request (the security headers): c.header() writes into it until the answer is made.
 */
export function responseHead(initial: (c: Context<AppEnv>) => Record<string, string>) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const head: ResponseHead = { fields: initial(c), cookies: [] };
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
    if (answered.has(res)) return;
    // Made by Hono or by hand: what the response set itself wins, as Hono's prepared headers do.
    const headers = res.headers;
    for (const name in head.fields) if (!headers.has(name)) headers.set(name, head.fields[name]);
    for (const cookie of head.cookies) headers.append('set-cookie', cookie);
  });
}

const encoder = new TextEncoder();

/**
 * UTF-8 of a text in one pass. A string body is walked twice by the adapter (its byte length, then
 * the write), and Buffer.from does the same: ~80 µs each for a 60 KB page of Slovak text, which V8
 * keeps as two bytes a character. Written into room for a little more than its length (a page is
 * mostly ASCII); text that does not fit (much of it outside ASCII) takes the two passes.
 */
function utf8(text: string): Uint8Array {
  const room = Buffer.allocUnsafe(text.length + (text.length >> 3) + 64);
  const { read, written } = encoder.encodeInto(text, room);
  return read === text.length ? room.subarray(0, written) : Buffer.from(text);
}

/**
 * The answer with the request's head as its headers, as the adapter writes them: no Headers object
 * is built. Pages, product lists, filter counts and problems answer this way; a text answer is
 * gzipped here when the shop compresses itself (compression.ts) and the client takes gzip.
 */
export function answer(c: Context<AppEnv>, body: string | Uint8Array, status: number, contentType: string): Response {
  const head = c.get('head');
  // Before the head is installed (an app without it, an error that early): Hono's way.
  if (!head) return c.body(body as Uint8Array<ArrayBuffer>, status as ContentfulStatusCode, { 'Content-Type': contentType });
  head.fields['content-type'] = contentType;
  let bytes: Uint8Array = typeof body === 'string' ? utf8(body) : body;
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
  const response = new Response(bytes as Uint8Array<ArrayBuffer>, { status, headers });
  answered.add(response);
  return response;
}
