import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HMAC-SHA256 over the fields in key order, one `key=value` a line (values cannot hold a newline
 * that would shift a field, because every value is checked by its reader first).
 */
export function sign(secret: string, fields: Record<string, string>): string {
  const text = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key].replace(/\n/g, ' ')}`)
    .join('\n');
  return createHmac('sha256', secret).update(text).digest('base64url');
}

export function verify(secret: string, fields: Record<string, string>, signature: string | undefined): boolean {
  if (!signature) return false;
  const expected = Buffer.from(sign(secret, fields));
  const sent = Buffer.from(signature);
  return expected.length === sent.length && timingSafeEqual(expected, sent);
}
