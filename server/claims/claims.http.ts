import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import type { AppEnv, Clock } from '../http/env';
import { ProblemError, ValidationError } from '../http/problem';
import { clientAddress, RateLimiter, TOO_MANY_ATTEMPTS } from '../http/rate-limit';
import { requestHeader } from '../http/request-header';
import { cleanPhotos, PhotoRefused, precheckPhotos } from './claim-photos';
import { MALFORMED, type ClaimForm } from './claim-form';
import { claimTypeById, offeredClaimType, translatedType } from './claim-types.service';
import { CLAIM_FAILED, CLAIM_TYPE, claimErrors, claimSchema, PHOTO_MESSAGES } from './claims.schemas';
import { claimOrder, fileClaim, replayedClaim, type FiledClaim } from './claims.service';
import { claimPhotoDir, removePhotos, storePhotos } from './photo-store';

/** Claims per client address and window, the API and the form together: guessing order numbers and e-mails stays slow, and so does decoding photos. */
export const CLAIM_LIMIT = { windowMs: 15 * 60_000, max: 10 };
export const claimLimiter = (clock: Clock) => new RateLimiter(clock, CLAIM_LIMIT.windowMs, CLAIM_LIMIT.max);

/** `Idempotency-Key` header, else the form's `_submit` token; none = a one-off key (nothing to replay). */
function submitKey(c: Context<AppEnv>, fields: Record<string, string>): string {
  const key = requestHeader(c, 'idempotency-key') ?? fields._submit;
  if (!key) return newFormToken();
  if (!/^[A-Za-z0-9_.:-]{8,100}$/.test(key)) throw new ProblemError(400, MALFORMED);
  return key;
}

/** A fresh token for the claim page's form: the no-JS submit's idempotency key. */
export const newFormToken = () => randomBytes(16).toString('base64url');

/** What the shopper reads after a claim: its number, the type's success text and where the receipt went. */
export interface ClaimAnswer {
  claim: FiledClaim;
  message: string;
  email: string;
}

const photoProblem = (refused: PhotoRefused) => ({ errors: { photos: PHOTO_MESSAGES[refused.reason] }, values: { name: refused.fileName } });

/**
 * Validates and files a claim (spec 3, 4, 8). Problems carry the server's detail: the order was not
 * found, or, for a form with mistakes, the chosen type's fail text with a message per field.
 * Cheap checks run first; photos are decoded only for a known order, and a refused or replayed
 * claim leaves no file behind.
 */
export async function submitClaim(c: Context<AppEnv>, limiter: RateLimiter, form: ClaimForm): Promise<ClaimAnswer> {
  const wait = limiter.take(clientAddress(c));
  if (wait > 0) {
    c.header('Retry-After', String(wait));
    throw new ProblemError(429, TOO_MANY_ATTEMPTS, undefined, { seconds: wait });
  }
  const { db, clock, config } = c.get('deps');
  const parsed = claimSchema.safeParse(form.fields);
  let errors = parsed.success ? {} : claimErrors(parsed.error);
  let values: Record<string, unknown> | undefined;
  const type = parsed.success ? offeredClaimType(db, parsed.data.type) : /^\d{1,9}$/.test(form.fields.type ?? '') ? offeredClaimType(db, Number(form.fields.type)) : undefined;
  if (parsed.success && !type) errors.type = CLAIM_TYPE;
  try {
    precheckPhotos(form.photos);
  } catch (error) {
    if (!(error instanceof PhotoRefused)) throw error;
    const problem = photoProblem(error);
    errors = { ...errors, ...problem.errors };
    values = problem.values;
  }
  const fail = type?.fail || CLAIM_FAILED;
  if (!parsed.success || Object.keys(errors).length) throw new ProblemError(400, fail, errors, values);

  const shop = c.get('shop');
  const session = c.get('session');
  let found;
  try {
    found = claimOrder(db, shop, parsed.data);
  } catch (error) {
    throw error instanceof ValidationError ? new ProblemError(400, fail, error.errors) : error;
  }
  const key = submitKey(c, form.fields);
  const earlier = replayedClaim(db, session.hash, key);
  if (earlier) return answer(c, earlier, found.order.email);

  let clean;
  try {
    clean = await cleanPhotos(form.photos);
  } catch (error) {
    if (!(error instanceof PhotoRefused)) throw error;
    const problem = photoProblem(error);
    throw new ProblemError(400, fail, problem.errors, problem.values);
  }
  const dir = claimPhotoDir(config.uploadsDir);
  const stored = await storePhotos(dir, clean);
  let filed: FiledClaim;
  try {
    filed = fileClaim(
      db,
      {
        shopId: shop.id,
        orderId: found.orderId,
        typeId: type!.id,
        documentNumber: found.documentNumber,
        note: parsed.data.note,
        userId: session.userId,
        sessionHash: session.hash,
        idempotencyKey: key,
        photos: stored,
      },
      clock.now(),
    );
  } catch (error) {
    await removePhotos(dir, stored);
    throw error;
  }
  // A replay that raced the first submit past the check above: its photos are not kept.
  if (!filed.created) await removePhotos(dir, stored);
  return answer(c, filed, found.order.email);
}

function answer(c: Context<AppEnv>, claim: FiledClaim, email: string): ClaimAnswer {
  const type = claimTypeById(c.get('deps').db, claim.typeId)!;
  return { claim, message: translatedType(type, c.get('i18n')).success, email };
}
