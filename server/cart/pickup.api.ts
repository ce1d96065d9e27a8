import { Hono } from 'hono';
import type { AppEnv } from '../http/env';
import { isSharedRequest, markShared, requestTarget, type HttpCacheSettings } from '../http/http-cache';
import { ValidationError } from '../http/problem';
import { msg } from '../i18n/msg';
import { parseInput } from './cart.http';
import { pickupPointsSchema } from './cart.schemas';
import { searchPickupPoints } from './pickup.service';
import { shopOptions } from './shipping.service';

/** The dialog shows a page of points; a shopper narrows by typing, not by scrolling through thousands. */
export const PICKUP_LIST_LIMIT = 50;

/**
 * The pickup dialog's list (issue 23): Packeta (10) and SPS (14) points or post offices (9) with
 * their positions, through the step-2 search (one home: searchPickupPoints). It depends on the
 * address only and the points are catalogue rows (their writes raise the catalogue version), so an
 * anonymous visitor's answer is a shared one for HTTP caches (decision 213).
 */
export function pickupApi(httpCache: HttpCacheSettings) {
  const app = new Hono<AppEnv>();
  app.get('/api/pickup-points', (c) => {
    const input = parseInput(pickupPointsSchema, c.req.query());
    const db = c.get('deps').db;
    const shop = c.get('shop');
    const country = input.country ?? shop.country;
    if (!shopOptions(db, shop.id, country).companies.get(input.company)?.pickup) {
      throw new ValidationError({ company: msg('Tento prepravca nemá výdajné miesta') });
    }
    const items = searchPickupPoints(db, { companyId: input.company, country, q: input.q, near: input.near, limit: PICKUP_LIST_LIMIT });
    if (isSharedRequest(c, requestTarget(c))) markShared(c, httpCache);
    else c.header('Cache-Control', 'no-store');
    return c.json({ items });
  });
  return app;
}
