import { afterEach, describe, expect, it } from 'vitest';
import '../../widgets/payment-chooser/payment-chooser.element';
import { $, settle, until } from './helpers';

const HASH = 'AbCdEfGhIjKlMnOpQrStUv';
const BANKS = JSON.stringify([
  { key: 'card', name: 'Platobná karta' },
  { key: 'tatrabanka', name: 'Tatra banka' },
  { key: 'slsp', name: 'Slovenská sporiteľňa' },
  { key: 'other', name: 'Iná banka' },
]).replace(/"/g, '&quot;');

/** The server's no-JS fallback inside the tag, as tracking.eta renders it. */
const chooser = (banks = BANKS) =>
  `<shop-payment-chooser hash="${HASH}" banks="${banks}" label="Zaplatiť 12,90 €">` +
  `<form class="payment-chooser__form" method="get" action="/payment/${HASH}" target="_blank"><fieldset><legend>Spôsob platby</legend>` +
  `<label><input type="radio" name="bank" value="card"> Platobná karta</label></fieldset>` +
  `<p class="payment-chooser__warning">Vyberte spôsob platby</p><button class="button payment-chooser__pay" type="submit">Zaplatiť 12,90 €</button></form>` +
  `</shop-payment-chooser>`;

const pay = () => $('button.payment-chooser__pay') as HTMLButtonElement;
const form = () => $('form.payment-chooser__form') as HTMLFormElement;
const radios = () => [...document.querySelectorAll<HTMLInputElement>('shop-payment-chooser input[type=radio]')];
const submit = () => {
  const event = new Event('submit', { bubbles: true, cancelable: true });
  form().dispatchEvent(event);
  return event;
};

afterEach(async () => {
  document.body.innerHTML = '';
  await settle();
});

describe('payment chooser', () => {
  it('keeps the pay button disabled with "Vyberte spôsob platby" until a bank is chosen', async () => {
    document.body.innerHTML = chooser();
    await until(() => radios().length === 4);
    expect(radios().map((r) => r.value)).toEqual(['card', 'tatrabanka', 'slsp', 'other']);
    expect(pay().disabled).toBe(true);
    expect(pay().textContent).toBe('Zaplatiť 12,90 €');
    expect($('.payment-chooser__warning')!.textContent).toBe('Vyberte spôsob platby');
    expect(pay().getAttribute('aria-describedby')).toBe($('.payment-chooser__warning')!.id);
    // Enter in the form without a choice submits nothing.
    expect(submit().defaultPrevented).toBe(true);
  });

  it('opens the gateway for the chosen bank in a new tab', async () => {
    document.body.innerHTML = chooser();
    await until(() => radios().length === 4);
    radios()[1].click();
    await until(() => !pay().disabled);
    expect($('.payment-chooser__warning')!.textContent).toBe('');
    expect(new URL(form().action, 'http://x').pathname).toBe(`/payment/${HASH}/tatrabanka`);
    expect(form().getAttribute('method')).toBe('get');
    expect(form().getAttribute('target')).toBe('_blank');
    expect(submit().defaultPrevented).toBe(false);
    radios()[0].click();
    await until(() => form().getAttribute('action') === `/payment/${HASH}/card`);
  });

  it('survives a malformed bank list: no choice, the button stays disabled', async () => {
    document.body.innerHTML = chooser('[{not json');
    await until(() => pay()?.disabled === true && radios().length === 0);
    expect($('.payment-chooser__warning')!.textContent).toBe('Vyberte spôsob platby');
    expect(submit().defaultPrevented).toBe(true);
  });
});
