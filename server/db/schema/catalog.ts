import { sql } from 'drizzle-orm';
import { type AnySQLiteColumn, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { shops } from './shops';
import { sellers } from './sellers';

/** One tree for product and blog categories; `path` is the materialised id path ("/1/4/9/"). */
export const categories = sqliteTable(
  'categories',
  {
    id: integer('id').primaryKey(),
    parentId: integer('parent_id').references((): AnySQLiteColumn => categories.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['product', 'blog'] }).notNull(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    canonical: text('canonical'),
    description: text('description'),
    position: integer('position').notNull().default(0),
    visible: integer('visible', { mode: 'boolean' }).notNull().default(true),
    visibleMenu: integer('visible_menu', { mode: 'boolean' }).notNull().default(true),
    visibleChildren: integer('visible_children', { mode: 'boolean' }).notNull().default(true),
    visibleMenuTemp: integer('visible_menu_temp', { mode: 'boolean' }).notNull().default(false),
    path: text('path').notNull(),
    depth: integer('depth').notNull().default(0),
  },
  (t) => [index('categories_parent_idx').on(t.parentId, t.position), index('categories_path_idx').on(t.path)],
);

/** Product entity of the spec; prices live per shop in product_prices. */
export const products = sqliteTable(
  'products',
  {
    id: integer('id').primaryKey(),
    parentId: integer('parent_id').references((): AnySQLiteColumn => products.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').notNull().references(() => categories.id),
    sellerId: integer('seller_id').references(() => sellers.id),
    type: text('type', { enum: ['single', 'set', 'variant'] }).notNull().default('single'),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    codePublic: text('code_public').notNull().unique(),
    description: text('description').notNull().default(''),
    imageFilename: text('image_filename'),
    /** 2 = visible and purchasable (the cart button shows); other values hide or block it. */
    visible: integer('visible').notNull().default(2),
    /** One piece's shipping weight in grams (0: not stated); the cart's weight picks the shipping price band. */
    weightGrams: integer('weight_grams').notNull().default(0),
    /** Pieces in stock. */
    quantity: integer('quantity').notNull().default(0),
    cartLimit: integer('cart_limit'),
    manufactured: integer('manufactured', { mode: 'boolean' }).notNull().default(false),
    /** 0 in stock, 1 by tomorrow, -1 unavailable, N > 1 within N days. */
    availabilityDays: integer('availability_days').notNull().default(0),
    inventoryStatus: text('inventory_status'),
    tags: text('tags', { mode: 'json' }).$type<{ c_type: string; c_value: string }[]>().notNull().default(sql`'[]'`),
    tagsPublic: text('tags_public', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    hasVideos: integer('has_videos', { mode: 'boolean' }).notNull().default(false),
    childrenCount: integer('children_count').notNull().default(0),
    variantView: text('variant_view', { enum: ['grid', 'list'] }),
    variantViewSetting: text('variant_view_setting'),
    /** A variant's distinguishing value ("Farba: červená"): one of its attribute options, chosen in the back office. */
    variantOptionId: integer('variant_option_id').references((): AnySQLiteColumn => attributeOptions.id, { onDelete: 'set null' }),
    position: integer('position').notNull().default(0),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    index('products_category_idx').on(t.categoryId, t.visible, t.position),
    index('products_parent_idx').on(t.parentId),
    // A seller's shop page lists their products in the editors' order.
    index('products_seller_idx').on(t.sellerId, t.position),
    // Its visibility filter (34 seller products wait for approval among 100k).
    index('products_visible_idx').on(t.visible),
  ],
);

/**
 * What a set (products.type 'set') holds: its components with quantities, in order. A component is a
 * product of its own (never a set); deleting it deletes the line, deleting the set deletes all.
 */
export const productSetItems = sqliteTable(
  'product_set_items',
  {
    setId: integer('set_id').notNull().references((): AnySQLiteColumn => products.id, { onDelete: 'cascade' }),
    componentId: integer('component_id').notNull().references((): AnySQLiteColumn => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(1),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.setId, t.componentId] }), index('product_set_items_component_idx').on(t.componentId)],
);

/** Prices in minor units, one row per product and shop; B2C for consumers, B2B for wholesale. */
export const productPrices = sqliteTable(
  'product_prices',
  {
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    priceB2c: integer('price_b2c').notNull(),
    priceOldB2c: integer('price_old_b2c'),
    priceB2b: integer('price_b2b').notNull(),
    priceOldB2b: integer('price_old_b2b'),
    vatRate: integer('vat_rate').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.shopId] }), index('product_prices_shop_idx').on(t.shopId, t.priceB2c)],
);

/**
 * Every price a product had in a shop, one row per change of its B2C or B2B price or crossed-out
 * price (EU Omnibus: Directive 98/6/EC art. 6a, the lowest price of the 30 days before a
 * reduction). Written only by SQLite triggers on product_prices (their migration), so a change
 * from the back office, the CLI, a seller, a CSV import or plain SQL is recorded alike.
 * `changed_at` is Unix milliseconds; server/catalog/price-history.ts reads it.
 */
export const priceHistory = sqliteTable(
  'price_history',
  {
    id: integer('id').primaryKey(),
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    kind: text('kind', { enum: ['b2c', 'b2b'] }).notNull(),
    price: integer('price').notNull(),
    oldPrice: integer('old_price'),
    changedAt: integer('changed_at').notNull(),
  },
  (t) => [index('price_history_product_idx').on(t.productId, t.shopId, t.kind, t.changedAt)],
);

export const productImages = sqliteTable(
  'product_images',
  {
    id: integer('id').primaryKey(),
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    alt: text('alt').notNull().default(''),
    text: text('text').notNull().default(''),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position)],
);

/** A filterable property ("Farba", "Materiál") with its options. */
export const attributes = sqliteTable('attributes', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  label: text('label').notNull(),
  position: integer('position').notNull().default(0),
});

export const attributeOptions = sqliteTable(
  'attribute_options',
  {
    id: integer('id').primaryKey(),
    attributeId: integer('attribute_id').notNull().references(() => attributes.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    label: text('label').notNull(),
    /** Optional presentation, e.g. a colour swatch: { "background": "#e11d48" }. */
    style: text('style', { mode: 'json' }).$type<Record<string, string> | null>(),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('attribute_options_key_idx').on(t.attributeId, t.key)],
);

export const productAttributeValues = sqliteTable(
  'product_attribute_values',
  {
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    optionId: integer('option_id').notNull().references(() => attributeOptions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.optionId] }), index('pav_option_idx').on(t.optionId, t.productId)],
);

/** Which filters a category offers, in order. */
export const categoryAttributes = sqliteTable(
  'category_attributes',
  {
    categoryId: integer('category_id').notNull().references(() => categories.id, { onDelete: 'cascade' }),
    attributeId: integer('attribute_id').notNull().references(() => attributes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.attributeId] })],
);

/**
 * One row (id 1): a number that triggers (migration 0008) raise on every write that changes which
 * products a list, filter count or search finds or in what order: products (new, removed, moved,
 * shown/hidden, re-ordered, renamed), their prices and their attribute values. Stock is not part of
 * it. In-memory catalogue indexes compare it per request and rebuild when it moved, whichever
 * process made the change (docs/decisions/170).
 */
export const catalogVersion = sqliteTable('catalog_version', {
  id: integer('id').primaryKey(),
  version: integer('version').notNull().default(0),
});

export type Category = typeof categories.$inferSelect;
export type Product = typeof products.$inferSelect;

/**
 * A product's texts in one locale other than sk (docs/decisions/240): every column null falls back
 * to the product's own (Slovak) column. `slug` is the product's address in the shop that speaks
 * this locale (cs: the Czech shop), unique per locale; reads join it with COALESCE
 * (server/catalog/catalogue-texts.ts). Its names are in product_texts_fts for search.
 */
export const productTexts = sqliteTable(
  'product_texts',
  {
    id: integer('id').primaryKey(),
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    name: text('name'),
    slug: text('slug'),
    description: text('description'),
  },
  (t) => [uniqueIndex('product_texts_product_locale_idx').on(t.productId, t.locale), uniqueIndex('product_texts_slug_idx').on(t.locale, t.slug)],
);

/** A category's texts in one locale other than sk, as product_texts. */
export const categoryTexts = sqliteTable(
  'category_texts',
  {
    categoryId: integer('category_id').notNull().references(() => categories.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    name: text('name'),
    slug: text('slug'),
    description: text('description'),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.locale] }), uniqueIndex('category_texts_slug_idx').on(t.locale, t.slug)],
);
