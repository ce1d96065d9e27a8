import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react';
import type { WidgetProps } from '../lib/define';
import { ga4Item, track } from '../analytics';
import { getDefaults } from '../lib/defaults';
import { useWidgetId } from '../lib/ids';
import { addToCart } from '../stores/cart';
import { Icon } from '../ui/icons';

export interface AddToCartProps {
  productId?: number;
  /** Upper bound of the input: 99 (spec 9), or less when the page says so. */
  max?: number;
  /** For the analytics event only; the server prices the cart itself. */
  name?: string;
  /** Minor units, the role's price as the page showed it. */
  price?: number;
}

/** Spec 4 and 9: the add animation lasts 1 second. */
export const ADDED_MS = 1000;
export const LAST_ADD_KEY = 'cart.lastAdd';
const MIN = 1;
const LIMIT = 99;

/** Quantity 1–99 with − and +, adding through the cart store; the server answers every figure. */
export function AddToCart({ productId, max, name = '', price = 0, fallbackForm }: WidgetProps<AddToCartProps>) {
  const { i18n } = useLingui();
  const id = useWidgetId();
  const top = Math.max(MIN, Math.min(LIMIT, max ?? LIMIT));
  // A quantity typed into the server's form before this code came is kept (decision 166).
  const [text, setText] = useState(() => String(fallbackForm?.get('quantity') ?? '1'));
  const [busy, setBusy] = useState(false);
  const [added, setAdded] = useState(false);
  const [error, setError] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const parsed = /^\d{1,2}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  const valid = parsed >= MIN && parsed <= top;
  const step = (delta: number) => setText(String(Math.max(MIN, Math.min(top, (valid ? parsed : MIN) + delta))));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!productId || busy) return;
    if (!valid) {
      setError(i18n._('Zadajte počet od 1 do {max}', { max: top }));
      return;
    }
    setBusy(true);
    setError('');
    try {
      await addToCart(productId, parsed);
      try {
        localStorage.setItem(LAST_ADD_KEY, location.pathname + location.search);
      } catch {
        // Private mode: the server remembers the page too (Referer of the add call).
      }
      track('add_to_cart', getDefaults().currency.code, [ga4Item(productId, name, price, parsed)]);
      clearTimeout(timer.current);
      setAdded(true);
      timer.current = setTimeout(() => setAdded(false), ADDED_MS);
    } catch (failure) {
      const { readProblem } = await import('../lib/api');
      const problem = await readProblem(failure);
      setError(problem.errors.quantity ?? problem.errors.product_id ?? problem.detail);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={added ? 'add-to-cart add-to-cart--added' : 'add-to-cart'} onSubmit={(e) => void submit(e)} noValidate>
      <label className="visually-hidden" htmlFor={`${id}-q`}>
        {i18n._('Počet kusov: {name}', { name })}
      </label>
      <span className="add-to-cart__stepper">
        <button type="button" className="add-to-cart__step" aria-label={i18n._('Menej')} disabled={valid && parsed <= MIN} onClick={() => step(-1)}>
          −
        </button>
        <input
          id={`${id}-q`}
          className="add-to-cart__quantity"
          type="number"
          inputMode="numeric"
          min={MIN}
          max={top}
          step={1}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-e` : undefined}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setError('');
          }}
        />
        <button type="button" className="add-to-cart__step" aria-label={i18n._('Viac')} disabled={valid && parsed >= top} onClick={() => step(1)}>
          +
        </button>
      </span>
      <button className="button add-to-cart__button" type="submit" disabled={busy}>
        <Icon name={added ? 'check' : 'cart'} />
        <span>{added ? i18n._('Pridané') : i18n._('Do košíka')}</span>
      </button>
      <span className="add-to-cart__status" role="status">
        {added ? i18n._('Pridané do košíka') : ''}
      </span>
      {error && (
        <span id={`${id}-e`} className="field-error" role="alert">
          {error}
        </span>
      )}
    </form>
  );
}
