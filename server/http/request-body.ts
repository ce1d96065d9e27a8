import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { msg } from '../i18n/msg';
import { ProblemError } from './problem';

/** What @hono/node-server passes as `c.env` (its documented HttpBindings); absent under app.request(). */
interface NodeBindings {
  incoming?: IncomingMessage & { rawBody?: unknown };
}

/**
 * The request body's bytes, read from Node's IncomingMessage when nothing has touched it yet.
 * Reading through `c.req` makes the Node adapter build a WHATWG Request first (an AbortController, a
 * Headers copy, a ReadableStream over the socket, undici's body reader): measured ~100 µs for a
 * 40-byte JSON body, a sixth of `POST /api/product` (decision 175). Only server/http/body.ts calls
 * this, once per request: the stream can be read once.
 *
 * Falls back to `c.req.arrayBuffer()` when the body is already being read through the Request
 * (hono's bodyLimit on a chunked body) or when there is no Node request (tests calling
 * app.request()). Stops at `maxBytes` with 413, as the body limit would.
 */
export function requestBytes(c: Context, maxBytes: number): Promise<Uint8Array> {
  const incoming = (c.env as NodeBindings | undefined)?.incoming;
  if (incoming?.rawBody instanceof Buffer) {
    // As @hono/node-server does: a body-parsing layer in front already holds the whole body.
    return Promise.resolve(incoming.rawBody);
  }
  if (incoming && typeof incoming.on === 'function' && incoming.readableFlowing === null && incoming.listenerCount('data') === 0 && !incoming.readableEnded) {
    return readStream(incoming, maxBytes);
  }
  return c.req.arrayBuffer().then((buffer) => new Uint8Array(buffer));
}

function readStream(incoming: IncomingMessage, maxBytes: number): Promise<Buffer> {
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
      resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
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
