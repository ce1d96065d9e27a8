import { Hono } from 'hono';
import type { AppEnv } from '../http/env';
import type { Render } from '../render/renderer';
import { favouritesApi } from './favourites.api';
import { favouritesPages } from './favourites.pages';

export function favouritesRoutes(render: Render) {
  const app = new Hono<AppEnv>();
  app.route('/', favouritesApi());
  app.route('/', favouritesPages(render));
  return app;
}
