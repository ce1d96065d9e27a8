import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLingui } from '@lingui/react';
import { useWidgetId } from '../../lib/ids';
import { PICKUP_COUNTRY, STREET, fieldMessage } from '../../../server/orders/orders.rules';
import type { Send } from '../types';
import { CountryField } from './CountryField';
import { SavedAddressButtons } from './SavedAddressButtons';

/** What the step-3 page hands the wizard (translated messages, the form token, allowed countries). */
export interface CustomerInit {
  values: Record<string, string>;
  errors: Record<string, string>;
  token: string;
  countries: string[];
  termsPath: string;
  /** A signed-in consumer: offer the saved addresses. */
  saved?: boolean;
  /** The chosen pickup point, which fixes the delivery country. */
  pickup?: { name: string; address: string; country: string } | null;
}

type Values = Record<string, string | boolean>;
interface Field { name: string; label: string; required?: boolean; type?: string }

/** Spec 4: an invalid submit shakes the terms checkbox for 1 s. */
export const SHAKE_MS = 1000;

/**
 * Step 3 enhanced: instant validation on blur, Enter moves to the next field, the VAT number is
 * checked (format, then VIES) on blur, and the order goes to POST /api/cart/submit with the page's
 * form token as Idempotency-Key; success lands on the tracking page.
 */
export function CustomerStep({ init, send, early }: { init: CustomerInit; send?: Send; early?: FormData }) {
  const { i18n } = useLingui();
  const id = useWidgetId();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(() => {
    // What was typed or ticked in the server's form before this code came (a quick shopper on a slow
    // phone) wins over the saved values; its hidden fields (_csrf, _submit) are the page's, not the order's.
    const typed = Object.fromEntries([...(early ?? [])].filter((entry): entry is [string, string] => typeof entry[1] === 'string' && !entry[0].startsWith('_')));
    // A box left unticked there is not in the form's data: unticked, not the saved value.
    const start: Record<string, string> = { ...init.values, ...(early ? { condition: '', consentHeureka: '' } : {}), ...typed };
    return { country: init.countries[0] ?? '', ...start, condition: start.condition === '1', consentHeureka: start.consentHeureka === '1' };
  });
  const [errors, setErrors] = useState<Record<string, string>>(init.errors);
  const [vat, setVat] = useState('');
  const [shake, setShake] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');

  const str = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : '');
  const check = (name: string, value: string | boolean) => {
    const message = fieldMessage(name, value, init.countries);
    setErrors((e) => ({ ...e, [name]: message ? i18n._(message) : '' }));
    return message;
  };
  const set = (name: string, value: string | boolean) => setValues((v) => ({ ...v, [name]: value }));
  // Spec 4 "editing a field bound to a carrier": the pickup point fixes the delivery country; the
  // country field asks before it changes (tax and shipping), and the server then drops a point abroad.
  const pickup = init.pickup;

  const checkVat = async () => {
    const value = str('companyVat').trim();
    if (!value) return setVat('');
    setVat(i18n._('Overujem'));
    const { api } = await import('../../lib/api');
    try {
      const answer = await api.post('cart/vat-check', { json: { companyVat: value } }).json<{ message: string }>();
      setVat(answer.message);
    } catch {
      setVat('');
    }
  };

  // Enter moves to the next field instead of submitting half a form.
  const next = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Enter' || (event.target as HTMLElement).tagName === 'TEXTAREA') return;
    event.preventDefault();
    const fields = Array.from(form.current?.querySelectorAll<HTMLElement>('input:not([type=hidden]), select, textarea') ?? []);
    fields[fields.indexOf(event.target as HTMLElement) + 1]?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    for (const name of ['firstName', 'lastName', 'street', 'town', 'zip', 'country', 'contact', 'email', 'condition']) {
      const message = fieldMessage(name, values[name] ?? '', init.countries);
      if (message) found[name] = i18n._(message);
    }
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      setShake(true);
      setTimeout(() => setShake(false), SHAKE_MS);
      const el = form.current?.querySelector<HTMLElement>(`[name="${first}"]`);
      el?.scrollIntoView?.({ block: 'center' });
      el?.focus();
      return;
    }
    setBusy(true);
    const { api, readProblem } = await import('../../lib/api');
    try {
      const answer = await api.post('cart/submit', { json: values, headers: { 'Idempotency-Key': init.token } }).json<{ data: { hash: string } }>();
      window.location.assign(`/sledovanie-zasielky/${answer.data.hash}`);
    } catch (failure) {
      const problem = await readProblem(failure);
      setErrors(problem.errors);
      setNotice(problem.detail);
      setBusy(false);
    }
  };

  const input = ({ name, label, required, type }: Field) => (
    <div key={name} className={`order-field${errors[name] ? ' order-field--invalid' : ''}`}>
      <label className="order-field__label" htmlFor={`${id}-${name}`}>
        {label}
        {required && <span className="order-field__required" aria-hidden="true"> *</span>}
      </label>
      <input
        className="order-field__input"
        id={`${id}-${name}`}
        name={name}
        type={type ?? 'text'}
        value={str(name)}
        required={required}
        aria-invalid={errors[name] ? true : undefined}
        onChange={(e) => set(name, e.currentTarget.value)}
        onBlur={(e) => (name === 'companyVat' ? void checkVat() : required || name === 'street' ? check(name, e.currentTarget.value) : undefined)}
        onKeyDown={next}
      />
      {errors[name] && <p className="order-field__error" data-error-for={name}>{errors[name]}</p>}
      {name === 'invoiceStreet' && str(name).trim() && fieldMessage('street', str(name), init.countries) && (
        <p className="order-field__warning" data-warning-for={name}>{i18n._(STREET)}</p>
      )}
      {name === 'companyVat' && vat && <p className="order-field__hint" role="status">{vat}</p>}
    </div>
  );

  return (
    <form ref={form} className="order-form" noValidate onSubmit={(e) => void submit(e)}>
      {notice && <p className="checkout__notice" role="alert">{notice}</p>}
      {init.saved && <SavedAddressButtons countries={init.countries} onFill={(filled) => setValues((v) => ({ ...v, ...filled }))} />}
      <fieldset className="order-form__group">
        <legend className="order-form__title">{i18n._('Doručovacie údaje')}</legend>
        {input({ name: 'firstName', label: i18n._('Meno'), required: true })}
        {input({ name: 'lastName', label: i18n._('Priezvisko'), required: true })}
        {input({ name: 'street', label: i18n._('Ulica a číslo'), required: true })}
        {input({ name: 'town', label: i18n._('Mesto'), required: true })}
        {input({ name: 'zip', label: i18n._('PSČ'), required: true })}
        <div className="order-field">
          <label className="order-field__label" htmlFor={`${id}-country`}>{i18n._('Krajina')}</label>
          <CountryField id={`${id}-country`} countries={init.countries} value={str('country')} onChange={(c) => set('country', c)} onKeyDown={next} send={send} />
          {pickup && (
            <p className={pickup.country === str('country') ? 'order-field__hint' : 'order-field__warning'} data-pickup-country={pickup.country}>
              {pickup.country === str('country') ? i18n._('Doručíme na výdajné miesto {name}, {address}. Krajinu doručenia zmeníte zmenou dopravy.', pickup) : i18n._(PICKUP_COUNTRY)}{' '}
              <a href="/nakupny-kosik/doprava">{i18n._('Zmeniť dopravu')}</a>
            </p>
          )}
        </div>
        {input({ name: 'contact', label: i18n._('Telefón'), required: true, type: 'tel' })}
        {input({ name: 'email', label: i18n._('E-mail'), required: true, type: 'email' })}
      </fieldset>
      <fieldset className="order-form__group">
        <legend className="order-form__title">{i18n._('Nakupujem na firmu')}</legend>
        {input({ name: 'companyName', label: i18n._('Názov firmy') })}
        {input({ name: 'companyNumber', label: i18n._('IČO') })}
        {input({ name: 'companyTax', label: i18n._('DIČ') })}
        {input({ name: 'companyVat', label: i18n._('IČ DPH') })}
      </fieldset>
      <fieldset className="order-form__group">
        <legend className="order-form__title">{i18n._('Fakturačná adresa (ak je iná)')}</legend>
        {input({ name: 'invoiceName', label: i18n._('Meno alebo názov firmy') })}
        {input({ name: 'invoiceNumber', label: i18n._('IČO') })}
        {input({ name: 'invoiceTax', label: i18n._('DIČ') })}
        {input({ name: 'invoiceVat', label: i18n._('IČ DPH') })}
        {input({ name: 'invoiceStreet', label: i18n._('Ulica a číslo') })}
        {input({ name: 'invoiceTown', label: i18n._('Mesto') })}
        {input({ name: 'invoiceZip', label: i18n._('PSČ') })}
        {input({ name: 'invoiceCountry', label: i18n._('Krajina') })}
      </fieldset>
      <div className="order-field">
        <label className="order-field__label" htmlFor={`${id}-userNote`}>{i18n._('Poznámka')}</label>
        <textarea className="order-field__input" id={`${id}-userNote`} name="userNote" maxLength={1000} rows={3} value={str('userNote')} onChange={(e) => set('userNote', e.currentTarget.value)} />
      </div>
      <div className={`order-field order-field--check${errors.condition ? ' order-field--invalid' : ''}${shake ? ' order-field--shake' : ''}`} data-terms="">
        <label className="order-check" htmlFor={`${id}-condition`}>
          <input id={`${id}-condition`} type="checkbox" name="condition" checked={values.condition === true} onChange={(e) => set('condition', e.currentTarget.checked)} aria-invalid={errors.condition ? true : undefined} />
          <span>{i18n._('Súhlasím s')} <a href={init.termsPath} target="_blank" rel="noopener">{i18n._('obchodnými podmienkami')}</a></span>
        </label>
        {errors.condition && <p className="order-field__error" data-error-for="condition">{errors.condition}</p>}
      </div>
      <div className="order-field order-field--check">
        <label className="order-check" htmlFor={`${id}-consentHeureka`}>
          <input id={`${id}-consentHeureka`} type="checkbox" name="consentHeureka" checked={values.consentHeureka === true} onChange={(e) => set('consentHeureka', e.currentTarget.checked)} />
          <span>{i18n._('Súhlasím so zaslaním dotazníka spokojnosti v rámci programu Overené zákazníkmi')}</span>
        </label>
      </div>
      <button className="button order-form__submit" type="submit" disabled={busy}>{i18n._('Odoslať objednávku')}</button>
    </form>
  );
}
