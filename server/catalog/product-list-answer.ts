import type { Context } from 'hono';
import type { AppEnv } from '../http/env';
import { answer } from '../http/response-head';

/**
 * `{"items": [...], "total": n, ...rest}` for GET/POST /api/product from the products' kept JSON
 * texts (product-json.ts): equal to JSON.stringify of that object, without serialising the
 * products again. Compressed like any answer (by the shop, or by the proxy in front).
 */
export function productListAnswer(c: Context<AppEnv>, texts: readonly string[], rest: Record<string, unknown>): Response {
  const tail = JSON.stringify(rest);
  return answer(c, `{"items":[${texts.join(',')}${tail === '{}' ? ']}' : `],${tail.slice(1)}`}`, 200, 'application/json');
}
