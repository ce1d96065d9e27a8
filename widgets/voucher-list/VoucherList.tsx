import { useEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react';
import type { WidgetProps } from '../lib/define';
import { POINTS_CHANGED } from '../point-count/events';

export interface VoucherOffer {
  id: number;
  name: string;
  price: number;
  disabled?: boolean;
}

export interface VoucherListProps {
  offers?: VoucherOffer[];
}

/** Spec 4, 9: after a voucher is bought the page goes to the vouchers list after 2 s. */
export const REDIRECT_MS = 2000;

function validOffers(value: unknown): VoucherOffer[] {
  if (!Array.isArray(value)) return [];
  return value.filter((o): o is VoucherOffer => !!o && typeof o === 'object' && Number.isInteger(o.id) && typeof o.name === 'string' && Number.isInteger(o.price));
}

/**
 * Vouchers offered for points on /moje/kupony. "Získaj" asks for confirmation (spec 4), then
 * POST /api/consumer/voucher/buy/{id}; success says "Získal si kupón" and goes to the new voucher
 * after 2 s; too few points says "Nedostatok bodov - Pre získanie kupónu nazbieraj viac bodov".
 */
export function VoucherList({ offers, host }: WidgetProps<VoucherListProps>) {
  const { i18n } = useLingui();
  const list = validOffers(offers);
  const [asking, setAsking] = useState<VoucherOffer | null>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const buy = async (offer: VoucherOffer) => {
    setBusy(true);
    try {
      const { api } = await import('../lib/api');
      const body = await api.post(`consumer/voucher/buy/${offer.id}`, { json: {} }).json<{ voucher?: { id?: number } }>();
      setAsking(null);
      setNote({ kind: 'success', text: i18n._('Získal si kupón') });
      host.dispatchEvent(new CustomEvent(POINTS_CHANGED, { bubbles: true, composed: true, detail: {} }));
      const target = `/moje/kupony?vysledok=kupeny${body.voucher?.id ? `#voucher:${body.voucher.id}` : ''}`;
      timer.current = setTimeout(() => window.location.assign(target), REDIRECT_MS);
    } catch (error) {
      const { readProblem } = await import('../lib/api');
      const problem = await readProblem(error);
      setAsking(null);
      setNote({ kind: 'error', text: problem.status === 409 ? i18n._('Nedostatok bodov - Pre získanie kupónu nazbieraj viac bodov') : problem.detail });
      setBusy(false);
    }
  };

  return (
    <div className="voucher-offers">
      <ul className="reward-cards" role="list">
        {list.map((o) => (
          <li key={o.id} className={`reward-card${o.disabled ? ' reward-card--disabled' : ''}`} data-offer={o.id}>
            <h3 className="reward-card__name">{o.name}</h3>
            <p className="reward-card__price">{i18n._('{price} bodov', { price: o.price })}</p>
            <button type="button" className="button reward-card__button" disabled={busy || !!o.disabled} onClick={() => setAsking(o)}>
              {i18n._('Získaj')}
            </button>
          </li>
        ))}
      </ul>
      {asking && (
        <div className="voucher-offers__confirm" role="alertdialog" aria-modal="false" aria-label={i18n._('Potvrdenie')}>
          <p>
            <strong>{i18n._('Potvrdenie')}</strong>
          </p>
          <p>{i18n._('Naozaj chceš vymeniť {price} bodov za túto výhodu?', { price: asking.price })}</p>
          <button type="button" className="button button--ghost" disabled={busy} onClick={() => setAsking(null)}>
            {i18n._('Zrušiť')}
          </button>{' '}
          <button type="button" className="button voucher-offers__confirm-button" disabled={busy} onClick={() => void buy(asking)}>
            {busy ? i18n._('Získavam ...') : i18n._('Získaj')}
          </button>
        </div>
      )}
      {note && (
        <p className={`message message--${note.kind}`} role={note.kind === 'error' ? 'alert' : 'status'}>
          {note.text}
        </p>
      )}
    </div>
  );
}
