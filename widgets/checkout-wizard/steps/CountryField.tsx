import { useState, type KeyboardEvent } from 'react';
import { useLingui } from '@lingui/react';
import type { Send } from '../types';

interface Props {
  id: string;
  countries: string[];
  /** The cart's delivery country (the form's value). */
  value: string;
  onChange: (country: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  send?: Send;
}

/**
 * Step 3's delivery country. Spec 4: changing it asks first, since it changes tax and shipping
 * price; "Áno, zmeniť" saves it through POST /api/cart/country (the server checks the role and
 * answers the recomputed cart), "Zrušiť" keeps the old one.
 */
export function CountryField({ id, countries, value, onChange, onKeyDown, send }: Props) {
  const { i18n } = useLingui();
  const [asking, setAsking] = useState<string | null>(null);
  const name = (code: string) => (code === 'sk' ? i18n._('Slovensko') : i18n._('Česko'));
  const confirm = async (country: string) => {
    if (send && (await send('country', { country }))) onChange(country);
    setAsking(null);
  };
  return (
    <>
      <select className="order-field__input" id={id} name="country" value={asking ?? value} onChange={(e) => (e.currentTarget.value === value ? undefined : setAsking(e.currentTarget.value))} onKeyDown={onKeyDown}>
        {countries.map((c) => (
          <option key={c} value={c}>
            {name(c)}
          </option>
        ))}
      </select>
      {asking && (
        <div className="country-confirm" role="alertdialog" aria-modal="false" aria-label={i18n._('Zmeniť krajinu doručenia')}>
          <p className="country-change__text">{i18n._('Zmenou krajiny doručenia sa zmení daň a cena dopravy.')}</p>
          <p className="country-change__countries">
            {name(value)} → <strong>{name(asking)}</strong>
          </p>
          <button type="button" className="button button--ghost" onClick={() => setAsking(null)}>
            {i18n._('Zrušiť')}
          </button>{' '}
          <button type="button" className="button" data-action="confirm-country" onClick={() => void confirm(asking)}>
            {i18n._('Áno, zmeniť')}
          </button>
        </div>
      )}
    </>
  );
}
