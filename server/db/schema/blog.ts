import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { categories } from './catalog';
import { shops } from './shops';

/** Guides ("návody"): body is editor HTML, sanitised before it is stored and again before render. */
export const blogPosts = sqliteTable(
  'blog_posts',
  {
    id: integer('id').primaryKey(),
    categoryId: integer('category_id').notNull().references(() => categories.id),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    image: text('image'),
    short: text('short').notNull().default(''),
    body: text('body').notNull().default(''),
    visible: integer('visible', { mode: 'boolean' }).notNull().default(true),
    obtainMode: text('obtain_mode', { enum: ['free', 'points', 'purchase'] }).notNull().default('free'),
    obtainPrice: integer('obtain_price'),
    position: integer('position').notNull().default(0),
    publishedAt: integer('published_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    index('blog_posts_category_idx').on(t.categoryId, t.visible, t.position),
    index('blog_posts_slug_idx').on(t.slug),
    // The home page's newest guides: walked backwards, stopping after four visible ones.
    index('blog_posts_newest_idx').on(t.publishedAt, t.id),
  ],
);

/** Static pages such as the terms; shop_id null means every shop. */
export const staticPosts = sqliteTable(
  'static_posts',
  {
    id: integer('id').primaryKey(),
    shopId: integer('shop_id').references(() => shops.id),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    body: text('body').notNull().default(''),
    visible: integer('visible', { mode: 'boolean' }).notNull().default(true),
  },
  (t) => [index('static_posts_slug_idx').on(t.slug)],
);

/**
 * A guide's texts in one locale other than sk (docs/decisions/248, as product_texts in 240): a null
 * column falls back to the guide's own (Slovak) one; `slug` is its address in the shop speaking this
 * locale (cs: the Czech shop), unique per locale; `body` is sanitised on write like blog_posts.body.
 */
export const blogPostTexts = sqliteTable(
  'blog_post_texts',
  {
    postId: integer('post_id').notNull().references(() => blogPosts.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    title: text('title'),
    slug: text('slug'),
    short: text('short'),
    body: text('body'),
  },
  (t) => [primaryKey({ columns: [t.postId, t.locale] }), uniqueIndex('blog_post_texts_slug_idx').on(t.locale, t.slug)],
);

/** A static page's texts in one locale other than sk, as blog_post_texts. */
export const staticPostTexts = sqliteTable(
  'static_post_texts',
  {
    postId: integer('post_id').notNull().references(() => staticPosts.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    title: text('title'),
    slug: text('slug'),
    body: text('body'),
  },
  (t) => [primaryKey({ columns: [t.postId, t.locale] }), uniqueIndex('static_post_texts_slug_idx').on(t.locale, t.slug)],
);
