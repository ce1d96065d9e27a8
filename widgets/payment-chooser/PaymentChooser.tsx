import { useState } from 'react';
import { useLingui } from '@lingui/react';
import type { WidgetProps } from '../lib/define';
import { useWidgetId } from '../lib/ids';

export interface PaymentChooserProps {
  /** The order's public hash. */
  hash?: string;
  /** The banks offered for the order's payment, names already translated by the server. */
  banks?: { key: string; name: string }[];
  /** The pay button's text with the amount ("Zaplatiť 12,90 €"). */
  label?: string;
}

/**
 * The payment chooser (spec 2): the pay button stays disabled until a bank is chosen, and until then
 * the warning says "Vyberte spôsob platby". Paying is a GET form aimed at the gateway
 * /payment/{hash}/{bankKey} with target _blank, so the browser opens the bank in a new tab from the
 * click itself (no window.open a pop-up blocker could stop).
 */
export function PaymentChooser({ hash = '', banks, label = '' }: WidgetProps<PaymentChooserProps>) {
  const { i18n } = useLingui();
  const [bank, setBank] = useState<string | null>(null);
  const id = useWidgetId();
  const list = Array.isArray(banks) ? banks.filter((b) => b && typeof b.key === 'string' && /^[a-z]+$/.test(b.key)) : [];
  const chosen = list.some((b) => b.key === bank) ? bank : null;
  return (
    <form
      className="payment-chooser__form"
      method="get"
      action={chosen ? `/payment/${hash}/${chosen}` : `/payment/${hash}`}
      target="_blank"
      onSubmit={(event) => {
        if (!chosen) event.preventDefault();
      }}
    >
      <fieldset className="payment-chooser__banks">
        <legend>{i18n._('Spôsob platby')}</legend>
        {list.map((b) => (
          <label className="payment-chooser__bank" key={b.key}>
            <input type="radio" name={`${id}-bank`} value={b.key} checked={chosen === b.key} onChange={() => setBank(b.key)} /> {b.name}
          </label>
        ))}
      </fieldset>
      <p className="payment-chooser__warning" id={`${id}-warning`} aria-live="polite">
        {chosen ? '' : i18n._('Vyberte spôsob platby')}
      </p>
      <button className="button payment-chooser__pay" type="submit" disabled={!chosen} aria-describedby={chosen ? undefined : `${id}-warning`}>
        {label}
      </button>
    </form>
  );
}
