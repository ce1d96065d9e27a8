import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
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
