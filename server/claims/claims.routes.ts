import { Hono } from 'hono';
import type { AppEnv, Clock } from '../http/env';
import type { Render } from '../render/renderer';
import { claimsApi } from './claims.api';
import { claimLimiter } from './claims.http';
import { claimsPages } from './claims.pages';

/** The claim API and the claim pages, mounted at once: one limiter counts both ways of filing a claim. */
export function claimsRoutes(render: Render, clock: Clock) {
  const limiter = claimLimiter(clock);
  const app = new Hono<AppEnv>();
  app.route('/', claimsApi(limiter));
  app.route('/', claimsPages(render, limiter));
  return app;
}
