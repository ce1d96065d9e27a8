import { useLingui } from '@lingui/react';
import { formatMoney } from '../lib/format';
import type { CartView } from './types';

/** The totals panel, the same markup as templates/partials/cart-totals.eta, from the server's figures. */
export function Totals({ view }: { view: CartView }) {
  const { i18n } = useLingui();
  const money = (minor: number) => formatMoney(minor, view.currency.code);
  const shipping =
    view.shipping_price === null ? i18n._('Vyberte dopravu a platbu') : view.shipping_price === 0 ? i18n._('Zadarmo') : money(view.shipping_price);
  return (
    <dl className="cart-totals" aria-live="polite">
      <div className="cart-totals__row">
        <dt>{i18n._('Medzisúčet s DPH')}</dt>
        <dd data-total="subtotal">{money(view.subtotal)}</dd>
      </div>
      <div className="cart-totals__row">
        <dt>{i18n._('Doprava s DPH')}</dt>
        <dd data-total="shipping">{shipping}</dd>
      </div>
      {view.payment_fee > 0 && (
        <div className="cart-totals__row">
          <dt>{i18n._('Poplatok za dobierku')}</dt>
          <dd data-total="fee">{money(view.payment_fee)}</dd>
        </div>
      )}
      {view.discount > 0 && view.voucher && (
        <div className="cart-totals__row cart-totals__row--discount">
          <dt>{i18n._('Zľava (kupón {code})', { code: view.voucher.code })}</dt>
          <dd data-total="discount">{money(-view.discount)}</dd>
        </div>
      )}
      <div className="cart-totals__row">
        <dt>{i18n._('Centové dorovnanie')}</dt>
        <dd data-total="alignment">{money(view.alignment)}</dd>
      </div>
      <div className="cart-totals__row cart-totals__row--total">
        <dt>{i18n._('Celkom k úhrade')}</dt>
        <dd data-total="total">{money(view.total)}</dd>
      </div>
      {view.points > 0 && (
        <div className="cart-totals__row cart-totals__row--points">
          <dt>{i18n._('Získate body')}</dt>
          <dd data-total="points">{view.points}</dd>
        </div>
      )}
    </dl>
  );
}
