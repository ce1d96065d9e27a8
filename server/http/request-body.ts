import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { msg } from '../i18n/msg';
import { ProblemError } from './problem';

/** What @hono/node-server passes as `c.env` (its documented HttpBindings); absent under app.request(). */
interface NodeBindings {
  incoming?: IncomingMessage & { rawBody?: unknown };
}

/**
 * The request body as text, read from Node's IncomingMessage when nothing has touched it yet.
 * `c.req.text()` makes the Node adapter build a WHATWG Request first (an AbortController, a
 * Headers copy, a ReadableStream over the socket, undici's body reader): measured ~100 µs for a
 * 40-byte JSON body, a sixth of `POST /api/product` (decision 175). The text is put into Hono's
 * body cache, so a later `c.req.json()`/`text()` in the same request reads the same body.
 *
 * Falls back to `c.req.text()` when the body is already being read through the Request (hono's
 * bodyLimit on a chunked body, a form's CSRF field) or when there is no Node request (tests
 * calling app.request()). Stops at `maxBytes` with 413, as the body limit would.
 */
export function requestText(c: Context, maxBytes: number): Promise<string> {
  // Hono keeps the promise of each body form it read (typed as the value, stored as a promise).
  const cache = c.req.bodyCache as { text?: Promise<string> };
  if (cache.text) return cache.text;
  const incoming = (c.env as NodeBindings | undefined)?.incoming;
  let text: Promise<string>;
  if (incoming?.rawBody instanceof Buffer) {
    // As @hono/node-server does: a body-parsing layer in front already holds the whole body.
    text = Promise.resolve(incoming.rawBody.toString('utf8'));
  } else if (incoming && typeof incoming.on === 'function' && incoming.readableFlowing === null && incoming.listenerCount('data') === 0 && !incoming.readableEnded) {
    text = readStream(incoming, maxBytes);
  } else {
    return c.req.text();
  }
  cache.text = text;
  return text;
}

function readStream(incoming: IncomingMessage, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        done();
        // The adapter drains what is left once the answer is sent.
        reject(new ProblemError(413, msg('Požiadavka je príliš veľká.')));
      } else {
        chunks.push(chunk);
      }
    };
    const onEnd = () => {
      done();
      resolve(chunks.length === 1 ? chunks[0].toString('utf8') : Buffer.concat(chunks).toString('utf8'));
    };
    const onError = (error: Error) => {
      done();
      reject(error);
    };
    const done = () => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onError);
    };
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onError);
  });
}
