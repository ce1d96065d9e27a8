import { useRef, useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react';
import { getDefaults } from '../lib/defaults';
import { useWidgetId } from '../lib/ids';
import type { WatchdogErrors } from '../../server/watchdog/watchdog.schemas';
import { saveWatch } from './save';

interface WatchdogFormProps {
  productId: number;
  currency: string;
  quantity: number;
  onClose: () => void;
}

type Field = keyof WatchdogErrors;
const ORDER: Field[] = ['available', 'available_value', 'price_value', 'email'];

/** Spec 5: some inputs take digits only, filtered as the shopper types. */
const digits = (value: string) => value.replace(/\D/g, '');
/** Digits and one decimal separator; spec 5: a decimal comma is converted to a point. */
const decimal = (value: string) => value.replace(/[^\d.,\s]/g, '');

function currencySymbol(currency: string): string {
  try {
    const parts = new Intl.NumberFormat(getDefaults().intlLocale, { style: 'currency', currency }).formatToParts(0);
    return parts.find((part) => part.type === 'currency')?.value ?? currency;
  } catch {
    return currency;
  }
}

/**
 * The dialog's form. The server checks it (watchdog.schemas.ts, one zod schema) and answers a refusal
 * with a message per field in the shopper's language, shown beside its field (spec 8); the widget does
 * not re-check, so the rules and their words have one home and zod stays out of the product page's
 * JS (docs/decisions/252).
 */
export function WatchdogForm({ productId, currency, quantity, onClose }: WatchdogFormProps) {
  const { i18n } = useLingui();
  const id = useWidgetId();
  const form = useRef<HTMLFormElement>(null);
  const [available, setAvailable] = useState(false);
  // Empty, with the stock as its placeholder: left so, it means "more than what is in stock now" (the
  // server fills it in); pre-filled, a shopper's digits were merged into it ("57104", issue 23).
  const stock = Math.max(0, Math.trunc(quantity) || 0);
  const [availableValue, setAvailableValue] = useState('');
  const [watchPrice, setWatchPrice] = useState(false);
  const [priceValue, setPriceValue] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [detail, setDetail] = useState('');
  const [state, setState] = useState<'idle' | 'sending' | 'done'>('idle');

  const show = (next: Record<string, string>, message: string) => {
    setErrors(next);
    setDetail(message);
    const first = ORDER.find((field) => next[field]);
    const target = first === 'available' ? 'available' : first;
    if (target) requestAnimationFrame(() => form.current?.querySelector<HTMLElement>(`[name="${target}"]`)?.focus());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (state === 'sending') return;
    const values = { email: email.trim(), available, available_value: availableValue, price: watchPrice, price_value: priceValue.replace(',', '.') };
    setState('sending');
    const result = await saveWatch({ product: productId, ...values });
    if (result.ok) {
      setState('done');
      return;
    }
    setState('idle');
    // One message per problem (issue 23): a refusal about fields is told beside them, not again in
    // the alert above the form; the alert is for a problem no field carries.
    show(result.problem.errors, Object.keys(result.problem.errors).some((field) => ORDER.includes(field as Field)) ? '' : result.problem.detail);
  };

  if (state === 'done') {
    return (
      <div className="watchdog watchdog--done">
        <p className="watchdog__success" role="status">{i18n._('Budeme vás informovať e-mailom.')}</p>
        <p className="watchdog__actions">
          <button type="button" className="button" onClick={onClose}>{i18n._('Zavrieť')}</button>
        </p>
      </div>
    );
  }

  const invalid = (field: Field) => (errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${field}` } : {});
  const message = (field: Field) => (errors[field] ? <p id={`${id}-${field}`} className="watchdog__error" role="alert">{errors[field]}</p> : null);

  return (
    <form ref={form} className="watchdog" noValidate onSubmit={submit}>
      {detail && <p className="watchdog__alert" role="alert">{detail}</p>}
      <fieldset className="watchdog__choices" {...invalid('available')}>
        <legend>{i18n._('O čom vás máme informovať?')}</legend>
        {message('available')}
        <div className="watchdog__row">
          <label className="watchdog__check">
            <input type="checkbox" name="available" checked={available} onChange={(e) => setAvailable(e.currentTarget.checked)} /> {i18n._('Dostupnosť')}
          </label>
          <label className="watchdog__limit">
            <span>{i18n._('viac ako')}</span>
            <input
              type="text" name="available_value" inputMode="numeric" size={4} value={availableValue} placeholder={String(stock)} {...invalid('available_value')}
              onChange={(e) => {
                setAvailableValue(digits(e.currentTarget.value));
                setAvailable(true);
              }}
            />
            <span>{i18n._('ks')}</span>
          </label>
        </div>
        {message('available_value')}
        <div className="watchdog__row">
          <label className="watchdog__check">
            <input type="checkbox" name="price" checked={watchPrice} onChange={(e) => setWatchPrice(e.currentTarget.checked)} /> {i18n._('Cena')}
          </label>
          <label className="watchdog__limit">
            <span>{i18n._('nižšia ako')}</span>
            <input
              type="text" name="price_value" inputMode="decimal" size={8} value={priceValue} {...invalid('price_value')}
              onChange={(e) => {
                setPriceValue(decimal(e.currentTarget.value));
                setWatchPrice(true);
              }}
            />
            <span>{currencySymbol(currency)}</span>
          </label>
        </div>
        {message('price_value')}
      </fieldset>
      <label className="watchdog__field">
        <span>{i18n._('E-mail')}</span>
        <input type="email" name="email" autoComplete="email" maxLength={254} value={email} {...invalid('email')} onChange={(e) => setEmail(e.currentTarget.value)} />
      </label>
      {message('email')}
      <p className="watchdog__actions">
        <button type="submit" className="button" disabled={state === 'sending'}>{i18n._('Sledovať')}</button>
      </p>
    </form>
  );
}
