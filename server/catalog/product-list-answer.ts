import type { Context } from 'hono';
import type { AppEnv } from '../http/env';
import { answer } from '../http/response-head';

const ITEMS = Buffer.from('{"items":[');
const COMMA = Buffer.from(',');

/**
 * `{"items": [...], "total": n, ...rest}` for GET/POST /api/product from the products' kept JSON
 * texts (product-json.ts, UTF-8): equal to JSON.stringify of that object, without serialising or
 * encoding the products again (one copy of their bytes). Compressed like any answer (by the shop,
 * or by the proxy in front).
 */
export function productListAnswer(c: Context<AppEnv>, texts: readonly Buffer[], rest: Record<string, unknown>): Response {
  const tail = JSON.stringify(rest);
  const parts: Buffer[] = [ITEMS];
  texts.forEach((text, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(text);
  });
  parts.push(Buffer.from(tail === '{}' ? ']}' : `],${tail.slice(1)}`));
  return answer(c, Buffer.concat(parts), 200, 'application/json');
}
