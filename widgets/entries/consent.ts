/**
 * The cookie bar and Consent Mode v2, in the site entry (decision 243). Every page carries the same
 * hidden bar (pages never vary by the choice); this shows it while nothing is chosen, stores a choice
 * in the first-party `consent` cookie in place (the forms post to /suhlas-cookies without JS), and
 * opens the three switches from "Vybrať" or the footer's "Nastavenia cookies" at any time.
 * Google's consent signals are set to denied before anything else, then updated from the choice; no
 * tag is loaded here (the operator adds theirs). The cookie's format is server/shops/consent-cookie.ts's,
 * repeated here so no chunk is shared between the site entry and the widgets (decision 160).
 */
interface Consent {
  analytics: boolean;
  marketing: boolean;
}

const CHANGED = 'shop:consent';
const ALL: Consent = { analytics: true, marketing: true };
const NONE: Consent = { analytics: false, marketing: false };

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

function read(): Consent | null {
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

  const bar = document.querySelector<HTMLFormElement>('form.consent');
  const dialog = document.querySelector<HTMLDialogElement>('dialog.consent-dialog');
  if (bar && !stored) bar.hidden = false;

  const save = (consent: Consent) => {
    const secure = location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `consent=a${+consent.analytics}m${+consent.marketing}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
    document.dispatchEvent(new CustomEvent(CHANGED, { detail: consent }));
  };
  // Whoever stored it (the bar, the dialog, a video's "Povoliť a prehrať"): the bar goes, signals follow.
  document.addEventListener(CHANGED, (event) => {
    if (bar) bar.hidden = true;
    gtag('consent', 'update', signals((event as CustomEvent<Consent>).detail));
  });

  bar?.addEventListener('submit', (event) => {
    const choice = (event.submitter as HTMLButtonElement | null)?.value;
    if (choice !== 'all' && choice !== 'none') return;
    event.preventDefault();
    save(choice === 'all' ? ALL : NONE);
  });

  if (!dialog) return;
  const box = (name: string) => dialog.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.('a.consent__choose, a.consent-settings');
    if (!link || typeof dialog.showModal !== 'function') return;
    event.preventDefault();
    const now = read() ?? NONE;
    box('analytics')!.checked = now.analytics;
    box('marketing')!.checked = now.marketing;
    dialog.showModal();
  });
  dialog.querySelector('.consent-dialog__close')?.addEventListener('click', () => dialog.close());
  dialog.querySelector('form')?.addEventListener('submit', (event) => {
    event.preventDefault();
    save({ analytics: !!box('analytics')?.checked, marketing: !!box('marketing')?.checked });
    dialog.close();
  });
}
