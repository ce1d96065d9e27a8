import { useEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react';
import type { WidgetProps } from '../lib/define';
import { POINTS_CHANGED } from '../point-count/events';

export interface RewardCardProps {
  /** The point item id (not `id`, which is the element's DOM id). */
  item?: number;
  name?: string;
  image?: string;
  price?: number;
  disabled?: boolean;
}

/** Spec 9: toasts of the points claim last 2 s. */
export const TOAST_MS = 2000;

type Toast = { kind: 'success' | 'error'; title: string; text: string };

/**
 * A points reward card (spec 2, 4): image, name and "Získaj" ("Získavam ..." while busy). The button
 * is disabled while busy, once claimed, and when the item is disabled. The claim is the spec's GET
 * /api/consumer/point/{id}/buy; lib/api sends the CSRF header the server demands on it.
 */
export function RewardCard({ item: id = 0, name = '', image, price, disabled = false, host }: WidgetProps<RewardCardProps>) {
  const { i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const [claimed, setClaimed] = useState(false);
  const [toast, setToast] = useState<Toast | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = (next: Toast) => {
    clearTimeout(timer.current);
    setToast(next);
    timer.current = setTimeout(() => setToast(null), TOAST_MS);
  };

  const claim = async () => {
    if (busy || claimed || disabled || !id) return;
    setBusy(true);
    try {
      const { api } = await import('../lib/api');
      const body = await api.get(`consumer/point/${id}/buy`).json<{ balance?: number }>();
      setClaimed(true);
      show({ kind: 'success', title: i18n._('Potvrdenie'), text: i18n._('Získal si body') });
      host.dispatchEvent(new CustomEvent(POINTS_CHANGED, { bubbles: true, composed: true, detail: { balance: body.balance } }));
    } catch {
      show({ kind: 'error', title: i18n._('Chyba'), text: i18n._('Nezískal si body') });
    } finally {
      setBusy(false);
    }
  };

  const off = busy || claimed || disabled;
  return (
    <div className={`reward-card${claimed || disabled ? ' reward-card--disabled' : ''}`}>
      {image ? <img className="reward-card__image" src={image} alt="" width={160} height={120} loading="lazy" /> : null}
      <h3 className="reward-card__name">{name}</h3>
      {typeof price === 'number' ? <p className="reward-card__price">{i18n._('{price} bodov', { price })}</p> : null}
      <button type="button" className="button reward-card__button" disabled={off} aria-busy={busy} onClick={claim}>
        {busy ? i18n._('Získavam ...') : i18n._('Získaj')}
      </button>
      {toast ? (
        <p className={`reward-card__toast reward-card__toast--${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
          <strong>{toast.title}:</strong> {toast.text}
        </p>
      ) : null}
    </div>
  );
}
