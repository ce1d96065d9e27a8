import { requestHeader } from './request-header';
import { msg } from '../i18n/msg';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from './env';
import { ProblemError, type Problem } from './problem';
import { answer } from './response-head';
import type { Render } from '../render/renderer';

const TITLES: Record<number, string> = {
  400: msg('Nesprávna požiadavka'),
  403: msg('Prístup zamietnutý'),
  404: msg('Stránka neexistuje'),
  405: msg('Nepovolená metóda'),
  409: msg('Konflikt'),
  413: msg('Požiadavka je príliš veľká'),
  415: msg('Nepodporovaný formát'),
  429: msg('Príliš veľa požiadaviek'),
  500: msg('Nastala chyba'),
};

const wantsJson = (c: Context<AppEnv>) => c.req.path.startsWith('/api/') || (requestHeader(c, 'accept') ?? '').includes('application/json');

const translate = (c: Context<AppEnv>, id: string, values?: Record<string, unknown>) => c.get('i18n')?._(id, values) ?? id;

/** Answers a problem as application/problem+json for the API or as an error page for browsers. */
export function respondWithProblem(c: Context<AppEnv>, render: Render, error: ProblemError): Response {
  const body = problemOf(c, error);
  if (wantsJson(c) || !c.get('shop') || !c.get('session')) return problemAnswer(c, body);
  const template = body.status === 404 ? 'pages/errors/404' : 'pages/errors/error';
  const { title, detail, status } = body;
  return render(c, template, { title, detail, status, requestId: c.get('requestId') }, { title, status: status as ContentfulStatusCode, noStore: true });
}

/** A problem's body in the reader's language (also the back office's, server/admin/errors.ts). */
export function problemOf(c: Context<AppEnv>, error: ProblemError): Problem {
  const status = error.status as ContentfulStatusCode;
  const body: Problem = { type: 'about:blank', status, title: translate(c, TITLES[status] ?? TITLES[500]), detail: translate(c, error.detail, error.values), requestId: c.get('requestId') };
  if (error.errors) {
    // A field's message may name what was sent (a claim photo's file name): the same values fill it.
    body.errors = Object.fromEntries(Object.entries(error.errors).map(([field, message]) => [field, translate(c, message, error.values)]));
  }
  return body;
}

export const problemAnswer = (c: Context<AppEnv>, body: Problem) => answer(c, JSON.stringify(body), body.status, 'application/problem+json; charset=utf-8');

export function errorHandler(render: Render) {
  return (err: Error, c: Context<AppEnv>): Response => {
    if (err instanceof ProblemError) return respondWithProblem(c, render, err);
    if (err instanceof HTTPException && err.status < 500) return respondWithProblem(c, render, new ProblemError(err.status, TITLES[err.status] ?? TITLES[400]));
    c.get('deps')?.logger.error(`request ${c.get('requestId')} failed: ${c.req.method} ${c.req.path}`, err);
    try {
      return respondWithProblem(c, render, new ProblemError(500, msg('Niečo sa pokazilo. Skúste to prosím neskôr.')));
    } catch (renderError) {
      c.get('deps')?.logger.error('error page failed to render', renderError);
      return c.text('Internal Server Error', 500);
    }
  };
}

export const notFoundHandler = (render: Render) => (c: Context<AppEnv>) => respondWithProblem(c, render, new ProblemError(404, msg('Stránka, ktorú hľadáte, neexistuje.')));
