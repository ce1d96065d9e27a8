import { Hono } from 'hono';
import type { AppEnv, Clock } from '../http/env';
import { RateLimiter } from '../http/rate-limit';
import type { Render } from '../render/renderer';
import { votesApi } from './votes.api';
import { votesPages } from './votes.pages';

/** Ten ballots per client address per 10 minutes, shared by the widget's API and the no-JS form. */
export const VOTE_LIMIT = { windowMs: 10 * 60_000, max: 10 };

export function votesRoutes(render: Render, clock: Clock) {
  const limiter = new RateLimiter(clock, VOTE_LIMIT.windowMs, VOTE_LIMIT.max);
  const app = new Hono<AppEnv>();
  app.route('/', votesApi(limiter));
  app.route('/', votesPages(render, limiter));
  return app;
}
