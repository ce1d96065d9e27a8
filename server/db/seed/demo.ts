import type { Db } from '../client';
import { ensureShops } from '../../shops/shops.service';
import { seedBlog, seedWidgetGuide } from './blog';
import { seedCheckout } from './checkout';
import { seedGifts } from './gifts';
import { seedLoyalty } from './loyalty';
import { SlugRegistry, seedAttributeOptions, seedProductCategories } from './catalog';
import { seedProducts } from './products';
import { rng } from './random';
import { seedReviews } from './reviews';
import { seedVideos } from './videos';
import { withCatalogVersionDeferred, withIndexesDeferred, withSearchIndexSuspended } from './bulk-load';
import { seedSellers } from './sellers';
import { seedStaticPages } from './static-pages';
import { seedPageTexts } from './pages-i18n';
import { seedGuideTexts } from './guides-i18n';
import { seedMarketing } from './marketing';
import { seedVotes } from './votes';
import { seedStories } from './stories';
import { withPriceHistorySeeded } from './price-history';
import { seedStreams } from './streams';
import { seedLabelsI18n } from './labels-i18n';

export interface SeedCounts {
  products: number;
  categories: number;
  guides: number;
}

export const MAX_SEED_PRODUCTS = 1_000_000;

const PRODUCT_TABLES = ['products', 'product_prices', 'product_images', 'product_attribute_values', 'product_texts'];

function catalogueRows(db: Db): { products: number; categories: number } {
  return db.$client
    .prepare('SELECT (SELECT count(*) FROM products) AS products, (SELECT count(*) FROM categories) AS categories')
    .get() as { products: number; categories: number };
}

/** True when the shop has neither products nor categories (start-up seeds only such a shop). */
export function isCatalogEmpty(db: Db): boolean {
  const row = db.$client
    .prepare('SELECT EXISTS (SELECT 1 FROM products) OR EXISTS (SELECT 1 FROM categories) AS filled')
    .get() as { filled: number };
  return row.filled === 0;
}

/**
 * Fills an empty, migrated database with a deterministic demo shop: the same `products` gives
 * byte-identical rows on every machine (seeded PRNG, fixed base time). `products` counts every
 * product row, variants included. Everything is written in one IMMEDIATE transaction with raw
 * prepared statements, so 100,000 products take seconds and a failure leaves nothing behind.
 */
export function seedDemo(db: Db, options: { products: number }): SeedCounts {
  const total = options.products;
  if (!Number.isInteger(total) || total < 0 || total > MAX_SEED_PRODUCTS) {
    throw new RangeError(`seedDemo: products must be an integer from 0 to ${MAX_SEED_PRODUCTS}, got ${total}`);
  }
  ensureShops(db);
  const sqlite = db.$client;
  // A bigger page cache (128 MiB) for the bulk load and the index builds that follow it.
  const cacheSize = sqlite.pragma('cache_size', { simple: true }) as number;
  sqlite.pragma('cache_size = -131072');
  try {
    return sqlite.transaction((): SeedCounts => {
      const found = catalogueRows(db);
      if (found.products > 0 || found.categories > 0) {
        throw new Error(
          `seedDemo needs an empty catalogue, but the database has ${found.categories} categories and ${found.products} products. ` +
            'Run `npm run seed -- --products N` to replace the catalogue with a demo one.',
        );
      }
      const slugs = new SlugRegistry();
      const tree = seedProductCategories(sqlite, slugs, 1);
      const options = seedAttributeOptions(sqlite, tree.attributeIds);
      const sellers = seedSellers(sqlite);
      const made = withCatalogVersionDeferred(sqlite, () =>
        withPriceHistorySeeded(sqlite, () =>
          withSearchIndexSuspended(sqlite, 'products', () =>
            withSearchIndexSuspended(sqlite, 'product_texts', () =>
              withIndexesDeferred(sqlite, PRODUCT_TABLES, () => seedProducts(sqlite, tree.leaves, options, sellers, total)),
            ),
          ),
        ),
      );
      const blog = seedBlog(sqlite, slugs, tree.nextId, made.showcase, total);
      seedStaticPages(sqlite);
      seedPageTexts(sqlite);
      seedCheckout(sqlite);
      seedGifts(sqlite);
      seedMarketing(sqlite);
      seedReviews(sqlite, rng('reviews'));
      seedVideos(sqlite, rng('videos'));
      seedVotes(sqlite);
      seedStories(sqlite);
      seedWidgetGuide(sqlite, blog.guides);
      seedGuideTexts(sqlite);
      seedLoyalty(sqlite);
      seedStreams(sqlite);
      seedLabelsI18n(sqlite);
      return { products: made.rows, categories: catalogueRows(db).categories, guides: blog.guides };
    }).immediate();
  } finally {
    sqlite.pragma(`cache_size = ${cacheSize}`);
  }
}
