import type { Consent } from '../entries/consent';

/**
 * The cookie bar's buttons and the dialog with the three switches (necessary locked), loaded by the
 * site entry (entries/consent.ts) with the bar or on the footer's "Nastavenia cookies". A choice is
 * stored in the `consent` cookie (server/shops/consent-cookie.ts's format) and announced as
 * `shop:consent`; the entry hides the bar and updates Google's consent signals from it.
 * Returns what opens the dialog.
 */
const ALL: Consent = { analytics: true, marketing: true };
const NONE: Consent = { analytics: false, marketing: false };

function save(consent: Consent): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `consent=a${+consent.analytics}m${+consent.marketing}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
  document.dispatchEvent(new CustomEvent('shop:consent', { detail: consent }));
}

export function enableConsentUi(read: () => Consent | null): () => void {
  const bar = document.querySelector<HTMLFormElement>('form.consent');
  const dialog = document.querySelector<HTMLDialogElement>('dialog.consent-dialog');
  bar?.addEventListener('submit', (event) => {
    const choice = (event.submitter as HTMLButtonElement | null)?.value;
    if (choice !== 'all' && choice !== 'none') return;
    event.preventDefault();
    save(choice === 'all' ? ALL : NONE);
  });
  if (!dialog || typeof dialog.showModal !== 'function') return () => location.assign(bar?.action ?? '/suhlas-cookies');
  const box = (name: string) => dialog.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  const open = () => {
    const now = read() ?? NONE;
    box('analytics')!.checked = now.analytics;
    box('marketing')!.checked = now.marketing;
    dialog.showModal();
  };
  document.addEventListener('click', (event) => {
    if (!(event.target as Element | null)?.closest?.('a.consent__choose, a.consent-settings')) return;
    event.preventDefault();
    open();
  });
  dialog.querySelector('.consent-dialog__close')?.addEventListener('click', () => dialog.close());
  dialog.querySelector('form')?.addEventListener('submit', (event) => {
    event.preventDefault();
    save({ analytics: !!box('analytics')?.checked, marketing: !!box('marketing')?.checked });
    dialog.close();
  });
  return open;
}
