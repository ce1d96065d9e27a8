// First: the flag must be set before the request path's allocation sites are decided.
import './runtime-flags';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { ConfigError, loadConfig } from './config';
import { migrateDb, openDb } from './db/client';
import { isCatalogEmpty, seedDemo } from './db/seed/demo';
import { updateSeededPages } from './db/seed/static-pages';
import { createLogger } from './http/logger';
import { createMailer } from './mail/mailer';
import { ensureShops, SHOP_ROWS } from './shops/shops.service';
import { DEMO_COMPANY_NUMBER, supplierOf } from './shops/supplier.service';
import { prepareSearch } from './search/search.service';

/** Process entry: config → open db → migrate → seed if empty → search index → listen; closes cleanly on SIGTERM. */
function main(): void {
  const started = performance.now();
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const db = openDb(config.dbFile);
  migrateDb(db, config.root);
  ensureShops(db);
  for (const shop of SHOP_ROWS) {
    if (config.production && supplierOf(db, shop.id).companyNumber === DEMO_COMPANY_NUMBER) {
      logger.info(`warning: shop ${shop.code}: invoices still print the demo supplier; set yours with npx tsx server/shops/cli.ts supplier --shop ${shop.code} …`);
    }
  }
  // Terms still as an earlier release seeded them cite a repealed law: they get the current text.
  const updated = updateSeededPages(db.$client);
  if (updated) logger.info(`updated ${updated} seeded terms page(s) to the current text`);
  if (config.seed === 'demo' && isCatalogEmpty(db)) {
    const counts = seedDemo(db, { products: config.seedProducts });
    logger.info(`seeded a demo shop: ${counts.products} products, ${counts.categories} categories, ${counts.guides} guides`);
  }
  const clock = { now: () => new Date() };
  const app = createApp({ db, config, clock, logger, mailer: createMailer(config.mail) });
  prepareSearch(db);
  // Mails queued by writes go out after each request; this timer retries the ones that failed and
  // sends those queued by the operator's CLI commands.
  const mailTimer = setInterval(() => void app.outbox.deliverDue(), 30_000);
  mailTimer.unref();
  void app.outbox.deliverDue();

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info(`obchod listens on http://${config.host}:${info.port} (ready in ${Math.round(performance.now() - started)} ms)`);
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info(`${signal}: closing`);
    clearInterval(mailTimer);
    server.close(() => {
      db.$client.close();
      process.exit(0);
    });
    // Keep-alive sockets would hold close() open; give in-flight requests a moment, then go.
    setTimeout(() => {
      db.$client.close();
      process.exit(0);
    }, 3000).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

try {
  main();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
