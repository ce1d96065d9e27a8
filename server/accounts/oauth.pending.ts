import { hash } from 'node:crypto';
import type { OAuthProvider } from '../config';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import type { Clock } from '../http/env';

/** What one started social sign-in needs back at the callback; never leaves the server. */
export interface PendingSignIn {
  provider: OAuthProvider;
  /** The session that started it: a state carried into another browser is worth nothing. */
  sessionHash: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
  /** A local path to land on after sign-in ('' = the account page). */
  returnTo: string;
  expiresAt: number;
}

const TTL_MS = 10 * 60 * 1000;
const PER_SESSION = 3;
const MAX_ENTRIES = 10_000;

interface FlowRow {
  provider: OAuthProvider;
  session_hash: string;
  nonce: string;
  code_verifier: string;
  redirect_uri: string;
  return_to: string;
  expires_at: number;
}

const statements = perDatabase((db: Db) => {
  const sqlite = db.$client;
  return {
    dropExpired: sqlite.prepare('DELETE FROM oauth_flows WHERE expires_at <= ?'),
    // All but the session's newest PER_SESSION - 1, so with the new one it keeps PER_SESSION.
    dropSessionsOldest: sqlite.prepare(
      'DELETE FROM oauth_flows WHERE state_hash IN (SELECT state_hash FROM oauth_flows WHERE session_hash = ? ORDER BY created_at DESC, rowid DESC LIMIT -1 OFFSET ?)',
    ),
    dropOldestBeyond: sqlite.prepare(
      'DELETE FROM oauth_flows WHERE state_hash IN (SELECT state_hash FROM oauth_flows ORDER BY created_at DESC, rowid DESC LIMIT -1 OFFSET ?)',
    ),
    insert: sqlite.prepare(
      'INSERT INTO oauth_flows (state_hash, provider, session_hash, nonce, code_verifier, redirect_uri, return_to, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    take: sqlite.prepare<[string], FlowRow>(
      'DELETE FROM oauth_flows WHERE state_hash = ? RETURNING provider, session_hash, nonce, code_verifier, redirect_uri, return_to, expires_at',
    ),
  };
});

/** The key a state is stored under: a copied table holds no state a callback would accept. */
const stateKey = (state: string) => hash('sha256', state, 'base64url');

/**
 * Started sign-ins by state, in the database (docs/decisions/197): short-lived and taken once, by
 * whichever process gets the callback. A session keeps its newest few (two tabs work); the table
 * is capped, oldest first, so a flood of starts cannot grow it without bound, and expired flows
 * are dropped on every start.
 */
export class PendingSignIns {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  put(state: string, pending: Omit<PendingSignIn, 'expiresAt'>): void {
    const now = this.clock.now().getTime();
    const sql = statements(this.db);
    this.db.$client.transaction(() => {
      sql.dropExpired.run(now);
      sql.dropSessionsOldest.run(pending.sessionHash, PER_SESSION - 1);
      sql.dropOldestBeyond.run(MAX_ENTRIES - 1);
      sql.insert.run(stateKey(state), pending.provider, pending.sessionHash, pending.nonce, pending.codeVerifier, pending.redirectUri, pending.returnTo, now, now + TTL_MS);
    })();
  }

  /**
   * The pending sign-in for this state, removed whatever happens next (single use, also between
   * processes: one statement deletes and returns it), or null when unknown, expired, or started by
   * another session or for another provider.
   */
  take(state: string, sessionHash: string, provider: OAuthProvider): PendingSignIn | null {
    if (state === '') return null;
    const row = statements(this.db).take.get(stateKey(state));
    if (!row) return null;
    if (row.expires_at <= this.clock.now().getTime()) return null;
    if (row.session_hash !== sessionHash || row.provider !== provider) return null;
    return {
      provider: row.provider,
      sessionHash: row.session_hash,
      nonce: row.nonce,
      codeVerifier: row.code_verifier,
      redirectUri: row.redirect_uri,
      returnTo: row.return_to,
      expiresAt: row.expires_at,
    };
  }
}
