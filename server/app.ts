import { msg } from './i18n/msg';
import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { join } from 'node:path';
import { catalogApi } from './catalog/catalog.api';
import { categorySlugHandler } from './catalog/category.pages';
import { cartApi } from './cart/cart.api';
import { pickupApi } from './cart/pickup.api';
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
import { feedPages } from './feeds/feeds.pages';
import { slugPages } from './catalog/slug.pages';
import { searchPages } from './search/search.pages';
import { sellerPages } from './sellers/seller.pages';
import { sellerAccountApi } from './sellers/seller-account.api';
import { isSellerUpload } from './sellers/seller-account.schemas';
import { sellerAccountPages, sellerImageFiles } from './sellers/seller-account.pages';
import { homePages } from './home/home.pages';
import { storiesPages, storyImageFiles } from './stories/stories.pages';
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
import { withdrawalPages } from './withdrawal/withdrawal.pages';
import { registerReferralCredit } from './accounts/referral.service';
import { apiContentTypes } from './http/content-type';
import { limitBody, MAX_BODY_BYTES } from './http/body-limit';
import { wellFormedBodies } from './http/body';
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
import { sessionApi } from './sessions/session.api';
import { createTranslators } from './i18n/catalogs';
import { mediaRoutes } from './media/media.routes';
import { openApiRoutes } from './openapi/openapi.api';
import { embedRoutes } from './embed/embed.routes';
import { embedPages } from './embed/embed.pages';
import { productApi } from './product/product.api';
import { productPages, productSlugHandler } from './product/product.pages';
import { loadAssets } from './render/assets';
import { createRenderer } from './render/renderer';
import { shopPreferencePages } from './shops/shop.pages';
import { loadShops } from './shops/shops.service';
import { watchdogRoutes } from './watchdog/watchdog.routes';
import { votesRoutes } from './votes/votes.routes';
import { streamsRoutes } from './streams/streams.routes';
import { claimsRoutes } from './claims/claims.routes';
import { notificationsRoutes } from './notifications/notifications.routes';
import { influencerPages } from './vouchers/influencer.pages';
import { isClaimUpload } from './claims/paths';
import { MAX_CLAIM_BODY_BYTES } from './claims/claims.schemas';
import { isCatalogueImport } from './admin/catalogue-csv/paths';
import { MAX_IMPORT_BYTES } from './admin/catalogue-csv/catalogue-csv.schemas';
import type { Outbox } from './mail/outbox';
import { createShopOutbox } from './outbox';
import { adminApp } from './admin/admin.app';
import { isProductImageUpload, productImageFiles } from './admin/catalogue/product-images.service';
import { settingsConfig } from './settings/settings.service';
import { CachedRouter } from './route-cache';

export { MAX_BODY_BYTES } from './http/body-limit';

export interface App extends Hono<AppEnv> {
  /** Queued mails: sent after each commit that queues one, and by index.ts on a timer (retries). */
  readonly outbox: Outbox;
}

/** Builds the whole shop from its dependencies; nothing is kept in module scope. */
export function createApp(given: Deps): App {
  // Host names and origins stored in the back office win over the environment's (server/settings).
  const deps: Deps = { ...given, config: settingsConfig(given.config, given.db) };
  const { db, config, clock } = deps;
  const shops = loadShops(db, config);
  const translators = createTranslators();
  const payments = paymentProvider(config);
  // The referrer's points when a referred user's first order is paid; registered once per process.
  registerReferralCredit();
  const assets = loadAssets(config.root);
  const render = createRenderer({ root: config.root, production: config.production, assets, httpCache: config.httpCache });

  const outbox = createShopOutbox(deps);
  const app = Object.assign(new Hono<AppEnv>({ router: new CachedRouter() }), { outbox }) as App;

  // Hashed build output is immutable; the rest of static/ may change between releases. Set on the
  // found file's response itself: serveStatic's onFound runs after that response was made, and
  // only the Node adapter's own Response class still showed a header set then.
  const buildFiles = serveStatic({ root: join(config.root, 'static'), precompressed: true });
  app.use('/build/*', async (c, next) => {
    const found = await buildFiles(c, next);
    if (found instanceof Response) {
      found.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
      // The partner embed's bundles run on partners' pages, which may isolate themselves (COEP).
      if (c.req.path.startsWith('/build/embed-')) found.headers.set('Cross-Origin-Resource-Policy', 'cross-origin');
    }
    return found;
  });
  app.use('/static/*', serveStatic({ root: config.root, onFound: (_p, c) => c.header('Cache-Control', 'public, max-age=3600') }));
  app.route('/', productImageFiles(config.uploadsDir));
  app.route('/', sellerImageFiles(db, config.uploadsDir));
  app.route('/', storyImageFiles(config.uploadsDir));
  app.route('/', mediaRoutes());

  const securityFields = securityFieldsWithImages(config.imageHosts, config.videoOrigin, config.mapTiles?.origin ?? null);
  app.use(responseHead((c) => securityFields(c.req.path)));
  app.use(requestId());
  app.use(async (c, next) => {
    c.set('deps', deps);
    c.set('outbox', outbox);
    await next();
  });
  app.use(shopAndLocale(config, shops, translators));
  // The one read of the catalogue version per request, with the session's row (and its header's
  // figures, in this shop: so after shopAndLocale) when there is a cookie.
  app.use(session(db, config, clock));
  // A request that queued mails in its transaction sends them after the answer, never delaying or
  // failing it (a failure stays queued; index.ts retries on a timer). Any other request: no query.
  app.use(async (c, next) => {
    await next();
    void outbox.deliverQueuedHere();
  });
  // Bodies over 1 MiB: 413. Decided by Content-Length when there is one, so a JSON call does not
  // make the Node adapter build a WHATWG Request (server/http/body-limit.ts, decision 175).
  const tooLarge = () => {
    throw new ProblemError(413, msg('Požiadavka je príliš veľká.'));
  };
  const smallBodies = limitBody(MAX_BODY_BYTES, tooLarge);
  // A claim may carry five photos of up to 5 MB each (server/claims/claims.schemas.ts).
  const claimBodies = limitBody(MAX_CLAIM_BODY_BYTES, tooLarge);
  // A product CSV import (back office, admins only) may carry 100,000 rows.
  const importBodies = limitBody(MAX_IMPORT_BYTES, tooLarge);
  app.use((c, next) => {
    const upload = isClaimUpload(c.req.method, c.req.path) || isProductImageUpload(c.req.method, c.req.path) || isSellerUpload(c.req.method, c.req.path);
    const csv = isCatalogueImport(c.req.method, c.req.path);
    return (csv ? importBodies : upload ? claimBodies : smallBodies)(c, next);
  });
  app.use(notModified(config.httpCache));
  app.use('/api/*', apiContentTypes());
  // The bank's notification carries no session and no token: its HMAC signature is its proof (docs/decisions/100).
  app.use(csrf(config.secret, { exempt: (path) => path === NOTIFY_PATH }));
  // Every body is parsed here, once: a malformed one is a 400 on any route (a 403 first without a proof, decision 212).
  app.use(wellFormedBodies());

  // The back office (docs/decisions/220): its own session, guard, layout and error pages under /admin.
  const streams = streamsRoutes(render, clock, db);
  app.route('/', adminApp({ config, envConfig: given.config, clock, shops, translators, streamLive: streams.live }));
  app.route('/', homePages(render));
  app.route('/', sessionApi());
  app.route('/', shopPreferencePages(render));
  // Guards first: every /moje/* and /api/consumer/* route, including ones added later, runs behind them.
  app.route('/', accountGuards());
  app.route('/', accountsRoutes(render, clock));
  app.route('/', notificationsRoutes(render));
  app.route('/', pointsApi());
  app.route('/', pointsPages(render));
  app.route('/', vouchersApi());
  app.route('/', vouchersPages(render));
  app.route('/', influencerPages(render));
  app.route('/', guideUnlockApi());
  app.route('/', guideUnlockPages(render));
  app.route('/', myOrdersPages(render));
  app.route('/', favouritesRoutes(render));
  app.route('/', cartApi());
  app.route('/', pickupApi(config.httpCache));
  app.route('/', cartPages(render));
  app.route('/', countryPages(render));
  app.route('/', cartOwnerRoutes());
  // One limiter for tracker look-ups: the finder form and the API share TRACK_LIMIT per client.
  const tracker = trackLimiter(clock);
  app.route('/', purchaseApi(deps.vies ?? soapViesClient(config.vies.url, config.vies.timeoutMs), tracker));
  app.route('/', ordersPages(render, payments !== null, tracker));
  app.route('/', withdrawalPages(render, clock));
  app.route('/', paymentsPages(payments));
  if (payments instanceof TestBank) app.route('/', testBankPages(render, payments, (path, init) => Promise.resolve(app.request(path, init))));
  app.route('/', openApiRoutes());
  app.route('/', embedRoutes({ root: config.root, assets, shops, translators, httpCache: config.httpCache }));
  app.route('/', embedPages(render, shops));
  app.route('/', catalogApi(config.httpCache));
  app.route('/', sitemapPages());
  app.route('/', feedPages());
  app.route('/', searchPages(render));
  app.route('/', productApi());
  app.route('/', productPages(render));
  app.route('/', sellerPages(render));
  app.route('/', sellerAccountApi());
  app.route('/', sellerAccountPages(render));
  app.route('/', storiesPages(render));
  app.route('/', blogPages(render));
  app.route('/', widgetHelpPages(render));
  app.route('/', blogApi());
  app.route('/', contentApi());
  app.route('/', watchdogRoutes(render, clock));
  app.route('/', votesRoutes(render, clock));
  app.route('/', streams);
  app.route('/', claimsRoutes(render, clock));
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
  answerHeadAsGet(app);
  return app;
}

/**
 * HEAD is GET without the body, with every header GET has. Hono answers HEAD by re-wrapping GET's
 * answer (`new Response(null, answer)`), and the Node adapter's light Response then keeps only the
 * headers that answer was made with: what the response head added afterwards (the security headers,
 * Cache-Control and ETag of a product feed) was missing from HEAD. Here HEAD takes GET's finished
 * headers (tests/server/head-requests.test.ts).
 */
function answerHeadAsGet(app: App): void {
  const fetch = app.fetch;
  const headOf = async (answer: Response | Promise<Response>) => {
    const res = await answer;
    return new Response(null, { status: res.status, headers: res.headers });
  };
  app.fetch = (request, ...rest) => (request.method === 'HEAD' ? headOf(fetch(new Request(request, { method: 'GET' }), ...rest)) : fetch(request, ...rest));
}
