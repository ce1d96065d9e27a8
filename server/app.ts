import { msg } from './i18n/msg';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import { serveStatic } from '@hono/node-server/serve-static';
import { join } from 'node:path';
import { MenuCache } from './catalog/menu.service';
import { slugPages } from './catalog/slug.pages';
import { homePages } from './home/home.pages';
import { apiContentTypes } from './http/content-type';
import { csrf } from './http/csrf';
import type { AppEnv, Deps } from './http/env';
import { errorHandler, notFoundHandler } from './http/errors';
import { ProblemError } from './http/problem';
import { securityHeaders } from './http/security-headers';
import { session } from './http/session';
import { shopAndLocale } from './http/shop';
import { createTranslators } from './i18n/catalogs';
import { mediaRoutes } from './media/media.routes';
import { openApiRoutes } from './openapi/openapi.api';
import { loadAssets } from './render/assets';
import { createRenderer } from './render/renderer';
import { shopPreferencePages } from './shops/shop.pages';
import { loadShops } from './shops/shops.service';

export const MAX_BODY_BYTES = 1024 * 1024;

export interface App extends Hono<AppEnv> {
  /** Drops cached catalogue views (menu, fragments) after the catalogue changes. */
  invalidateCatalog(): void;
}

/** Builds the whole shop from its dependencies; nothing is kept in module scope. */
export function createApp(deps: Deps): App {
  const { db, config, clock } = deps;
  const shops = loadShops(db, config);
  const translators = createTranslators();
  const menu = new MenuCache(db);
  const render = createRenderer({ root: config.root, production: config.production, assets: loadAssets(config.root), menu });

  const app = new Hono<AppEnv>() as App;
  app.invalidateCatalog = () => menu.invalidate();

  // Hashed build output is immutable; the rest of static/ may change between releases.
  app.use(
    '/build/*',
    serveStatic({
      root: join(config.root, 'static'),
      precompressed: true,
      onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
    }),
  );
  app.use('/static/*', serveStatic({ root: config.root, onFound: (_p, c) => c.header('Cache-Control', 'public, max-age=3600') }));
  app.route('/', mediaRoutes());

  app.use(requestId());
  app.use(async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  app.use(securityHeaders());
  app.use(shopAndLocale(config, shops, translators));
  app.use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw new ProblemError(413, msg('Požiadavka je príliš veľká.'));
      },
    }),
  );
  app.use(session(db, config, clock));
  app.use('/api/*', apiContentTypes());
  app.use(csrf(config.secret));

  app.route('/', homePages(render));
  app.route('/', shopPreferencePages());
  app.route('/', openApiRoutes());
  // <catalog-routes>
  // <search-routes>
  // <product-routes>
  // <content-routes>
  // <watchdog-routes>
  app.route(
    '/',
    slugPages([
      // <catalog-slug-handler>
      // <product-slug-handler>
      // <content-slug-handler>
    ]),
  );

  app.notFound(notFoundHandler(render));
  app.onError(errorHandler(render));
  return app;
}
