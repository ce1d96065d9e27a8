import { CONSENT_COOKIE, CONSENT_MAX_AGE, formatConsent, parseConsent, type Consent } from '../../server/shops/consent-cookie';

export type { Consent };

/** Dispatched on document with the new Consent as detail whenever the shopper chooses. */
export const CONSENT_CHANGED = 'shop:consent';

/** The shopper's choice from the cookie, or null before they made one. */
export function readConsent(): Consent | null {
  const entry = document.cookie.split('; ').find((c) => c.startsWith(`${CONSENT_COOKIE}=`));
  return parseConsent(entry?.slice(CONSENT_COOKIE.length + 1));
}

/** Stores a choice for a year (the server reads the same cookie) and tells the page. */
export function saveConsent(consent: Consent): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CONSENT_COOKIE}=${formatConsent(consent)}; Path=/; Max-Age=${CONSENT_MAX_AGE}; SameSite=Lax${secure}`;
  document.dispatchEvent(new CustomEvent(CONSENT_CHANGED, { detail: consent }));
}
