/**
 * The shopper's cookie choice (decision 243), pure so the widgets and the site entry import it too.
 * One first-party cookie `consent`, readable by the server and by scripts (not HttpOnly): `a1m0` =
 * analytics yes, marketing no; necessary cookies are always on. The old bar's `1` ("Rozumiem", which
 * only ever allowed the necessary ones) reads as a choice of necessary only. No cookie: not chosen.
 * Pages never vary by it: the bar is in every page and the site entry shows it when nothing is chosen.
 */
export const CONSENT_COOKIE = 'consent';
export const CONSENT_MAX_AGE = 365 * 86400;

export interface Consent {
  analytics: boolean;
  marketing: boolean;
}

export type ConsentCategory = keyof Consent;

/** The choice a cookie value holds, or null when there is none (or it is not ours). */
export function parseConsent(value: string | undefined | null): Consent | null {
  if (value === '1') return { analytics: false, marketing: false };
  const match = /^a([01])m([01])$/.exec(value ?? '');
  return match ? { analytics: match[1] === '1', marketing: match[2] === '1' } : null;
}

export function formatConsent(consent: Consent): string {
  return `a${consent.analytics ? 1 : 0}m${consent.marketing ? 1 : 0}`;
}

export const ACCEPT_ALL: Consent = { analytics: true, marketing: true };
export const REJECT_ALL: Consent = { analytics: false, marketing: false };
