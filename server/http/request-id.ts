import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './env';
import { requestHeader } from './request-header';

/** hono/request-id's rule (the caller's X-Request-Id when well formed, else a new UUID), reading the header from Node. */
export const requestId = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    const sent = requestHeader(c, 'x-request-id');
    const id = sent !== undefined && /^[\w\-=]{1,255}$/.test(sent) ? sent : crypto.randomUUID();
    c.set('requestId', id);
    c.header('X-Request-Id', id);
    await next();
  });
