import { Hono } from 'hono';
import type { AppEnv } from '../http/env';
import { requireUser } from './roles';
import { favouriteAddresses, recentAddresses } from './saved-address.service';

/**
 * Spec 7 getFavoriteAddress and getRecentAddress, at the paths issue 4 names. Signed-in only (401
 * problem for anonymous visitors); each answers the caller's own data and nobody else's.
 */
export function savedAddressApi() {
  const app = new Hono<AppEnv>();
  app.use('/api/cart/address/*', requireUser);
  app.use('/api/cart/address/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  app.get('/api/cart/address/favorite', (c) => c.json(favouriteAddresses(c.get('deps').db, c.get('session').userId!)));
  app.get('/api/cart/address/recent', (c) => c.json(recentAddresses(c.get('deps').db, c.get('session').userId!)));
  return app;
}
