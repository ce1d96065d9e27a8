import type { OAuthProvider } from '../config';
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

/**
 * Started sign-ins by state, in memory, per app (docs/decisions/130): short-lived and taken once.
 * The sessions table has no room for them and a flow lasts seconds, so a restart costs at most a
 * "try again". A session keeps its newest few (two tabs work); the whole store is capped, oldest
 * first, so a flood of starts cannot grow memory without bound.
 */
export class PendingSignIns {
  private readonly byState = new Map<string, PendingSignIn>();

  constructor(private readonly clock: Clock) {}

  put(state: string, pending: Omit<PendingSignIn, 'expiresAt'>): void {
    const now = this.clock.now().getTime();
    const mine = [...this.byState].filter(([, p]) => p.sessionHash === pending.sessionHash);
    for (const [old] of mine.slice(0, Math.max(0, mine.length - PER_SESSION + 1))) this.byState.delete(old);
    for (const [key, p] of this.byState) {
      if (this.byState.size < MAX_ENTRIES && p.expiresAt > now) break;
      this.byState.delete(key);
    }
    this.byState.set(state, { ...pending, expiresAt: now + TTL_MS });
  }

  /**
   * The pending sign-in for this state, removed whatever happens next (single use), or null when
   * unknown, expired, or started by another session or for another provider.
   */
  take(state: string, sessionHash: string, provider: OAuthProvider): PendingSignIn | null {
    const pending = this.byState.get(state);
    if (!pending) return null;
    this.byState.delete(state);
    if (pending.expiresAt <= this.clock.now().getTime()) return null;
    if (pending.sessionHash !== sessionHash || pending.provider !== provider) return null;
    return pending;
  }
}
