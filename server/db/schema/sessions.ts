import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Server-side sessions. The cookie holds a random id; only its SHA-256 is stored, so a leaked
 * database does not leak live sessions. A row exists only once something is kept (a cart, a sign-in).
 */
export const sessions = sqliteTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('sessions_expires_idx').on(t.expiresAt), index('sessions_user_idx').on(t.userId)],
);

/**
 * Started social sign-ins (docs/decisions/197): what the provider's callback needs back, keyed by
 * the SHA-256 of the OAuth state. In the database rather than in one process's memory, so a flow
 * started before a restart, or answered by another process on the same file, still completes;
 * taken with DELETE … RETURNING, so a state works once even when two callbacks race.
 */
export const oauthFlows = sqliteTable(
  'oauth_flows',
  {
    stateHash: text('state_hash').primaryKey(),
    provider: text('provider').notNull(),
    sessionHash: text('session_hash').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    returnTo: text('return_to').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('oauth_flows_session_idx').on(t.sessionHash, t.createdAt), index('oauth_flows_expires_idx').on(t.expiresAt)],
);
