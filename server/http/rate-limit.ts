import { msg } from '../i18n/msg';
import { createMiddleware } from 'hono/factory';
import type { Context } from 'hono';
import { ProblemError } from './problem';
import { requestHeader } from './request-header';
import type { AppEnv, Clock } from './env';

/**
 * Fixed-window counter kept in memory: enough for one process, and look-ups (sign-in, tracking)
 * are rate limited per key that the route chooses (address, account, client IP).
 */
export class RateLimiter {
  private readonly hits = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly clock: Clock,
    readonly windowMs: number,
    readonly max: number,
  ) {}

  /** Counts one attempt; answers the seconds to wait when the key is over its limit. */
  take(key: string): number {
    const now = this.clock.now().getTime();
    const entry = this.hits.get(key);
    if (!entry || now - entry.start >= this.windowMs) {
      if (this.hits.size > 50_000) this.sweep(now);
      this.hits.set(key, { start: now, count: 1 });
      return 0;
    }
    entry.count += 1;
    return entry.count > this.max ? Math.ceil((entry.start + this.windowMs - now) / 1000) : 0;
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.hits) if (now - entry.start >= this.windowMs) this.hits.delete(key);
  }
}

/** `::ffff:127.0.0.1` (an IPv4 peer on a dual-stack socket) as `127.0.0.1`. */
const plain = (address: string) => (address.startsWith('::ffff:') ? address.slice(7) : address);

/**
 * The client's address, the key of per-client limits: the connection's peer, or, when that peer is
 * a proxy named in TRUST_PROXY (deploy/nginx: `proxy_set_header X-Real-IP $remote_addr`), the
 * address it says it served. Anyone else's X-Real-IP is ignored: a client could write any.
 */
export function clientAddress(c: Context<AppEnv>): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  const peer = incoming?.socket?.remoteAddress;
  if (peer === undefined) return 'local';
  const trusted = c.get('deps')?.config.trustProxy ?? [];
  if (trusted.length === 0 || !trusted.includes(plain(peer))) return plain(peer);
  return requestHeader(c, 'x-real-ip')?.trim() || plain(peer);
}

/** The answer past a limit, for routes that render it themselves (a form page) instead of the middleware's problem. */
export const TOO_MANY_ATTEMPTS = msg('Príliš veľa pokusov. Skúste to znova o {seconds} s.');

/**
 * For a form page that answers past the limit itself: counts one attempt of the client address;
 * past the limit sets Retry-After and answers the message to show, in the shopper's language.
 */
export function formAttempt(c: Context<AppEnv>, limiter: RateLimiter): string | null {
  const wait = limiter.take(clientAddress(c));
  if (wait <= 0) return null;
  c.header('Retry-After', String(wait));
  return c.get('i18n')._(TOO_MANY_ATTEMPTS, { seconds: wait });
}

export function rateLimit(limiter: RateLimiter, key: (c: Context<AppEnv>) => string = clientAddress) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const wait = limiter.take(key(c));
    if (wait > 0) {
      c.header('Retry-After', String(wait));
      throw new ProblemError(429, TOO_MANY_ATTEMPTS, undefined, { seconds: wait });
    }
    await next();
  });
}
