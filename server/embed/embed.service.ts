import type { I18n } from '@lingui/core';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import type { CategoryIndex } from '../catalog/category.service';
import { productsByIds } from '../catalog/listing.service';
import { SELLABLE_SQL } from '../catalog/sellable';
import { productImageUrl, productUrl } from '../catalog/urls';
import { availabilityOf } from '../catalog/product-card';
import { lowestPriceText } from '../catalog/price-history';
import { discountPercent, ribbons, type Ribbon } from '../product/availability';
import type { ShopContext } from '../http/env';
import type { Locale } from '../i18n/locales';
import { formatMoney } from '../render/format';
import { ROUTES } from '../render/routes';

/** One card of a partner's carousel: everything absolute, priced and worded for the asked shop and locale. */
export interface EmbedProduct {
  id: number;
  name: string;
  /** The product page on the shop's own origin. */
  url: string;
  image: string | null;
  /** Minor units of `currency` (B2C: an embed has no shopper). */
  price: number;
  price_old: number | null;
  price_formatted: string;
  price_old_formatted: string | null;
  /** EU Omnibus: with a crossed-out price, the lowest price of the 30 days before the reduction. */
  price_lowest: number | null;
  price_lowest_formatted: string | null;
  /** "Najnižšia cena za posledných 30 dní: …" in `locale`. */
  price_lowest_text: string | null;
  availability: string;
  availability_severity: string;
  ribbons: Ribbon[];
  /** The shop's add-to-cart page for this product (the embed appends `partner`). */
  cart_url: string;
}

export interface EmbedAnswer {
  shop: string;
  locale: Locale;
  currency: string;
  products: EmbedProduct[];
}

export type EmbedSource = { kind: 'ids'; ids: number[] } | { kind: 'category'; slug: string; limit: number };

/**
 * Only what the shop sells (sellable.ts: offered, not unavailable, not a parent of variants), with a
 * price in the asked shop: a carousel's "Do košíka" must lead to a product that can be added.
 */
const statements = perDatabase((db: Db) => {
  const priced = 'CROSS JOIN product_prices pp ON pp.product_id = p.id AND pp.shop_id = @shop';
  return {
    ids: db.$client
      .prepare(`SELECT p.id FROM json_each(@scope) scope CROSS JOIN products p ON p.id = scope.value ${priced} WHERE ${SELLABLE_SQL} ORDER BY scope.key`)
      .pluck(),
    category: db.$client
      .prepare(
        `SELECT p.id FROM json_each(@scope) scope CROSS JOIN products p ON p.category_id = scope.value ${priced}
          WHERE p.parent_id IS NULL AND ${SELLABLE_SQL} ORDER BY p.position, p.id LIMIT @limit`,
      )
      .pluck(),
  };
});

/** The ids a carousel shows, in its order; unknown, hidden or unsellable ids are left out. */
function idsOf(db: Db, shopId: number, categories: CategoryIndex, source: EmbedSource): number[] {
  const s = statements(db);
  if (source.kind === 'ids') return s.ids.all({ shop: shopId, scope: JSON.stringify(source.ids) }) as number[];
  const category = categories.bySlugVisible(source.slug);
  if (!category) return [];
  return s.category.all({ shop: shopId, scope: JSON.stringify(categories.subtreeIds(category.id)), limit: source.limit }) as number[];
}

/**
 * A partner carousel's products in one answer (GET /api/embed/products). Names (catalogue-texts.ts),
 * availability and ribbons are in `locale`, addresses in the shop's own;
 * addresses are absolute on `shop.origin`, so they work on any page.
 */
export function embedProducts(db: Db, categories: CategoryIndex, shop: ShopContext, locale: Locale, i18n: I18n, source: EmbedSource): EmbedAnswer {
  const ids = idsOf(db, shop.id, categories, source);
  const products = productsByIds(db, shop.id, false, ids, { text: locale, slug: shop.locale }).map((p): EmbedProduct => {
    const availability = availabilityOf(p.availabilityDays);
    const lowest = p.priceLowest === null ? null : formatMoney(p.priceLowest, shop.currency, locale);
    return {
      id: p.id,
      name: p.name,
      url: shop.origin + productUrl(p.slug),
      image: p.imageFilename ? shop.origin + productImageUrl(encodeURIComponent(p.imageFilename)) : null,
      price: p.price,
      price_old: p.priceOld,
      price_formatted: formatMoney(p.price, shop.currency, locale),
      price_old_formatted: p.priceOld === null ? null : formatMoney(p.priceOld, shop.currency, locale),
      price_lowest: p.priceLowest,
      price_lowest_formatted: lowest,
      price_lowest_text: lowest === null ? null : lowestPriceText(i18n, lowest),
      availability: i18n._(availability.text, availability.values),
      availability_severity: availability.severity,
      ribbons: ribbons(i18n, p.tagsPublic, discountPercent(p.price, p.priceOld)),
      cart_url: `${shop.origin}${ROUTES.cart}/pridat?product_id=${p.id}`,
    };
  });
  return { shop: shop.code, locale, currency: shop.currency, products };
}

/** A few products the shop sells, for the partner page's first example (the editors' first ones). */
export function sampleIds(db: Db, shopId: number, count: number): number[] {
  return sampleStatement(db).all({ shop: shopId, limit: count }) as number[];
}

const sampleStatement = perDatabase((db: Db) =>
  db.$client
    .prepare(
      `SELECT p.id FROM products p CROSS JOIN product_prices pp ON pp.product_id = p.id AND pp.shop_id = @shop
        WHERE p.parent_id IS NULL AND ${SELLABLE_SQL} ORDER BY p.position, p.id LIMIT @limit`,
    )
    .pluck(),
);
