import type { I18n } from '@lingui/core';
import type { Db } from '../db/client';
import { productUrl } from '../catalog/urls';
import { lowestPriceText } from '../catalog/price-history';
import type { Locale } from '../i18n/locales';
import { formatMoney } from '../render/format';
import { sellerById } from '../sellers/seller.service';
import { availabilitySeverity, availabilityText, type AvailabilitySeverity } from './availability';
import type { ProductRecord } from './product.service';

/** Spec 3's Product entity, field names as the spec writes them; money in minor units. */
export interface ProductEntity {
  id: number;
  name: string;
  url: string;
  type: ProductRecord['type'];
  visible: number;
  code_public: string;
  image_filename: string | null;
  price: number;
  priceOld: number | null;
  /** EU Omnibus: with a crossed-out price, the lowest price of the 30 days before the reduction. */
  priceLowest: number | null;
  /** "Najnižšia cena za posledných 30 dní: …" in the shopper's language and the shop's money format. */
  priceLowest_text: string | null;
  currency: string;
  currencySymbol: string;
  price_is_b2c: boolean;
  quantity: number;
  availability_text: string;
  availability_days: number;
  availability_severity: AvailabilitySeverity;
  tags: { c_type: string; c_value: string }[];
  tags_public: string[];
  has_videos: boolean;
  seller: { name: string; url: string } | null;
  children_count: number;
  inventoryStatus: string | null;
  variant_view: 'grid' | 'list' | null;
  variant_view_setting: string | null;
}

export function productEntity(
  db: Db,
  product: ProductRecord,
  shop: { currency: string; currencySymbol: string },
  i18n: I18n,
  locale: Locale,
): ProductEntity {
  const seller = product.sellerId === null ? null : sellerById(db, product.sellerId);
  return {
    id: product.id,
    name: product.name,
    url: productUrl(product.slug),
    type: product.type,
    visible: product.visible,
    code_public: product.codePublic,
    image_filename: product.imageFilename,
    price: product.price,
    priceOld: product.priceOld,
    priceLowest: product.priceLowest,
    priceLowest_text: product.priceLowest === null ? null : lowestPriceText(i18n, formatMoney(product.priceLowest, shop.currency, locale)),
    currency: shop.currency,
    currencySymbol: shop.currencySymbol,
    price_is_b2c: product.priceIsB2c,
    quantity: product.quantity,
    availability_text: availabilityText(i18n, product.availabilityDays),
    availability_days: product.availabilityDays,
    availability_severity: availabilitySeverity(product.availabilityDays),
    tags: product.tags,
    tags_public: product.tagsPublic,
    has_videos: product.hasVideos,
    seller: seller ? { name: seller.name, url: seller.url } : null,
    children_count: product.childrenCount,
    inventoryStatus: product.inventoryStatus,
    variant_view: product.variantView,
    variant_view_setting: product.variantViewSetting,
  };
}
