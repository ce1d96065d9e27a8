import { requestHeader } from './request-header';
import { msg } from '../i18n/msg';
import { createMiddleware } from 'hono/factory';
import { ProblemError } from './problem';
import type { AppEnv } from './env';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ACCEPTED = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];

/**
 * API writes accept JSON and the two form encodings the spec's calls use; anything else (text/plain
 * is what a cross-site form can send without a preflight) is refused with 415.
 */
export function apiContentTypes() {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (BODY_METHODS.has(c.req.method)) {
      const type = (requestHeader(c, 'content-type') ?? '').split(';')[0].trim().toLowerCase();
      const empty = requestHeader(c, 'content-length') === '0' || (!type && !requestHeader(c, 'transfer-encoding'));
      if (!empty && !ACCEPTED.includes(type)) throw new ProblemError(415, msg('Nepodporovaný formát požiadavky'));
    }
    await next();
  });
}
