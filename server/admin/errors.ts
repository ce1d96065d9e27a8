import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { problemAnswer, problemOf } from '../http/errors';
import type { AppEnv } from '../http/env';
import { ProblemError } from '../http/problem';
import { requestHeader } from '../http/request-header';
import { msg } from '../i18n/msg';
import type { AdminEnv } from './env';
import { isAdminApi } from './guard';
import type { AdminRender } from './render';

/**
 * Errors of back-office routes: problem+json for the admin API (and clients that ask for JSON),
 * else an error page in the back office's own layout. Anything not a ProblemError is logged and
 * answered as a 500 that says nothing about the cause.
 */
export function adminErrors(render: AdminRender) {
  return (err: Error, c: Context<AdminEnv>): Response => {
    let problem: ProblemError;
    if (err instanceof ProblemError) problem = err;
    else if (err instanceof HTTPException && err.status < 500) problem = new ProblemError(err.status, msg('Nesprávna požiadavka'));
    else {
      c.get('deps')?.logger.error(`request ${c.get('requestId')} failed: ${c.req.method} ${c.req.path}`, err);
      problem = new ProblemError(500, msg('Niečo sa pokazilo. Skúste to prosím neskôr.'));
    }
    const shopContext = c as unknown as Context<AppEnv>;
    const body = problemOf(shopContext, problem);
    if (isAdminApi(c.req.path) || (requestHeader(shopContext, 'accept') ?? '').includes('application/json')) return problemAnswer(shopContext, body);
    return render(c, 'error', { problem: body, signIn: problem.status === 401 }, { title: body.title, status: body.status as ContentfulStatusCode });
  };
}
