import type { ShopCode } from '../../config';

/**
 * The columns of the product CSV (docs: README "Product CSV"): export writes exactly these and import
 * reads exactly these, so a file exported and imported again changes nothing. Header names are
 * fixed codes, not translated labels, so a file works whatever language the staff member reads.
 * Product fields first, then five columns per shop (prices with VAT as decimals, VAT rate in %).
 * The schema keeps one name and one description per product (no per-locale texts).
 */
export const PRODUCT_COLUMNS = ['id', 'code', 'name', 'slug', 'description', 'category', 'seller_id', 'visible', 'stock', 'availability_days', 'cart_limit'] as const;
export type ProductColumn = (typeof PRODUCT_COLUMNS)[number];

export const PRICE_FIELDS = ['price_b2c', 'price_old_b2c', 'price_b2b', 'price_old_b2b', 'vat'] as const;
export type PriceField = (typeof PRICE_FIELDS)[number];

export const priceColumn = (field: PriceField, shop: ShopCode) => `${field}_${shop}`;

/** Every column, for the shops given (export of one shop: that shop's price columns only). */
export function csvColumns(shops: readonly ShopCode[]): string[] {
  return [...PRODUCT_COLUMNS, ...shops.flatMap((shop) => PRICE_FIELDS.map((field) => priceColumn(field, shop)))];
}
