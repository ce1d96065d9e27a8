import type { I18n } from '@lingui/core';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import type { ShopContext } from '../http/env';
import type { Locale } from '../i18n/locales';
import { formatMoney } from '../render/format';
import { cacheBytes, keptBytes } from './cache-budget';
import { CatalogueCache } from './catalog-cache';
import { productsByIds, type ListedProduct } from './listing.service';
import { availabilityOf } from './product-card';
import { lowestPriceText } from './price-history';
import { productImageUrl, productUrl, sellerUrl } from './urls';

/** What a product's JSON depends on besides its row: read from the context once per request. */
export interface ProductJsonView {
  /** The shop's locale names the product's address (catalogue-texts.ts); the view's locale its texts. */
  shop: Pick<ShopContext, 'currency' | 'currencySymbol' | 'locale'>;
  locale: Locale;
  i18n: I18n;
  /** `quantity` (the stock count) only when the caller asks with_availability (decision 013). */
  withAvailability: boolean;
}

/**
 * A product as the spec's Product entity (section 3), snake_case as listed there. Money is in minor
 * units of the shop currency (integers) with a formatted string beside it; `quantity` is sent only
 * when the caller asks with_availability.
 */
export function productJson(view: ProductJsonView, p: ListedProduct) {
  const { shop, locale, i18n } = view;
  const availability = availabilityOf(p.availabilityDays);
  return {
    id: p.id,
    parent_id: p.parentId,
    name: p.name,
    url: productUrl(p.slug),
    type: p.type,
    visible: p.visible,
    code_public: p.codePublic,
    image_filename: p.imageFilename,
    image_url: p.imageFilename ? productImageUrl(p.imageFilename) : null,
    price: p.price,
    priceOld: p.priceOld,
    price_formatted: formatMoney(p.price, shop.currency, locale),
    priceOld_formatted: p.priceOld === null ? null : formatMoney(p.priceOld, shop.currency, locale),
    // EU Omnibus: the 30-day lowest price before the reduction, with every crossed-out price.
    priceLowest: p.priceLowest,
    priceLowest_formatted: p.priceLowest === null ? null : formatMoney(p.priceLowest, shop.currency, locale),
    priceLowest_text: p.priceLowest === null ? null : lowestPriceText(i18n, formatMoney(p.priceLowest, shop.currency, locale)),
    currency: shop.currency,
    currencySymbol: shop.currencySymbol,
    price_is_b2c: p.priceIsB2c,
    quantity: view.withAvailability ? p.quantity : null,
    availability_text: i18n._(availability.text, availability.values),
    availability_days: p.availabilityDays,
    availability_severity: availability.severity,
    tags: p.tags,
    tags_public: p.tagsPublic,
    has_videos: p.hasVideos,
    seller: p.seller ? { name: p.seller.name, url: sellerUrl(p.seller.slug) } : null,
    children_count: p.childrenCount,
    inventoryStatus: p.inventoryStatus,
    variant_view: p.variantView,
    variant_view_setting: p.variantViewSetting,
  };
}

/** ~10 KB a list of 12. */
const MAX_BYTES = cacheBytes('productLists');
const answers = perDatabase(() => new CatalogueCache<Buffer>(MAX_BYTES, (bytes) => bytes.length));

/**
 * GET/POST /api/product's answer to `asked` (the shop, locale, price role and fields of a call) at
 * catalogue version `version`, kept as UTF-8: a call asked again validates, lists, reads and
 * serialises nothing; its answer is the kept bytes. `make` answers a call not kept (and may throw a
 * problem, which is not kept). Kept whole, not per list or per product: validating, finding the
 * category and listing its ids, which a kept list still needed, were a sixth of a signed-in POST's
 * CPU (decision 213).
 */
export function keptProductList(db: Db, version: number, asked: string, make: () => Buffer): Buffer {
  return answers(db).get(version, asked, make);
}

/** `{"items": [...], ...rest}` for the listed products of `ids` in that order (ids not shown are left out), as UTF-8. */
export function productListBody(db: Db, view: ProductJsonView & { shopId: number; wholesale: boolean }, ids: readonly number[], rest: Record<string, unknown>): Buffer {
  const rows = productsByIds(db, view.shopId, view.wholesale, ids, { text: view.locale, slug: view.shop.locale });
  return keptBytes(JSON.stringify({ items: rows.map((row) => productJson(view, row)), ...rest }));
}
