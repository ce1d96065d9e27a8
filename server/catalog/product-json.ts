import type { I18n } from '@lingui/core';
import type { ShopContext } from '../http/env';
import type { Locale } from '../i18n/locales';
import { formatMoney } from '../render/format';
import type { DeflatedPiece } from '../render/gzip-splice';
import type { ListedProduct } from './listing.service';
import { availabilityOf } from './product-card';
import { productImageUrl, productUrl, sellerUrl } from './urls';

/** What a product's JSON depends on besides its row: read from the context once per request. */
export interface ProductJsonView {
  shop: Pick<ShopContext, 'currency' | 'currencySymbol'>;
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

/**
 * The JSON text of each row, per locale, currency and with_availability, kept with the row object
 * itself. The rows of the list caches (RowCache, decision 185) are shared objects that live exactly
 * as long as they are valid: that cache drops them when either catalogue clock moves (prices,
 * stock, names, visibility; any other process's write) or when they fall out of its LRU. A text
 * keyed by the object goes with it (WeakMap), so it can never outlive its row, and there is no
 * second invalidation to get wrong. A row read fresh from SQL is a new object: its text is built
 * and dropped with it. Saves JSON.stringify, two money formats, a translation and ~30 property
 * reads per product: ~6 µs each, 12–100 per answer (decision 175).
 */
export interface KeptProduct {
  text: string;
  /** UTF-8 of the text, marked shared so gzipParts deflates it once (level 9) and splices it after. */
  bytes?: Buffer;
  /**
   * ',' + text deflated against the text of the product sent right before it (product-list-answer.ts),
   * by that product's kept entry: dropped with either entry.
   */
  after?: WeakMap<KeptProduct, DeflatedPiece>;
}
/** Per view key ("locale|currency|symbol|with availability"), the kept text of each row. */
const texts = new Map<string, WeakMap<ListedProduct, KeptProduct>>();

/** The kept entry of each row, in order; texts not kept yet are serialised now. */
export function keptProducts(view: ProductJsonView, items: readonly ListedProduct[]): KeptProduct[] {
  const key = `${view.locale}|${view.shop.currency}|${view.shop.currencySymbol}|${view.withAvailability ? 1 : 0}`;
  let forView = texts.get(key);
  if (!forView) texts.set(key, (forView = new WeakMap()));
  const out: KeptProduct[] = [];
  for (const p of items) {
    let entry = forView.get(p);
    if (entry === undefined) {
      entry = { text: JSON.stringify(productJson(view, p)) };
      forView.set(p, entry);
    }
    out.push(entry);
  }
  return out;
}
