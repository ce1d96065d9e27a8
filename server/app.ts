import { msg } from './i18n/msg';
import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { join } from 'node:path';
import { catalogApi } from './catalog/catalog.api';
import { categorySlugHandler } from './catalog/category.pages';
import { cartApi } from './cart/cart.api';
import { cartPages } from './cart/cart.pages';
import { countryPages } from './cart/country.pages';
import { cartOwnerRoutes } from './cart/cart-owner.routes';
import { ordersPages } from './orders/orders.pages';
import { purchaseApi, trackLimiter } from './orders/purchase.api';
import { paymentsPages } from './payments/payments.pages';
import { NOTIFY_PATH } from './payments/paths';
import { paymentProvider } from './payments/payment-provider';
import { TestBank } from './payments/test-bank';
import { testBankPages } from './payments/test-bank.pages';
import { soapViesClient } from './orders/vies';
import { sitemapPages } from './catalog/sitemap.pages';
import { slugPages } from './catalog/slug.pages';
import { searchPages } from './search/search.pages';
import { sellerPages } from './sellers/seller.pages';
import { homePages } from './home/home.pages';
import { blogApi } from './content/blog.api';
import { blogPages, contentSlugHandler } from './content/blog.pages';
import { widgetHelpPages } from './content/widget-help.pages';
import { contentApi } from './content/content.api';
import { accountsRoutes } from './accounts/accounts.routes';
import { accountGuards } from './accounts/roles';
import { favouritesRoutes } from './favourites/favourites.routes';
import { pointsApi } from './points/points.api';
import { pointsPages } from './points/points.pages';
import { vouchersApi } from './vouchers/vouchers.api';
import { vouchersPages } from './vouchers/vouchers.pages';
import { guideUnlockApi } from './points/guide-unlock.api';
import { guideUnlockPages } from './points/guide-unlock.pages';
import { myOrdersPages } from './orders/my-orders.pages';
import { registerReferralCredit } from './accounts/referral.service';
import { apiContentTypes } from './http/content-type';
import { limitBody, MAX_BODY_BYTES } from './http/body-limit';
import { csrf } from './http/csrf';
import type { AppEnv, Deps } from './http/env';
import { errorHandler, notFoundHandler } from './http/errors';
import { ProblemError } from './http/problem';
import { responseHead } from './http/response-head';
import { requestId } from './http/request-id';
import { securityFieldsWithImages } from './http/security-headers';
import { session } from './http/session';
import { shopAndLocale } from './http/shop';
import { notModified } from './http/http-cache';
import { readCatalogVersion } from './catalog/catalog-version';
import { sessionApi } from './sessions/session.api';
import { createTranslators } from './i18n/catalogs';
import { mediaRoutes } from './media/media.routes';
import { openApiRoutes } from './openapi/openapi.api';
import { productApi } from './product/product.api';
import { productPages, productSlugHandler } from './product/product.pages';
import { loadAssets } from './render/assets';
import { createRenderer } from './render/renderer';
import { shopPreferencePages } from './shops/shop.pages';
import { loadShops } from './shops/shops.service';
import { watchdogRoutes } from './watchdog/watchdog.routes';

export { MAX_BODY_BYTES } from './http/body-limit';

export type App = Hono<AppEnv>;

/** Builds the whole shop from its dependencies; nothing is kept in module scope. */
export function createApp(deps: Deps): App {
  const { db, config, clock } = deps;
  const shops = loadShops(db, config);
  const translators = createTranslators();
  const payments = paymentProvider(config);
  // The referrer's points when a referred user's first order is paid; registered once per process.
  registerReferralCredit();
  const render = createRenderer({ root: config.root, production: config.production, assets: loadAssets(config.root), httpCache: config.httpCache });

  const app = new Hono<AppEnv>();

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

  const securityFields = securityFieldsWithImages(config.imageHosts);
  app.use(responseHead((c) => securityFields(c.req.path)));
  app.use(requestId());
  app.use(async (c, next) => {
    c.set('deps', deps);
    // The one read of the catalogue version per request: caches and validators key on it.
    c.set('catalogVersion', readCatalogVersion(db));
    await next();
  });
  app.use(shopAndLocale(config, shops, translators));
  // Bodies over 1 MiB: 413. Decided by Content-Length when there is one, so a JSON call does not
  // make the Node adapter build a WHATWG Request (server/http/body-limit.ts, decision 175).
  app.use(
    limitBody(MAX_BODY_BYTES, () => {
      throw new ProblemError(413, msg('Požiadavka je príliš veľká.'));
    }),
  );
  app.use(session(db, config, clock));
  app.use(notModified(config.httpCache));
  app.use('/api/*', apiContentTypes());
  // The bank's notification carries no session and no token: its HMAC signature is its proof (docs/decisions/100).
  app.use(csrf(config.secret, { exempt: (path) => path === NOTIFY_PATH }));

  app.route('/', homePages(render));
  app.route('/', sessionApi());
  app.route('/', shopPreferencePages());
  // Guards first: every /moje/* and /api/consumer/* route, including ones added later, runs behind them.
  app.route('/', accountGuards());
  app.route('/', accountsRoutes(render, clock));
  app.route('/', pointsApi());
  app.route('/', pointsPages(render));
  app.route('/', vouchersApi());
  app.route('/', vouchersPages(render));
  app.route('/', guideUnlockApi());
  app.route('/', guideUnlockPages(render));
  app.route('/', myOrdersPages(render));
  app.route('/', favouritesRoutes(render));
  app.route('/', cartApi());
  app.route('/', cartPages(render));
  app.route('/', countryPages(render));
  app.route('/', cartOwnerRoutes());
  // One limiter for tracker look-ups: the finder form and the API share TRACK_LIMIT per client.
  const tracker = trackLimiter(clock);
  app.route('/', purchaseApi(deps.vies ?? soapViesClient(config.vies.url, config.vies.timeoutMs), tracker));
  app.route('/', ordersPages(render, payments !== null, tracker));
  app.route('/', paymentsPages(payments));
  if (payments instanceof TestBank) app.route('/', testBankPages(render, payments, (path, init) => Promise.resolve(app.request(path, init))));
  app.route('/', openApiRoutes());
  app.route('/', catalogApi(config.httpCache));
  app.route('/', sitemapPages());
  app.route('/', searchPages(render));
  app.route('/', productApi());
  app.route('/', productPages(render));
  app.route('/', sellerPages(render));
  app.route('/', blogPages(render));
  app.route('/', widgetHelpPages(render));
  app.route('/', blogApi());
  app.route('/', contentApi());
  app.route('/', watchdogRoutes(render, clock));
  app.route(
    '/',
    slugPages([
      categorySlugHandler(render),
      productSlugHandler(render, config.root),
      contentSlugHandler(render),
    ]),
  );

  app.notFound(notFoundHandler(render));
  app.onError(errorHandler(render));
  return app;
}
