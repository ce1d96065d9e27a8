import { Hono } from 'hono';
import type { AppEnv } from '../http/env';
import type { RateLimiter } from '../http/rate-limit';
import type { Render } from '../render/renderer';
import { checkoutPages } from './checkout.pages';
import { trackerPages } from './tracker.pages';
import { trackingPages } from './tracking.pages';

export { TRACKING_PATH } from './tracking.pages';
export { formatDateTime, formatDay } from './order-dates';

/**
 * Step 3 (the customer form), the tracker finder, the tracking page and the order's PDFs.
 * `trackLimiter`: the limiter POST /api/purchase/track uses, so the finder shares its limit.
 */
export function ordersPages(render: Render, onlinePayments: boolean, trackLimiter: RateLimiter) {
  const app = new Hono<AppEnv>();
  app.route('/', trackerPages(render, trackLimiter));
  app.route('/', checkoutPages(render));
  app.route('/', trackingPages(render, onlinePayments));
  return app;
}
