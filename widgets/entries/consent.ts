/**
 * The cookie bar and Consent Mode v2, in the site entry (decision 243). Every page carries the same
 * hidden bar (pages never vary by the choice); this shows it while nothing is chosen, stores a choice
 * in the first-party `consent` cookie in place (the forms post to /suhlas-cookies without JS), and
 * opens the three switches from "Vybrať" or the footer's "Nastavenia cookies" at any time.
 * Google's consent signals are set to denied before anything else, then updated from the choice; no
 * tag is loaded here (the operator adds theirs). The cookie's format is server/shops/consent-cookie.ts's,
 * repeated here so no chunk is shared between the site entry and the widgets (decision 160).
 */
export interface Consent {
  analytics: boolean;
  marketing: boolean;
}

const CHANGED = 'shop:consent';
const NONE: Consent = { analytics: false, marketing: false };

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export function read(): Consent | null {
  const value = document.cookie.split('; ').find((c) => c.startsWith('consent='))?.slice(8);
  if (value === '1') return NONE;
  const match = /^a([01])m([01])$/.exec(value ?? '');
  return match ? { analytics: match[1] === '1', marketing: match[2] === '1' } : null;
}

/** gtag() as Google's snippet defines it: the Arguments object itself goes on the data layer. */
function gtag(..._args: unknown[]): void {
  // eslint-disable-next-line prefer-rest-params
  (window.dataLayer ??= []).push(arguments);
}

const denied = (granted: boolean) => (granted ? 'granted' : 'denied');
const signals = (c: Consent) => ({
  ad_storage: denied(c.marketing),
  ad_user_data: denied(c.marketing),
  ad_personalization: denied(c.marketing),
  analytics_storage: denied(c.analytics),
});

export function enableConsent(): void {
  gtag('consent', 'default', signals(NONE));
  const stored = read();
  if (stored) gtag('consent', 'update', signals(stored));
  // The page's own GA4 event (view_item, view_item_list, purchase: server/render/analytics.ts), after the defaults.
  const page = document.getElementById('shop-analytics');
  try {
    if (page) window.dataLayer!.push({ ecommerce: null }, JSON.parse(page.textContent ?? ''));
  } catch {
    // The server writes it; a broken block only loses the event.
  }
  const bar = document.querySelector<HTMLFormElement>('form.consent');
  // Whoever stored it (the bar, the dialog, a video's "Povoliť a prehrať"): the bar goes, signals follow.
  document.addEventListener(CHANGED, (event) => {
    if (bar) bar.hidden = true;
    gtag('consent', 'update', signals((event as CustomEvent<Consent>).detail));
  });
  // The bar's and the dialog's code is a chunk of its own, off every later page's load: on a first
  // visit it comes with the bar (a press before it came posts the form, which works without it);
  // afterwards on the first press of the footer's "Nastavenia cookies".
  const ui = () => import('../consent/consent-ui').then((m) => m.enableConsentUi(read));
  if (!stored && bar) {
    bar.hidden = false;
    void ui();
    return;
  }
  const first = (event: MouseEvent) => {
    if (!(event.target as Element | null)?.closest?.('a.consent-settings')) return;
    event.preventDefault();
    document.removeEventListener('click', first);
    void ui().then((open) => open());
  };
  document.addEventListener('click', first);
}
