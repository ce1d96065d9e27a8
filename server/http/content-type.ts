import { createMiddleware } from 'hono/factory';
import { msg } from '../i18n/msg';
import { mediaTypeOf } from './body';
import type { AppEnv } from './env';
import { ProblemError } from './problem';
import { requestHeader } from './request-header';

const ACCEPTED = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];

/** API writes take JSON and the two form encodings; text/plain (a cross-site form's, no preflight) and the rest get 415. */
export const apiContentTypes = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(c.req.method)) {
      const type = mediaTypeOf(requestHeader(c, 'content-type') ?? '');
      const empty = requestHeader(c, 'content-length') === '0' || (!type && !requestHeader(c, 'transfer-encoding'));
      if (!empty && !ACCEPTED.includes(type)) throw new ProblemError(415, msg('Nepodporovaný formát požiadavky'));
    }
    await next();
  });
