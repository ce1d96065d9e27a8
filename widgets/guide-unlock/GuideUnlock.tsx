import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useLingui } from '@lingui/react';
import type { WidgetProps } from '../lib/define';
import { getDefaults } from '../lib/defaults';
import { POINTS_CHANGED } from '../point-count/events';

export interface GuideUnlockProps {
  guide?: number;
  price?: number;
  /** The no-JS confirmation page (/moje/navody/ziskat/{id}); where a signed-out shopper goes. */
  href?: string;
  /** Spec 4: "hide the card if configured" once the guide is unlocked. */
  hideCard?: boolean;
}

/** Spec 9: the unlock toast shows 2000 ms, and the redirect follows 2000 ms after success. */
export const TOAST_MS = 2000;
export const REDIRECT_MS = 2000;

/**
 * "Získať za {price} bodov" on a points guide: asks "Naozaj chceš vymeniť {price} bodov za túto
 * výhodu?" (header Potvrdenie, buttons Zrušiť and the obtain label), POSTs the unlock, shows the toast
 * "Potvrdenie, Odomkol si návod", then opens /moje/objednavky#blog:{id}. Errors show the server's text.
 */
export function GuideUnlock({ guide, price, href, hideCard, host }: WidgetProps<GuideUnlockProps>) {
  const { i18n } = useLingui();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [toast, setToast] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  if (!Number.isInteger(guide) || (guide as number) < 1) return null;
  const cost = Number.isInteger(price) ? (price as number) : 0;
  const label = i18n._('Získať za {price} bodov', { price: cost });
  const fallback = href && href.startsWith('/') ? href : `/moje/navody/ziskat/${guide}`;

  const open = () => {
    if (!getDefaults().isLogged) {
      window.location.assign(fallback);
      return;
    }
    setError(null);
    setAsking(true);
  };

  const unlock = async () => {
    setBusy(true);
    try {
      const { api } = await import('../lib/api');
      const body = await api.post(`consumer/blog/${guide}/unlock`, { json: {} }).json<{ balance?: number; redirect?: string }>();
      setAsking(false);
      setToast(true);
      host.dispatchEvent(new CustomEvent(POINTS_CHANGED, { bubbles: true, composed: true, detail: { balance: body.balance } }));
      if (hideCard) host.closest('.guide-card')?.classList.add('guide-card--hidden');
      const target = body.redirect?.startsWith('/moje/') ? body.redirect : `/moje/objednavky#blog:${guide}`;
      timers.current.push(setTimeout(() => setToast(false), TOAST_MS));
      timers.current.push(setTimeout(() => window.location.assign(target), REDIRECT_MS));
    } catch (failure) {
      const { readProblem } = await import('../lib/api');
      const problem = await readProblem(failure);
      setAsking(false);
      setBusy(false);
      if (problem.status === 401) window.location.assign(fallback);
      else setError(problem.detail);
    }
  };

  return (
    <span className="guide-unlock">
      <button type="button" className="guide-card__obtain guide-card__obtain--points" disabled={busy} onClick={open}>
        {label}
      </button>
      {asking && (
        <div className="guide-unlock__confirm" role="alertdialog" aria-modal="false" aria-label={i18n._('Potvrdenie')}>
          <p>
            <strong>{i18n._('Potvrdenie')}</strong>
          </p>
          <p>{i18n._('Naozaj chceš vymeniť {price} bodov za túto výhodu?', { price: cost })}</p>
          <button type="button" className="button button--ghost" disabled={busy} onClick={() => setAsking(false)}>
            {i18n._('Zrušiť')}
          </button>{' '}
          <button type="button" className="button guide-unlock__confirm-button" disabled={busy} onClick={() => void unlock()}>
            {label}
          </button>
        </div>
      )}
      {error && (
        <span className="message message--error guide-unlock__error" role="alert">
          {error}
        </span>
      )}
      {/* In <body>, so hiding the card does not hide the toast with it. */}
      {toast &&
        createPortal(
          <p className="message message--success guide-unlock__toast" role="status">
            <strong>{i18n._('Potvrdenie')},</strong> {i18n._('Odomkol si návod')}
          </p>,
          document.body,
        )}
    </span>
  );
}
