import type { Context } from 'hono';
import type { AppEnv, Clock } from '../http/env';
import { clientAddress, RateLimiter } from '../http/rate-limit';

const WINDOW_MS = 15 * 60 * 1000;

/** One pair of counters per action: per client address and per submitted account e-mail. */
export class LimitPair {
  readonly byAddress: RateLimiter;
  readonly byAccount: RateLimiter;
  constructor(clock: Clock, perAddress: number, perAccount: number) {
    this.byAddress = new RateLimiter(clock, WINDOW_MS, perAddress);
    this.byAccount = new RateLimiter(clock, WINDOW_MS, perAccount);
  }

  /** Counts one attempt; the seconds to wait when over either limit, else 0. Existence of the account plays no part. */
  take(c: Context<AppEnv>, email: string): number {
    const a = this.byAddress.take(clientAddress(c));
    const b = email ? this.byAccount.take(email) : 0;
    return Math.max(a, b);
  }
}

/**
 * Created once per app (never in module scope): page forms and the JSON API share the counters,
 * so switching between them gains an attacker nothing. An address may try more than an account,
 * since several people can share one address.
 */
export function createAccountLimits(clock: Clock) {
  return {
    signIn: new LimitPair(clock, 30, 10),
    signUp: new LimitPair(clock, 10, 10),
    recovery: new LimitPair(clock, 10, 5),
  };
}
export type AccountLimits = ReturnType<typeof createAccountLimits>;
