import { Hono } from 'hono';
import type { AppEnv } from '../http/env';
import type { RateLimiter } from '../http/rate-limit';
import { claimTypesFor } from './claim-types.service';
import { readClaimForm } from './claim-form';
import { submitClaim } from './claims.http';
import { CLAIM_API, CLAIM_TYPES_API } from './paths';

/**
 * Spec 7 "Claim: get type; create with purchase, document number, note and type" (paths not given
 * by the spec; documented in server/openapi/paths/claims.ts). Success answers `{ message, number }`,
 * failure problem+json with `detail` and per-field `errors` (spec 8).
 */
export function claimsApi(limiter: RateLimiter) {
  const app = new Hono<AppEnv>();

  // The texts follow the shopper's language, which a cookie may choose: not for shared caches.
  app.get(CLAIM_TYPES_API, (c) => {
    c.header('Cache-Control', 'private, no-cache');
    return c.json(claimTypesFor(c.get('deps').db, c.get('i18n')));
  });

  app.post(CLAIM_API, async (c) => {
    const answer = await submitClaim(c, limiter, await readClaimForm(c));
    c.header('Cache-Control', 'no-store');
    return c.json({ message: answer.message, number: answer.claim.number, email: answer.email }, answer.claim.created ? 201 : 200);
  });

  return app;
}
