import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { products } from './catalog';

/**
 * Rakeťák (issue 21, docs/decisions/245): short illustrated stories a ROLE_STORY author writes,
 * saves as a draft, submits; the operator approves (shown on the home page's strip and at
 * /pribehy/{slug}) or refuses with a reason. A trigger in the migration bumps the catalogue
 * version whenever an approved story changes (or a story becomes or stops being approved).
 */
export const stories = sqliteTable(
  'stories',
  {
    id: integer('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /** The re-encoded JPEG under UPLOADS_DIR/stories (random name); null until one is sent. */
    image: text('image'),
    status: text('status', { enum: ['draft', 'pending', 'approved', 'refused'] }).notNull().default('draft'),
    /** The operator's reason, shown to the author, when refused. */
    refusal: text('refusal'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
    submittedAt: integer('submitted_at', { mode: 'timestamp_ms' }),
    approvedAt: integer('approved_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('stories_user_idx').on(t.userId, t.id), index('stories_status_idx').on(t.status, t.approvedAt)],
);

/** The products a story links, in the author's order. */
export const storyProducts = sqliteTable(
  'story_products',
  {
    storyId: integer('story_id').notNull().references(() => stories.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.storyId, t.productId] })],
);

/** Views of an approved story's page, apart from `stories` so counting never moves the catalogue version. */
export const storyViews = sqliteTable('story_views', {
  storyId: integer('story_id')
    .primaryKey()
    .references(() => stories.id, { onDelete: 'cascade' }),
  views: integer('views').notNull().default(0),
});
