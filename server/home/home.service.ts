import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import { priceForRole, type ProductCard, type RolePrices } from '../catalog/product-card';
import { offeredSql } from '../catalog/sellable';
import { withLowestPrices } from '../catalog/price-history';
import { langParams, productName, productSlug, productTextJoins, SLOVAK, type CatalogueLang } from '../catalog/catalogue-texts';
import { productImageUrl, productUrl } from '../catalog/urls';
import { newestGuides, type Guide } from '../content/blog.service';

export type { ProductCard };

/** A guide in a carousel (product page); the home page shows full guide cards (Guide). */
export interface GuideCard {
  id: number;
  title: string;
  url: string;
  image: string | null;
  short: string;
}

interface NewestRow extends RolePrices {
  id: number;
  name: string;
  slug: string;
  image: string | null;
  availabilityDays: number;
}

function prepare(db: Db) {
  // CROSS JOIN keeps products as the outer loop: SQLite walks the primary key backwards and stops
  // after 8 purchasable rows (0.01 ms) instead of joining every price of the shop and sorting (6 ms at 10k).
  const newest = db.$client.prepare<[{ shop: number; locale: string; slugLocale: string }], NewestRow>(
    `SELECT p.id, ${productName()} AS name, ${productSlug()} AS slug, p.image_filename AS image, pp.price_b2c AS b2c, pp.price_old_b2c AS b2cOld,
            pp.price_b2b AS b2b, pp.price_old_b2b AS b2bOld, p.availability_days AS availabilityDays
       FROM products p CROSS JOIN product_prices pp ON pp.product_id = p.id AND pp.shop_id = @shop
       ${productTextJoins()}
      WHERE ${offeredSql()}
      ORDER BY p.id DESC
      LIMIT 8`,
  );
  return { newest };
}

const statements = perDatabase(prepare);

/**
 * What the home page shows: the newest purchasable products (ids grow with creation, so walking the
 * primary key backwards stops after 8 rows instead of sorting the catalogue) and the newest guides.
 */
export function homeView(db: Db, shopId: number, wholesale: boolean, lang: CatalogueLang = SLOVAK): { products: ProductCard[]; guides: Guide[] } {
  const prepared = statements(db);
  const rows = prepared.newest.all({ shop: shopId, ...langParams(lang) });

  return {
    // The 30-day lowest prices of the reduced ones: one query for the 8 cards.
    products: withLowestPrices(db, shopId, wholesale, rows.map((r) => ({
      id: r.id,
      name: r.name,
      url: productUrl(r.slug),
      image: r.image ? productImageUrl(r.image) : null,
      ...priceForRole(r, wholesale),
      availabilityDays: r.availabilityDays,
    }))),
    // The same guide cards as the blog lists (obtain label, favourite heart).
    guides: newestGuides(db, lang),
  };
}
