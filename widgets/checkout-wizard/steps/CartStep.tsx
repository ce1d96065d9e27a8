import { useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react';
import { formatMoney } from '../../lib/format';
import type { CartView, Send } from '../types';
import { Gifts } from './Gifts';

type Item = CartView['items'][number];

/**
 * One line. Spec 4: 0 or a non-number asks to remove; confirming removes the line, declining
 * resets the quantity to 1. Enter or "Aktualizovať" saves through the API.
 */
function Line({ item, currency, send }: { item: Item; currency: string; send: Send }) {
  const { i18n } = useLingui();
  // What the shopper typed, until the server's answer replaces it with the saved quantity.
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState('');
  const text = draft ?? String(item.quantity);
  const money = (minor: number) => formatMoney(minor, currency);

  const remove = async () => {
    if (!window.confirm(i18n._('Naozaj chcete odstrániť {name} z košíka?', { name: item.name }))) {
      setDraft('1');
      if (item.quantity !== 1 && (await send('update', { product_id: item.id, quantity: 1 }))) setDraft(null);
      return;
    }
    // The GA4 module comes when an event does: off the cart page's load (its budget).
    if (await send('update', { product_id: item.id, quantity: 0 })) void import('../../analytics').then((a) => a.track('remove_from_cart', currency, [a.ga4Item(item.id, item.name, item.price_active, item.quantity)]));
    else setDraft(null);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const raw = text.trim();
    const n = /^\d{1,3}$/.test(raw) ? Number(raw) : Number.NaN;
    if (Number.isNaN(n) || n === 0) return remove();
    if (n > 99) {
      setError(i18n._('Zadajte počet od 0 do 99'));
      return;
    }
    setError('');
    if (n === item.quantity || (await send('update', { product_id: item.id, quantity: n }))) setDraft(null);
  };

  return (
    <tr className={item.excess ? 'cart-item cart-item--excess' : 'cart-item'} id={`cart-item-${item.id}`}>
      <td className="cart-item__product" data-label={i18n._('Produkt')}>
        <a className="cart-item__link" href={item.url}>
          {item.image ? (
            <img className="cart-item__image" src={item.image} alt="" width={64} height={64} loading="lazy" decoding="async" />
          ) : (
            <span className="cart-item__image cart-item__image--none" />
          )}
          <span className="cart-item__name">{item.name}</span>
        </a>
        {item.excess && <span className="cart-item__badge">{i18n._('Dostupné {count} ks', { count: item.available })}</span>}
        {!item.purchasable && <span className="cart-item__badge">{i18n._('Tento produkt nie je možné kúpiť')}</span>}
        {item.points > 0 && <span className="cart-item__points">{i18n._('+{points} bodov', { points: item.points })}</span>}
      </td>
      <td className="cart-item__price" data-label={i18n._('Cena za kus')}>
        {money(item.price_active)}
      </td>
      <td className="cart-item__quantity-cell" data-label={i18n._('Počet')}>
        <form className="cart-item__form" onSubmit={(e) => void save(e)} noValidate>
          <label className="visually-hidden" htmlFor={`cart-quantity-${item.id}`}>
            {i18n._('Počet kusov: {name}', { name: item.name })}
          </label>
          <input
            className="cart-item__quantity"
            id={`cart-quantity-${item.id}`}
            type="number"
            inputMode="numeric"
            min={0}
            max={99}
            step={1}
            value={text}
            aria-invalid={error ? true : undefined}
            onChange={(e) => setDraft(e.currentTarget.value)}
          />
          <button className="button button--small" type="submit">
            {i18n._('Aktualizovať')}
          </button>
          <button className="button button--small button--ghost cart-item__remove" type="button" aria-label={i18n._('Odstrániť: {name}', { name: item.name })} onClick={() => void remove()}>
            {i18n._('Odstrániť')}
          </button>
        </form>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </td>
      <td className="cart-item__total" data-label={i18n._('Spolu')}>
        {money(item.line_total)}
      </td>
    </tr>
  );
}

/** Step 1: the lines, then the gifts reached and the gift motivation. */
export function CartStep({ view, send }: { view: CartView; send: Send }) {
  const { i18n } = useLingui();
  return (
    <>
      <table className="cart-items">
        <caption className="visually-hidden">{i18n._('Položky v košíku')}</caption>
        <thead>
          <tr>
            <th scope="col">{i18n._('Produkt')}</th>
            <th scope="col">{i18n._('Cena za kus')}</th>
            <th scope="col">{i18n._('Počet')}</th>
            <th scope="col">{i18n._('Spolu')}</th>
          </tr>
        </thead>
        <tbody>
          {view.items.map((item) => (
            <Line key={item.id} item={item} currency={view.currency.code} send={send} />
          ))}
        </tbody>
      </table>
      <Gifts view={view} />
    </>
  );
}
