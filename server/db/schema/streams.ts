import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';

/**
 * A live stream (spec 3: id, name, description, url, live, started_at, count_user, count_like,
 * count_comment). `count_user` is the viewers at the last change (open event connections in this
 * process, decision 242); likes and comments are counted in the same transaction as their rows.
 * No catalogue-version triggers: the stream page is never shared or cached (no-store).
 */
export const videoStreams = sqliteTable('video_streams', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  /** The provider's video address (YouTube), from which the player takes its id. */
  url: text('url').notNull(),
  live: integer('live', { mode: 'boolean' }).notNull().default(false),
  startedAt: integer('started_at', { mode: 'timestamp_ms' }),
  countUser: integer('count_user').notNull().default(0),
  countLike: integer('count_like').notNull().default(0),
  countComment: integer('count_comment').notNull().default(0),
});

/**
 * A chapter (spec 3: id, stream, type, value, sort, timestamp). Types: 1 html, 2 image (address),
 * 3 product ids, 4 blog ids, 5 category slugs, 6 static post slugs, 8 point items (ids); lists are
 * comma-separated. `timestamp` is the second of the recording it appears at.
 */
export const videoStreamChapters = sqliteTable(
  'video_stream_chapters',
  {
    id: integer('id').primaryKey(),
    streamId: integer('stream_id').notNull().references(() => videoStreams.id, { onDelete: 'cascade' }),
    type: integer('type').notNull(),
    value: text('value').notNull(),
    sort: integer('sort').notNull().default(0),
    timestamp: integer('timestamp').notNull().default(0),
  },
  (t) => [index('video_stream_chapters_stream_idx').on(t.streamId, t.sort)],
);

/** A chat message; its id is the event id a reconnecting page catches up from. Hidden by the operator: kept, never sent. */
export const videoStreamMessages = sqliteTable(
  'video_stream_messages',
  {
    id: integer('id').primaryKey(),
    streamId: integer('stream_id').notNull().references(() => videoStreams.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    text: text('text').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    hiddenAt: integer('hidden_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('video_stream_messages_stream_idx').on(t.streamId, t.id)],
);

/** One like per visit (the session id's hash): a second one is a no-op. */
export const videoStreamLikes = sqliteTable(
  'video_stream_likes',
  {
    id: integer('id').primaryKey(),
    streamId: integer('stream_id').notNull().references(() => videoStreams.id, { onDelete: 'cascade' }),
    visit: text('visit').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('video_stream_likes_visit_idx').on(t.streamId, t.visit)],
);
