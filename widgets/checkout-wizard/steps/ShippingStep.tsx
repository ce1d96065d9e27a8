import { useEffect, useState } from 'react';
import type { EcommerceEvent } from '../../analytics';
import { useLingui } from '@lingui/react';
import { formatMoney } from '../../lib/format';
import { PickupPicker } from '../../pickup-picker/PickupPicker';
import type { CartView, Send } from '../types';

/** Step 2: choices are saved as they are made; the server answers the new prices and order. */
export function ShippingStep({ view, send, early }: { view: CartView; send: Send; early?: FormData }) {
  const { i18n } = useLingui();
  const money = (minor: number) => formatMoney(minor, view.currency.code);
  const selected = view.shipping_options.find((o) => o.selected);
  // GA4 (its module comes with the first event, off the load): the delivery step is where the checkout
  // begins, once per visit of the step; each saved carrier or payment is add_shipping_info / add_payment_info.
  const track = (event: EcommerceEvent, extra: { shipping_tier?: string; payment_type?: string } = {}) =>
    void import('../../analytics').then((a) => a.track(event, view.currency.code, a.cartItems(view.items), { value: a.major(view.subtotal), ...extra }));
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => track('begin_checkout'), []);
  // Spec 4: choosing shipping 9 opens the post-office search, 10 and 14 the pickup-point map.
  const [opened, setOpened] = useState<number | null>(null);
  const choose = async (kind: 'delivery' | 'payment', option: { id: number; name: string; pickup?: boolean }) => {
    if (!(await send(kind, { id: option.id }))) return;
    if (kind === 'delivery' && option.pickup) setOpened(option.id);
    if (kind === 'delivery') track('add_shipping_info', { shipping_tier: option.name });
    else track('add_payment_info', { payment_type: option.name });
  };
  // A carrier or payment ticked in the server's form before this code came (a quick tap on a slow
  // phone) was only a radio in a form that is gone now: it is saved as a tap on this step's would be.
  useEffect(() => {
    void (async () => {
      // The carrier first: it may clear a payment it cannot take. A disabled radio cannot be ticked.
      for (const [field, kind, options] of [['shipping', 'delivery', view.shipping_options], ['payment', 'payment', view.payment_options]] as const) {
        const option = options.find((o) => !o.selected && String(o.id) === early?.get(field));
        if (option) await choose(kind, option);
      }
    })();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // A new carrier gets a fresh search (its points, or post offices for shipping 9).
  return (
    <div className="delivery-form">
      <fieldset className="choice-group">
        <legend className="choice-group__title">{i18n._('Spôsob dopravy')}</legend>
        {view.shipping_options.map((o) => (
          <label key={o.id} className={o.selected ? 'choice choice--selected' : 'choice'}>
            <input type="radio" name="shipping" value={o.id} checked={o.selected} onChange={() => void choose('delivery', o)} />
            <span className="choice__name">{o.name}</span>
            <span className="choice__price">
              {o.price === null ? i18n._('Nedostupné') : o.price === 0 ? i18n._('Zadarmo') : o.from ? i18n._('od {price}', { price: money(o.price) }) : money(o.price)}
            </span>
            {o.description && <span className="choice__description">{o.description}</span>}
            {!o.withPayment && <span className="choice__note">{i18n._('Nie je možné so zvolenou platbou')}</span>}
          </label>
        ))}
      </fieldset>
      {selected?.pickup && (
        <PickupPicker
          key={selected.id}
          company={selected.id}
          country={view.country}
          chosen={view.pickup_point}
          openNow={opened === selected.id}
          onChoose={(point) => send('pickup', { pickup_point_id: point.id, company_id: point.company_id })}
        />
      )}
      <fieldset className="choice-group">
        <legend className="choice-group__title">{i18n._('Spôsob platby')}</legend>
        {view.payment_options.map((o) => (
          <label key={o.id} className={`choice${o.selected ? ' choice--selected' : ''}${o.enabled ? '' : ' choice--disabled'}`}>
            <input type="radio" name="payment" value={o.id} checked={o.selected} disabled={!o.enabled} onChange={() => void choose('payment', o)} />
            <span className="choice__name">{o.name}</span>
            <span className="choice__price">{o.fee > 0 ? money(o.fee) : i18n._('Zadarmo')}</span>
            {o.description && <span className="choice__description">{o.description}</span>}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
