import { Secret, TOTP } from 'otpauth';

/**
 * Time-based one-time passwords (RFC 6238) through `otpauth` (docs/decisions/220): SHA-1, six digits,
 * 30-second steps, what every authenticator app reads from the QR code. One step either side is
 * accepted for clocks that drift; a step once accepted is never accepted again (the caller stores it).
 */
export const TOTP_PERIOD_S = 30;
const WINDOW = 1;
export const TOTP_ISSUER = 'obchod';

function totp(secret: string, label = ''): TOTP {
  return new TOTP({ issuer: TOTP_ISSUER, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_S, secret: Secret.fromBase32(secret) });
}

/** A new secret of 160 random bits (RFC 4226's recommended length), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/**
 * The code an authenticator app shows for `secret` at `at`: what the journeys and tests type in, made
 * by the same library with the same settings as the check below.
 */
export function totpCode(secret: string, at: Date): string {
  return totp(secret).generate({ timestamp: at.getTime() });
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function totpUri(secret: string, email: string): string {
  return totp(secret, email).toString();
}

/** The secret in groups of four, for typing into an app without a camera. */
export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/**
 * The time step a code is valid for at `now`, or null. Only digits count (spaces the person typed
 * are dropped); the caller refuses a step not later than the last one accepted.
 */
export function totpStep(secret: string, code: string, now: Date): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totp(secret).validate({ token, timestamp: now.getTime(), window: WINDOW });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / TOTP_PERIOD_S) + delta;
}
