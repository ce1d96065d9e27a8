import { useLingui } from '@lingui/react';
import { formatMoney } from '../../lib/format';
import type { CartView } from '../types';

/**
 * Gifts reached and the gift motivation (spec 4), the same markup as templates/partials/cart-gifts.eta,
 * redrawn from every cart answer so the progress follows quantity changes.
 */
export function Gifts({ view }: { view: CartView }) {
  const { i18n } = useLingui();
  const gifts = view.gifts ?? [];
  const motivations = view.gift_motivations ?? [];
  if (gifts.length === 0 && motivations.length === 0) return null;
  const image = (src: string | null) =>
    src ? <img className="cart-gift__image" src={src} alt="" width={48} height={48} loading="lazy" decoding="async" /> : <span className="cart-gift__image" />;
  return (
    <section className="cart-gifts" aria-label={i18n._('Darčeky k nákupu')}>
      {gifts.map((g) => (
        <div key={`g${g.id}`} className="cart-gift cart-gift--reached" data-gift={g.id}>
          {image(g.image)}
          <p className="cart-gift__text">
            {i18n._('Darček k objednávke')}: <strong>{g.value}</strong>
          </p>
        </div>
      ))}
      {motivations.map((m) => (
        <div key={`m${m.amount_min}${m.item.value}`} className="cart-gift" data-motivation={m.amount_min}>
          {image(m.item.image)}
          <p className="cart-gift__text">
            {i18n._('Nakúpte ešte za {amount} a získate darček', { amount: formatMoney(m.amount_min - view.subtotal, view.currency.code) })}: <strong>{m.item.value}</strong>
          </p>
          <progress className="cart-gift__progress" max={100} value={m.progress} aria-label={i18n._('Splnené na {progress} %', { progress: m.progress })}>
            {m.progress} %
          </progress>
        </div>
      ))}
    </section>
  );
}
