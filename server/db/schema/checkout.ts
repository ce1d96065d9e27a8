import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { shops } from './shops';

/**
 * Carriers by the spec's company codes: 0 post, 1 courier, 8 express courier to an address,
 * 9 post office, 10 Packeta (pickup point), 14 SPS (pickup point). `pickup` = the shopper must pick
 * a point from pickup_points before the order can be placed.
 */
export const shippingCompanies = sqliteTable('shipping_companies', {
  id: integer('id').primaryKey({ autoIncrement: false }),
  name: text('name').notNull(),
  pickup: integer('pickup', { mode: 'boolean' }).notNull().default(false),
});

/** Payment methods by the spec's ids: 1 COD, 2 bank transfer, 10/30 card or transfer, 20 instalments. */
export const paymentOptions = sqliteTable('payment_options', {
  id: integer('id').primaryKey({ autoIncrement: false }),
  name: text('name').notNull(),
  image: text('image'),
  description: text('description').notNull().default(''),
  /**
   * Buyer countries this method is offered to (comma list, e.g. "sk"); null = every country.
   * Spec 9: card payment for non-Slovak buyers, the Slovak banks only for Slovak buyers.
   */
  countries: text('countries'),
});

/**
 * A shipping price rule (the spec's shipping option): the price of `company` paid by `payment` for
 * a cart subtotal within [amount_min, amount_max] (minor units, inclusive; null max = no limit).
 */
export const shippingOptions = sqliteTable(
  'shipping_options',
  {
    id: integer('id').primaryKey(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    /** Delivery country this price is for (the shop's own, or the other one for wholesale buyers). */
    country: text('country').notNull().default('sk'),
    companyId: integer('company_id').notNull().references(() => shippingCompanies.id),
    paymentId: integer('payment_id').notNull().references(() => paymentOptions.id),
    name: text('name').notNull(),
    image: text('image'),
    deliveryDescription: text('delivery_description').notNull().default(''),
    amountMin: integer('amount_min').notNull().default(0),
    amountMax: integer('amount_max'),
    /** The cart's weight band in grams, inclusive (0 and null: any weight). */
    weightMin: integer('weight_min').notNull().default(0),
    weightMax: integer('weight_max'),
    price: integer('price').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('shipping_options_match_idx').on(t.shopId, t.companyId, t.paymentId, t.amountMin)],
);

/** Which payments go with which carrier, per shop; `sort` orders carriers for the chosen payment. */
export const shippingPayments = sqliteTable(
  'shipping_payments',
  {
    shopId: integer('shop_id').notNull().references(() => shops.id),
    companyId: integer('company_id').notNull().references(() => shippingCompanies.id),
    paymentId: integer('payment_id').notNull().references(() => paymentOptions.id),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.companyId, t.paymentId] })],
);

/** Carrier branches (Packeta, SPS), seeded and refreshed from the carriers' branch feeds. */
export const pickupPoints = sqliteTable(
  'pickup_points',
  {
    id: integer('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => shippingCompanies.id),
    /** The carrier's own branch id from its feed; (company, external id) is unique. */
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    /** Where in the place the point is ("v predajni Tesco, pri pokladniach"). */
    location: text('location').notNull().default(''),
    street: text('street').notNull(),
    zip: text('zip').notNull(),
    city: text('city').notNull(),
    country: text('country').notNull(),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    /** WGS 84 degrees from the carrier's feed (or the seed); null when the feed has none (the list works alone). */
    latitude: real('latitude'),
    longitude: real('longitude'),
  },
  (t) => [
    uniqueIndex('pickup_points_external_idx').on(t.companyId, t.externalId),
    index('pickup_points_city_idx').on(t.companyId, t.country, t.city),
    index('pickup_points_zip_idx').on(t.companyId, t.zip),
  ],
);

export type ShippingOption = typeof shippingOptions.$inferSelect;
export type PaymentOption = typeof paymentOptions.$inferSelect;
export type PickupPoint = typeof pickupPoints.$inferSelect;
