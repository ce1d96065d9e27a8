import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './env';
import { requestHeader } from './request-header';

/** What a caller may send as its own X-Request-Id (hono/request-id's rule). */
const SENT_ID = /^[\w\-=]{1,255}$/;

/** The id a request is logged and answered under: the caller's when well formed, else a new UUID. */
export function requestIdFor(sent: string | undefined): string {
  return sent !== undefined && SENT_ID.test(sent) ? sent : crypto.randomUUID();
}

/**
 * hono/request-id's behaviour, reading the header without making the adapter build a Headers
 * object (server/http/request-header.ts): c.get('requestId') and the X-Request-Id answer header.
 */
export function requestId() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const id = requestIdFor(requestHeader(c, 'x-request-id'));
    c.set('requestId', id);
    c.header('X-Request-Id', id);
    await next();
  });
}
