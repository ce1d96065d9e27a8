import type { Context } from 'hono';
import { acceptsGzip, gzipParts } from '../render/gzip-splice';

const JSON_TYPE = { 'Content-Type': 'application/json' };

/**
 * A JSON answer from bytes in parts, gzipped for clients that accept it by splicing: shared parts
 * (each product's JSON, product-json.ts) are deflated once, level 9, and sent as kept; the few
 * per-answer bytes between them travel as stored blocks (server/render/gzip-splice.ts, decision
 * 150). Compressing the whole answer per request instead (level 1, ~1.5 KB instead of ~5 KB for
 * 12 products) cost ~90 µs more per request in process, a third of the route (decision 175).
 * `Vary: Accept-Encoding` always, so a shared cache keeps both forms apart.
 */
export function jsonPartsAnswer(c: Context, parts: Buffer[], status: 200 | 201 = 200): Response {
  c.header('Vary', 'Accept-Encoding', { append: true });
  if (acceptsGzip(c.req.header('accept-encoding'))) {
    c.header('Content-Encoding', 'gzip');
    return c.body(gzipParts(parts) as Uint8Array<ArrayBuffer>, status, JSON_TYPE);
  }
  return c.body(Buffer.concat(parts) as Uint8Array<ArrayBuffer>, status, JSON_TYPE);
}
