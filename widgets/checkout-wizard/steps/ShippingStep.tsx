import { useEffect, useState, type FormEvent } from 'react';
import type { EcommerceEvent } from '../../analytics';
import { useLingui } from '@lingui/react';
import { formatMoney } from '../../lib/format';
import { useWidgetId } from '../../lib/ids';
import type { CartView, PickupPointView, Send } from '../types';

/** Spec 9: shipping company 9 delivers to a post office, picked like a pickup point. */
const POST_OFFICE = 9;

/**
 * Packeta's and SPS's pickup points, or post offices for shipping 9, searched by town or zip over
 * our own table (the same texts as templates/pages/cart/shipping.eta).
 */
function PickupPicker({ view, send }: { view: CartView; send: Send }) {
  const { i18n } = useLingui();
  const post = view.shipping === POST_OFFICE;
  const id = useWidgetId();
  const [q, setQ] = useState('');
  const [points, setPoints] = useState<PickupPointView[] | null>(null);
  const search = async (event: FormEvent) => {
    event.preventDefault();
    const { api } = await import('../../lib/api');
    try {
      const answer = await api.get('cart/pickup-points', { searchParams: { company_id: String(view.shipping), q } }).json<{ items: PickupPointView[] }>();
      setPoints(answer.items);
    } catch {
      setPoints([]);
    }
  };
  const chosen = view.pickup_point;
  return (
    <fieldset className="choice-group pickup">
      <legend className="choice-group__title">{post ? i18n._('Pošta na vyzdvihnutie') : i18n._('Výdajné miesto')}</legend>
      {chosen && (
        <p className="pickup__chosen">
          <strong>{chosen.name}</strong>, {chosen.address}
          {chosen.location ? ` (${chosen.location})` : ''}
        </p>
      )}
      <form className="pickup-search" role="search" onSubmit={(e) => void search(e)}>
        <label htmlFor={`${id}-q`}>{post ? i18n._('Hľadať poštu (mesto alebo PSČ)') : i18n._('Hľadať výdajné miesto (mesto alebo PSČ)')}</label>
        <input id={`${id}-q`} type="search" value={q} maxLength={60} onChange={(e) => setQ(e.currentTarget.value)} />
        <button className="button button--ghost" type="submit">
          {i18n._('Hľadať')}
        </button>
      </form>
      {points && points.length === 0 && <p className="pickup__empty">{post ? i18n._('Nenašli sme žiadnu poštu') : i18n._('Nenašli sme žiadne výdajné miesto')}</p>}
      {points && points.length > 0 && (
        <ul className="pickup__results">
          {points.map((p) => (
            <li key={p.id}>
              <button type="button" className="pickup__point" aria-pressed={chosen?.id === p.id} onClick={() => void send('pickup', { pickup_point_id: p.id, company_id: p.company_id })}>
                <strong>{p.city}</strong> – {p.name}, {p.street}
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

/** Step 2: choices are saved as they are made; the server answers the new prices and order. */
export function ShippingStep({ view, send }: { view: CartView; send: Send }) {
  const { i18n } = useLingui();
  const money = (minor: number) => formatMoney(minor, view.currency.code);
  const selected = view.shipping_options.find((o) => o.selected);
  // GA4 (its module comes with the first event, off the load): the delivery step is where the checkout
  // begins, once per visit of the step; each saved carrier or payment is add_shipping_info / add_payment_info.
  const track = (event: EcommerceEvent, extra: { shipping_tier?: string; payment_type?: string } = {}) =>
    void import('../../analytics').then((a) => a.track(event, view.currency.code, a.cartItems(view.items), { value: a.major(view.subtotal), ...extra }));
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => track('begin_checkout'), []);
  const choose = async (kind: 'delivery' | 'payment', option: { id: number; name: string }) => {
    if (!(await send(kind, { id: option.id }))) return;
    if (kind === 'delivery') track('add_shipping_info', { shipping_tier: option.name });
    else track('add_payment_info', { payment_type: option.name });
  };
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
      {selected?.pickup && <PickupPicker key={selected.id} view={view} send={send} />}
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
