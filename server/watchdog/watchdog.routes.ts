import { Hono } from 'hono';
import type { AppEnv, Clock } from '../http/env';
import { RateLimiter } from '../http/rate-limit';
import type { Render } from '../render/renderer';
import { watchdogApi } from './watchdog.api';
import { watchdogPages } from './watchdog.pages';

/** Ten new watches per client address per 10 minutes, shared by the dialog's API and the no-JS form. */
export const WATCHDOG_LIMIT = { windowMs: 10 * 60_000, max: 10 };

/** Everything of the watchdog mounted at once: one limiter for both ways of saving a watch. */
export function watchdogRoutes(render: Render, clock: Clock) {
  const limiter = new RateLimiter(clock, WATCHDOG_LIMIT.windowMs, WATCHDOG_LIMIT.max);
  const app = new Hono<AppEnv>();
  app.route('/', watchdogApi(limiter));
  app.route('/', watchdogPages(render, limiter));
  return app;
}
