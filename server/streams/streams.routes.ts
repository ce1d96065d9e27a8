import { Hono } from 'hono';
import type { AppEnv, Clock } from '../http/env';
import type { Db } from '../db/client';
import { RateLimiter } from '../http/rate-limit';
import type { Renderer } from '../render/renderer';
import { StreamHub } from './stream-hub';
import { StreamLive } from './stream-live';
import { streamsApi } from './streams.api';
import { streamsPages } from './streams.pages';

/** Five messages per signed-in user per 10 seconds, shared by the API and the no-JS chat form. */
export const MESSAGE_LIMIT = { windowMs: 10_000, max: 5 };

/** Live streams (issue 22): one hub per app, so each test shop (and each process) has its own viewers. */
export function streamsRoutes(render: Renderer, clock: Clock, db: Db) {
  const hub = new StreamHub();
  const live = new StreamLive(hub, db);
  const limiter = new RateLimiter(clock, MESSAGE_LIMIT.windowMs, MESSAGE_LIMIT.max);
  const app = new Hono<AppEnv>();
  app.route('/', streamsApi(hub, live, limiter));
  app.route('/', streamsPages(render, live, limiter));
  return Object.assign(app, { live });
}
