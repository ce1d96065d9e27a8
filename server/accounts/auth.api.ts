import { Hono } from 'hono';
import type { AppEnv } from '../http/env';
import { ProblemError } from '../http/problem';
import { ROUTES } from '../render/routes';
import { signInAttempt, signUpAttempt, type Outcome } from './auth.service';
import { readBody } from '../http/body';
import type { AccountLimits } from './limits';

function fail(outcome: Extract<Outcome<unknown>, { ok: false }>): never {
  throw new ProblemError(outcome.status, outcome.detail, outcome.errors, outcome.values);
}

/** Spec 7: POST /api/security/signin and /signup, multipart (JSON and urlencoded accepted too). */
export function authApi(limits: AccountLimits) {
  const app = new Hono<AppEnv>();

  app.post('/api/security/signin', async (c) => {
    const outcome = await signInAttempt(c, limits, await readBody(c));
    if (!outcome.ok) fail(outcome);
    const user = outcome.value;
    // The new session has a new CSRF token; the client navigates to the landing page next.
    return c.json({ username: user.email, roles: user.roles, status: user.status, redirect: ROUTES.account });
  });

  app.post('/api/security/signup', async (c) => {
    const outcome = await signUpAttempt(c, limits, await readBody(c));
    if (!outcome.ok) fail(outcome);
    const { user } = outcome.value;
    return c.json({ username: user.email, status: user.status, requested_type: user.requestedType, redirect: ROUTES.signIn }, 201);
  });

  return app;
}
