import { afterEach, describe, expect, it, vi } from 'vitest';

await vi.hoisted(async () => (await import('./page-defaults')).setDefaults({ shop: 'sk', locale: 'sk', csrf: 't', currency: { code: 'EUR', symbol: '€' }, cart: { count: 1, total: 1000, totalFormatted: '10,00 €' } }));

import '../../widgets/checkout-wizard/checkout-wizard.element';
import { $, jsonResponse, key, until } from './helpers';

const cart = {
  items: [{ id: 1, quantity: 1, price_active: 1000, name: 'Produkt 1', product: { id: 1, image_medium: null }, image: null, url: '/p1', manufactured: false,
    product_quantity: 5, product_cart_limit: null, line_total: 1000, excess: false, available: 5, points: 10, purchasable: true }],
  count: 1, subtotal: 1000, services: 0, shipping_price: 490, payment_fee: 100, alignment: 0, total: 1590, points: 10, discount: 0, voucher: null,
  currency: { code: 'EUR', symbol: '€', round: 5 }, shipping: 1, payment: 1, pickup_point: null, shipping_options: [], payment_options: [], problems: [], return_path: '/',
};

function page(values: Record<string, string> = {}) {
  const init = { values: { country: 'sk', ...values }, errors: {}, token: 'form-token-123456', countries: ['sk'], termsPath: '/podmienky' };
  document.body.innerHTML = `<script type="application/json" id="cart-view">${JSON.stringify(cart)}</script><script type="application/json" id="cart-view-customer">${JSON.stringify(init)}</script><shop-checkout-wizard step="customer" source="cart-view"><div class="checkout-wizard">fallback</div></shop-checkout-wizard>`;
}

function type(input: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}
const field = (name: string) => $(`shop-checkout-wizard [name="${name}"]`) as HTMLInputElement;
const submit = () => $('shop-checkout-wizard form.order-form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('checkout wizard, step 3 (customer)', () => {
  it('shows messages, shakes the terms for 1 s and focuses the first invalid field on an invalid submit', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    page({ firstName: 'Ján' });
    await until(() => field('lastName'));
    type(field('street'), 'Hlavná');
    await until(() => field('street').value === 'Hlavná');
    submit();
    await until(() => $('[data-error-for="condition"]'));
    expect($('[data-error-for="lastName"]')!.textContent).toBe('Toto pole je povinné');
    expect($('[data-error-for="street"]')!.textContent).toBe('Musí obsahovať názov a čislo!');
    expect($('[data-terms]')!.className).toContain('order-field--shake');
    expect(document.activeElement).toBe(field('lastName'));
    await until(() => !$('[data-terms]')!.className.includes('order-field--shake'), 2500);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('moves to the next field on Enter and warns (without blocking) on the invoice street', async () => {
    page();
    await until(() => field('firstName'));
    field('firstName').focus();
    key(field('firstName'), 'Enter');
    expect(document.activeElement).toBe(field('lastName'));
    type(field('invoiceStreet'), 'Vedľajšia');
    await until(() => $('[data-warning-for="invoiceStreet"]'));
    expect($('[data-warning-for="invoiceStreet"]')!.textContent).toBe('Musí obsahovať názov a čislo!');
  });

  it('submits through the API with the form token as Idempotency-Key and goes to the tracking page', async () => {
    const requests: { url: string; key: string | null; body: any }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        requests.push({ url: new URL(request.url).pathname, key: request.headers.get('idempotency-key'), body: await request.clone().json() });
        return jsonResponse({ data: { hash: 'AAAAAAAAAAAAAAAAAAAAAA' } });
      }),
    );
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    page({ firstName: 'Ján', lastName: 'Novák', street: 'Hlavná 1', town: 'Nitra', zip: '94901', contact: '0900123456', email: 'j@example.sk' });
    await until(() => field('condition'));
    field('condition').click();
    await until(() => field('condition').checked);
    submit();
    await until(() => assign.mock.calls.length > 0);
    expect(assign).toHaveBeenCalledWith('/sledovanie-zasielky/AAAAAAAAAAAAAAAAAAAAAA');
    expect(requests[0].url).toBe('/api/cart/submit');
    expect(requests[0].key).toBe('form-token-123456');
    expect(requests[0].body).toMatchObject({ firstName: 'Ján', street: 'Hlavná 1', condition: true, country: 'sk' });
  });
});
