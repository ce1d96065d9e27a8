import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { products } from './catalog';

/** A product video; `youtube_id` is the 11-character id every video link must yield. */
export const productVideos = sqliteTable(
  'product_videos',
  {
    id: integer('id').primaryKey(),
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    youtubeId: text('youtube_id').notNull(),
    title: text('title').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('product_videos_product_idx').on(t.productId, t.position), index('product_videos_youtube_idx').on(t.youtubeId)],
);

export const videoChapters = sqliteTable(
  'video_chapters',
  {
    id: integer('id').primaryKey(),
    videoId: integer('video_id').notNull().references(() => productVideos.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Start of the chapter in seconds. */
    time: integer('time').notNull(),
  },
  (t) => [index('video_chapters_video_idx').on(t.videoId, t.time)],
);
