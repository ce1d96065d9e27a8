import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The confirmation form's token: a random nonce and its HMAC with the order's hash. The withdrawal
 * row keeps it (unique), so the same form posted twice (double click, reload, back button, a replay)
 * finds the first withdrawal and answers its receipt. Bound to the order, so a token lifted from
 * another order's form (or made up) is refused instead of answering someone else's receipt.
 */

const SHAPE = /^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/;

const mac = (secret: string, orderHash: string, nonce: string) => createHmac('sha256', secret).update(`withdrawal:${orderHash}:${nonce}`).digest('base64url');

export function newWithdrawalToken(secret: string, orderHash: string): string {
  const nonce = randomBytes(16).toString('base64url');
  return `${nonce}.${mac(secret, orderHash, nonce)}`;
}

/** Whether the token was issued by this shop for this order's form. */
export function validWithdrawalToken(secret: string, orderHash: string, token: unknown): token is string {
  if (typeof token !== 'string' || !SHAPE.test(token)) return false;
  const [nonce, signature] = token.split('.');
  const want = Buffer.from(mac(secret, orderHash, nonce));
  const got = Buffer.from(signature);
  return want.length === got.length && timingSafeEqual(want, got);
}
