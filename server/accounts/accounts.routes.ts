import { Hono } from 'hono';
import type { AppEnv, Clock } from '../http/env';
import type { Render } from '../render/renderer';
import { accountPages } from './account.pages';
import { authApi } from './auth.api';
import { authPages } from './auth.pages';
import { createAccountLimits } from './limits';
import { oauthPages } from './oauth.pages';
import { privacyPages } from './privacy.pages';
import { recoveryPages } from './recovery.pages';
import { savedAddressApi } from './saved-address.api';

/** Everything of the accounts domain, sharing one set of rate-limit counters per app. */
export function accountsRoutes(render: Render, clock: Clock) {
  const limits = createAccountLimits(clock);
  const app = new Hono<AppEnv>();
  app.route('/', authPages(render, limits));
  app.route('/', authApi(limits));
  app.route('/', recoveryPages(render, limits));
  app.route('/', accountPages(render));
  app.route('/', privacyPages(render, limits));
  app.route('/', savedAddressApi());
  app.route('/', oauthPages(render, limits, clock));
  return app;
}
