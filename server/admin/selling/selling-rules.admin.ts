import { Hono } from 'hono';
import type { AdminEnv } from '../env';
import type { AdminRender } from '../render';
import { giftsAdmin } from './gifts.admin';
import { paymentsAdmin } from './payments.admin';
import { pickupPointsAdmin } from './pickup-points.admin';
import { pointItemsAdmin } from './point-items.admin';
import { shippingAdmin } from './shipping.admin';

/** The selling rules beside the vouchers (issue 20): shipping prices, payments, gifts, point items, pickup points. */
export function sellingRulesAdmin(render: AdminRender) {
  const app = new Hono<AdminEnv>();
  app.route('/', shippingAdmin(render));
  app.route('/', paymentsAdmin(render));
  app.route('/', giftsAdmin(render));
  app.route('/', pointItemsAdmin(render));
  app.route('/', pickupPointsAdmin(render));
  return app;
}
