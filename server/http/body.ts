import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from './env';

/**
 * The request body size limit, for methods that may carry a body.
 *
 * A JSON body sent to the Node server is read straight from Node's request stream and handed to
 * Hono as the request's text (`c.req.json()` / `c.req.text()` read it from there). Hono's
 * bodyLimit (and `c.req.json()` itself) go through `c.req.raw.body`, which makes
 * @hono/node-server build a full WHATWG Request for the call: an AbortController, a Headers copy, a
 * ReadableStream over the socket and undici's body reader — ~100 µs of a ~250 µs filter count
 * (docs/decisions/171). Everything else (forms, other content types, app.request() in tests, a
 * request something already read) keeps Hono's bodyLimit. A JSON body must then be read through
 * `c.req` (json/text/parseBody), never `c.req.raw`, whose stream is spent: every handler does.
 */
export function limitBody(maxSize: number, onError: (c: Context<AppEnv>) => never): MiddlewareHandler<AppEnv> {
  const fallback = bodyLimit({ maxSize, onError });
  return async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD') return next();
    const incoming = (c.env as { incoming?: IncomingMessage & { rawBody?: unknown } } | undefined)?.incoming;
    const type = c.req.header('content-type');
    if (!incoming || typeof incoming.on !== 'function' || !type || !/^application\/json\s*(;|$)/i.test(type) || incoming.readableEnded) {
      return fallback(c, next);
    }
    const declared = c.req.header('content-length');
    if (declared !== undefined && Number(declared) > maxSize) onError(c);
    const bytes = await readIncoming(incoming, maxSize);
    if (bytes === null) onError(c);
    // UTF-8 decoding as the Fetch body reader does it: a leading byte-order mark is dropped.
    let text = bytes.toString('utf8');
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    // Hono keeps each read of the body as a promise under its method's name (its typing says the method).
    (c.req.bodyCache as Record<string, unknown>).text = Promise.resolve(text);
    return next();
  };
}

/** The whole body, or null once it passes maxSize (the rest is drained by the adapter after the answer). */
function readIncoming(incoming: IncomingMessage & { rawBody?: unknown }, maxSize: number): Promise<Buffer | null> {
  // Behind a body-parsing layer (and in the in-process benches) the adapter takes `rawBody` as the body.
  if (incoming.rawBody instanceof Buffer) return Promise.resolve(incoming.rawBody.length > maxSize ? null : incoming.rawBody);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onError);
      incoming.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxSize) {
        done();
        incoming.pause();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      done();
      resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      done();
      reject(error);
    };
    const onClose = () => {
      done();
      reject(new Error('The request was closed before its body arrived.'));
    };
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onError);
    incoming.on('close', onClose);
  });
}
