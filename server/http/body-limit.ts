import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requestHeader } from './request-header';

/** The largest request body the shop reads (413 above it). */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * hono's bodyLimit, decided by Content-Length alone when there is one (Node's parser holds the body
 * to it, as hono's own code trusts): hono's reads `c.req.raw.body`, which makes the adapter build a
 * WHATWG Request, ~100 µs of a ~600 µs `POST /api/product` (decision 175). Chunked bodies go to hono's.
 */
export function limitBody(maxSize: number, onError: () => never): MiddlewareHandler {
  const streamed = bodyLimit({ maxSize, onError });
  return (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const length = requestHeader(c, 'content-length');
    if (length === undefined || requestHeader(c, 'transfer-encoding') !== undefined) return streamed(c, next);
    if (Number.parseInt(length, 10) > maxSize) onError();
    return next();
  };
}
