import type { I18n } from '@lingui/core';
import type { Context } from 'hono';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import type { AppEnv, ShopContext } from '../http/env';
import { bytesOf } from '../http/bytes';
import { answer } from '../http/response-head';
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

/** ~0.8 KB a product in each locale, currency, role and with/without stock. */
const MAX_BYTES = cacheBytes('productJson');
const texts = perDatabase(() => new CatalogueCache<Buffer>(MAX_BYTES, (bytes) => bytes.length + 64));

/**
 * The JSON text of each listed product of `ids`, in that order, as UTF-8, kept per catalogue
 * version, locale, currency, price role and with_availability (decision 175): only products
 * without a kept text are read and serialised (~6 µs each), so a list asked for again reads no rows
 * and encodes no text. Ids that are not shown are left out.
 */
export function productTexts(db: Db, version: number, view: ProductJsonView & { shopId: number; wholesale: boolean }, ids: readonly number[]): Buffer[] {
  const scope = `${view.locale}|${view.shop.locale}|${view.shop.currency}|${view.shop.currencySymbol}|${view.wholesale ? 'b2b' : 'b2c'}|${view.withAvailability ? 1 : 0}`;
  return texts(db).many(version, scope, ids, (missing) => {
    const rows = productsByIds(db, view.shopId, view.wholesale, missing, { text: view.locale, slug: view.shop.locale });
    return new Map(rows.map((row) => [row.id, keptBytes(JSON.stringify(productJson(view, row)))]));
  });
}

const ITEMS = Buffer.from('{"items":[');
const COMMA = Buffer.from(',');

/**
 * `{"items": [...], "total": n, ...rest}` for GET/POST /api/product from the kept UTF-8 texts:
 * equal to JSON.stringify of that object, without serialising or encoding the products again.
 */
export function productListAnswer(c: Context<AppEnv>, texts: readonly Buffer[], rest: Record<string, unknown>): Response {
  const tail = JSON.stringify(rest);
  const parts: Buffer[] = [ITEMS];
  texts.forEach((text, i) => parts.push(...(i > 0 ? [COMMA, text] : [text])));
  parts.push(Buffer.from(tail === '{}' ? ']}' : `],${tail.slice(1)}`));
  return answer(c, bytesOf(parts), 200, 'application/json');
}
