import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../server/http/rate-limit';

describe('RateLimiter', () => {
  it('allows max attempts per window, then answers the wait, then resets', () => {
    let now = 0;
    const limiter = new RateLimiter({ now: () => new Date(now) }, 60_000, 3);
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([0, 0, 0]);
    expect(limiter.take('a')).toBe(60);
    expect(limiter.take('b')).toBe(0);
    now = 30_000;
    expect(limiter.take('a')).toBe(30);
    now = 60_000;
    expect(limiter.take('a')).toBe(0);
  });
});
