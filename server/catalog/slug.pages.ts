import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/env';

/**
 * One page type may claim a path of the root slug space (docs/decisions/005): a category list
 * (/{slug}, /{slug}/{page}, /{slug}/{page}/{filter}), a product (/{slug}) or a static post
 * (/{slug}). Handlers are asked in order; null means "not mine", and the last resort is the 404.
 */
export type SlugHandler = (c: Context<AppEnv>, segments: string[]) => Response | null | Promise<Response | null>;

const SEGMENT = /^[\p{L}\p{N}._~:,;!$'()*+=@-]{1,300}$/u;

export function slugPages(handlers: SlugHandler[]) {
  const app = new Hono<AppEnv>();
  app.get('/*', async (c, next) => {
    const raw = c.req.path.split('/').slice(1);
    if (raw.length === 0 || raw.length > 4 || raw[0] === '' || raw[0] === 'api') return next();
    if (raw.at(-1) === '') raw.pop();
    let segments: string[];
    try {
      segments = raw.map((s) => decodeURIComponent(s));
    } catch {
      return next();
    }
    if (!segments.every((s) => SEGMENT.test(s))) return next();
    for (const handler of handlers) {
      const response = await handler(c, segments);
      if (response) return response;
    }
    return next();
  });
  return app;
}
