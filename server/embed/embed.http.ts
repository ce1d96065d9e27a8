import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../http/env';
import { requestHeader } from '../http/request-header';
import { embedOrigins } from './partner-origins';

/**
 * The embed's answers (its loader and its products) on a partner's page: CORS for the origins of
 * embedOrigins() only, with `Vary: Origin` on every answer so a shared cache keeps each origin's
 * apart; `Cross-Origin-Resource-Policy: cross-origin` so a partner page that isolates itself (COEP)
 * may still load them (everything else the shop sends says same-origin). No credentials: nothing
 * the embed reads depends on a cookie, and third-party cookies are gone anyway. A preflight is
 * answered here (204): allowed origins get GET and nothing else, others no CORS header at all.
 */
export function embedCors() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const { db, config } = c.get('deps');
    c.header('Cross-Origin-Resource-Policy', 'cross-origin');
    c.header('Vary', 'Origin', { append: true });
    const origin = requestHeader(c, 'origin');
    const allowed = origin !== undefined && embedOrigins(db, config).has(origin);
    if (allowed) c.header('Access-Control-Allow-Origin', origin);
    if (c.req.method === 'OPTIONS') {
      if (allowed) {
        c.header('Access-Control-Allow-Methods', 'GET, HEAD');
        c.header('Access-Control-Max-Age', '600');
      }
      return c.body(null, 204);
    }
    await next();
  });
}
