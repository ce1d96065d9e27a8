import { afterEach, describe, expect, it, vi } from 'vitest';

await vi.hoisted(async () => (await import('./page-defaults')).setDefaults({ shop: 'sk', locale: 'sk', csrf: 'csrf-wd', currency: { code: 'EUR', symbol: '€' } }));

import '../../widgets/watchdog-dialog/watchdog-dialog.element';
import { $, jsonResponse, key, settle, until } from './helpers';
import { validateWatchdog } from '../../server/watchdog/watchdog.schemas';

const TAG = (attrs = 'product-id="12" name="Hrnček" price="1290" currency="EUR" quantity="0"') =>
  `<shop-watchdog-dialog ${attrs}><a class="watchdog-slot__open" href="/sledovanie-ceny/12">Sledovať cenu a dostupnosť</a></shop-watchdog-dialog>`;

afterEach(async () => {
  document.querySelectorAll('shop-watchdog-dialog').forEach((el) => el.remove());
  await settle();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

async function openDialog(attrs?: string): Promise<{ opener: HTMLElement; dialog: HTMLElement }> {
  document.body.innerHTML = TAG(attrs);
  const opener = await until(() => $('button.watchdog-slot__open'));
  opener.click();
  const dialog = await until(() => $('[role="dialog"]'));
  return { opener, dialog };
}

/** Types as a browser does; preact commits on its next tick, so wait for it. */
async function type(name: string, value: string): Promise<void> {
  const input = $(`.watchdog-dialog [name="${name}"]`) as HTMLInputElement;
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await settle();
}

async function check(name: string): Promise<void> {
  ($(`.watchdog-dialog [name="${name}"]`) as HTMLInputElement).click();
  await settle();
}
const submit = () => ($('.watchdog-dialog button[type="submit"]') as HTMLButtonElement).click();
const errorOf = (name: string) => {
  const input = $(`.watchdog-dialog [name="${name}"]`)!;
  const holder = name === 'available' ? input.closest('fieldset')! : input;
  const id = holder.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe('watch dialog', () => {
  it('replaces the fallback link with a button that opens an accessible modal', async () => {
    const { opener, dialog } = await openDialog();
    expect($('shop-watchdog-dialog a')).toBeNull();
    expect(opener.getAttribute('aria-haspopup')).toBe('dialog');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).toBe('Sledovať cenu a dostupnosť');
    expect(dialog.parentElement?.parentElement).toBe(document.body);
    expect(document.activeElement).toBe($('.watchdog-dialog [name="available"]'));
    expect(($('.watchdog-dialog [name="available_value"]') as HTMLInputElement).value).toBe('');
    expect($('.watchdog-dialog__product')?.textContent).toBe('Hrnček');
  });

  it('leaves "viac ako" empty with the stock as its placeholder, so typed digits are the whole count (issue 23)', async () => {
    let sent: Record<string, unknown> = {};
    vi.stubGlobal('fetch', vi.fn(async (request: Request) => ((sent = await request.clone().json()), jsonResponse({ id: 'abc' }, 201))));
    await openDialog('product-id="12" name="Hrnček" price="1290" currency="EUR" quantity="57"');
    const box = $('.watchdog-dialog [name="available_value"]') as HTMLInputElement;
    expect(box.value).toBe('');
    expect(box.placeholder).toBe('57');
    await type('available_value', '104');
    expect(box.value).toBe('104');
    await type('email', 'jana@example.sk');
    submit();
    await until(() => $('.watchdog__success'));
    expect(sent.available_value).toBe('104');
  });

  it('traps Tab inside, closes on Escape and gives focus back to the button', async () => {
    const { opener, dialog } = await openDialog();
    const items = [...dialog.querySelectorAll<HTMLElement>('button, input')];
    items.at(-1)!.focus();
    key(document.activeElement!, 'Tab');
    expect(document.activeElement).toBe(items[0]);
    key(document.activeElement!, 'Tab', { shiftKey: true });
    expect(document.activeElement).toBe(items.at(-1));
    key(document.activeElement!, 'Escape');
    await until(() => !$('[role="dialog"]'));
    expect(document.activeElement).toBe(opener);
  });

  it('shows each rule of spec 5 as the server words it: one message per field, none above the form', async () => {
    // The widget no longer re-checks (decision 252): the stub answers with the server's own rules,
    // as POST /api/watchdog does (400 problem+json, a message per field, the first as detail).
    const sent: Record<string, unknown>[] = [];
    vi.stubGlobal('fetch', vi.fn(async (request: Request) => {
      const body = (await request.clone().json()) as Record<string, unknown>;
      sent.push(body);
      const result = validateWatchdog(body, 1290, 0);
      if (result.ok) return jsonResponse({ id: 'abc' }, 201);
      const errors = result.errors as Record<string, string>;
      return jsonResponse({ status: 400, title: 'Nesprávna požiadavka', detail: Object.values(errors)[0], errors }, 400, 'application/problem+json');
    }));
    await openDialog();
    submit();
    expect(await until(() => errorOf('available'))).toBe('Vyberte o čom chcete byt informovaný');
    expect(await until(() => errorOf('email'))).toBe('Nezadali ste email');
    // One message per problem (issue 23): beside the field, not repeated in an alert above the form.
    expect($('.watchdog__alert')).toBeNull();
    expect(document.body.textContent!.split('Vyberte o čom chcete byt informovaný')).toHaveLength(2);
    await until(() => document.activeElement === $('.watchdog-dialog [name="available"]'));

    await type('price_value', '12,91');
    await type('email', 'jana@');
    submit();
    expect(await until(() => errorOf('price_value'))).toBe('Cena je nižšia ako vyžadujete');
    expect(await until(() => errorOf('email'))).toBe('Nesprávny formát');
    expect(errorOf('available')).toBeUndefined();
    expect($('.watchdog-dialog [name="email"]')?.getAttribute('aria-invalid')).toBe('true');
    expect($('.watchdog__alert')).toBeNull();
    expect(sent.at(-1)).toMatchObject({ price: true, price_value: '12.91', email: 'jana@' });
  });

  it('keeps only digits in the count and converts a decimal comma; success shows the confirmation', async () => {
    let sent: unknown;
    const fetch = vi.fn(async (request: Request) => {
      sent = await request.clone().json();
      return jsonResponse({ id: 'abc' }, 201);
    });
    vi.stubGlobal('fetch', fetch);
    await openDialog();
    await type('available_value', '3a');
    expect(($('.watchdog-dialog [name="available_value"]') as HTMLInputElement).value).toBe('3');
    expect(($('.watchdog-dialog [name="available"]') as HTMLInputElement).checked).toBe(true);
    await check('price');
    await type('price_value', '9,90');
    await type('email', 'jana@example.sk');
    submit();
    expect((await until(() => $('.watchdog__success')))!.textContent).toBe('Budeme vás informovať e-mailom.');
    const request = fetch.mock.calls[0][0];
    expect(new URL(request.url).pathname).toBe('/api/watchdog');
    expect(request.method).toBe('POST');
    expect(request.headers.get('x-csrf-token')).toBe('csrf-wd');
    expect(sent).toEqual({ product: 12, email: 'jana@example.sk', available: true, available_value: '3', price: true, price_value: '9.90' });
  });

  it('shows the server message when the server refuses', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          { status: 400, title: 'Nesprávna požiadavka', detail: 'Cena je nižšia ako vyžadujete', errors: { price_value: 'Cena je nižšia ako vyžadujete' } },
          400,
          'application/problem+json',
        ),
      ),
    );
    await openDialog('product-id="12" price="1290" currency="EUR" quantity="4"');
    await check('price');
    await type('price_value', '12,90');
    await type('email', 'jana@example.sk');
    submit();
    expect(await until(() => errorOf('price_value'))).toBe('Cena je nižšia ako vyžadujete');
    expect($('.watchdog__alert')).toBeNull();
    expect($('.watchdog__success')).toBeNull();
  });

  it('shows the detail of a problem without field errors (rate limit)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ status: 429, title: 'x', detail: 'Príliš veľa pokusov. Skúste to znova o 60 s.' }, 429, 'application/problem+json')));
    await openDialog();
    await check('available');
    await type('email', 'jana@example.sk');
    submit();
    expect((await until(() => $('.watchdog__alert')))!.textContent).toBe('Príliš veľa pokusov. Skúste to znova o 60 s.');
    expect(($('.watchdog-dialog button[type="submit"]') as HTMLButtonElement).disabled).toBe(false);
  });
});
