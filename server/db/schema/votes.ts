import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * A poll (spec 3: name, description, count, sum, is_active). `hash` is its public id, the one the
 * widgets and the API name it by (never the row id). `count` is the number of confirmed ballots and
 * `sum` the sum of its choices' sums; both change only in the confirming transaction.
 */
export const votes = sqliteTable('votes', {
  id: integer('id').primaryKey(),
  hash: text('hash').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  count: integer('count').notNull().default(0),
  sum: integer('sum').notNull().default(0),
  isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
});

/** A choice of a poll and its confirmed votes: the chart row (spec 3: name, sum). */
export const voteChoices = sqliteTable(
  'vote_choices',
  {
    id: integer('id').primaryKey(),
    voteId: integer('vote_id').notNull().references(() => votes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    sum: integer('sum').notNull().default(0),
  },
  (t) => [index('vote_choices_vote_idx').on(t.voteId, t.sort)],
);

/**
 * One e-mail address's ballot in one poll: pending until the mailed link confirms it. Only the
 * SHA-256 of the link's token is kept; one row per poll and normalised address.
 */
export const voteBallots = sqliteTable(
  'vote_ballots',
  {
    id: integer('id').primaryKey(),
    voteId: integer('vote_id').notNull().references(() => votes.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    choiceId: integer('choice_id').notNull().references(() => voteChoices.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    confirmedAt: integer('confirmed_at', { mode: 'timestamp_ms' }),
  },
  (t) => [uniqueIndex('vote_ballots_vote_email_idx').on(t.voteId, t.email)],
);
