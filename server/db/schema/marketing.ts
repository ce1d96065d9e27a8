import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { products } from './catalog';
import { shops } from './shops';

export const banners = sqliteTable(
  'banners',
  {
    id: integer('id').primaryKey(),
    shopId: integer('shop_id').references(() => shops.id),
    name: text('name').notNull(),
    url: text('url').notNull(),
    /** Analytics promotion data pushed when the banner is shown or clicked. */
    ecommerce: text('ecommerce', { mode: 'json' }).$type<Record<string, unknown> | null>(),
    size: text('size', { enum: ['mobile', 'pc'] }).notNull(),
    filePath: text('file_path').notNull(),
    fileName: text('file_name').notNull(),
    alt: text('alt').notNull().default(''),
    /** The banner's copy, drawn as HTML over its image (never into it): Slovak here, other locales in content_texts. */
    headline: text('headline').notNull().default(''),
    text: text('text').notNull().default(''),
    /** The call to action's label; the link is `url`. */
    cta: text('cta').notNull().default(''),
    position: integer('position').notNull().default(0),
    visible: integer('visible', { mode: 'boolean' }).notNull().default(true),
    /** Shown from this moment (ms; null = already) until `valid_to` (ms, exclusive; null = no end). */
    validFrom: integer('valid_from'),
    validTo: integer('valid_to'),
  },
  (t) => [index('banners_shop_idx').on(t.shopId, t.size, t.visible, t.position)],
);

/** Toasts (no target) or popovers on a target element, shown on pages whose route matches. */
export const overlayMessages = sqliteTable(
  'overlay_messages',
  {
    id: integer('id').primaryKey(),
    shopId: integer('shop_id').references(() => shops.id),
    text: text('text').notNull(),
    severity: text('severity', { enum: ['info', 'success', 'warn', 'error'] }).notNull().default('info'),
    position: text('position', { enum: ['top-left', 'top-right', 'bottom-left', 'bottom-right', 'top', 'bottom', 'left', 'right'] })
      .notNull()
      .default('bottom-right'),
    target: text('target'),
    /** Route prefix the message belongs to ("/" = everywhere), matched against X-Referrer-Route. */
    route: text('route').notNull().default('/'),
    showDelay: integer('show_delay').notNull().default(0),
    hideDelay: integer('hide_delay'),
    /** Messages with a sequence number run one after another in that order; null runs in parallel. */
    sequence: integer('sequence'),
    visible: integer('visible', { mode: 'boolean' }).notNull().default(true),
  },
  (t) => [index('overlay_route_idx').on(t.visible, t.route)],
);

/**
 * Gifts added to an order whose subtotal reaches `amount_min` (minor units of the shop's currency);
 * those above the subtotal are the cart's gift motivation.
 */
export const gifts = sqliteTable(
  'gifts',
  {
    id: integer('id').primaryKey(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    /** What the shopper reads ("Zástera s logom"): the spec's gift value. */
    value: text('value').notNull(),
    image: text('image'),
    amountMin: integer('amount_min').notNull(),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    /** Offered from this moment on (null: always); ms since the epoch. */
    validFrom: integer('valid_from', { mode: 'timestamp_ms' }),
    /** Offered until this moment, exclusive (null: no end). */
    validTo: integer('valid_to', { mode: 'timestamp_ms' }),
  },
  (t) => [index('gifts_shop_idx').on(t.shopId, t.active, t.amountMin)],
);

/** Products that trigger a gift: a gift with rows here goes only with a cart holding one of them. */
export const giftProducts = sqliteTable(
  'gift_products',
  {
    giftId: integer('gift_id').notNull().references(() => gifts.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.giftId, t.productId] })],
);
