import { afterEach, describe, expect, it, vi } from 'vitest';

await vi.hoisted(async () => (await import('./page-defaults')).setDefaults({ shop: 'sk', locale: 'sk', csrf: 't', currency: { code: 'EUR', symbol: '€' }, cart: { count: 1, total: 1000, totalFormatted: '10,00 €' } }));

import '../../widgets/checkout-wizard/checkout-wizard.element';
import { $cart, setCart } from '../../widgets/stores/cart';
import { $, jsonResponse, until } from './helpers';
import { WIDGET_DRAWN } from '../../widgets/lib/define';

const line = (id: number, quantity: number) => ({
  id, quantity, price_active: 1000, name: `Produkt ${id}`, product: { id, image_medium: null }, image: null, url: `/p${id}`, manufactured: false,
  product_quantity: 50, product_cart_limit: null, line_total: quantity * 1000, excess: false, available: 50, points: 10 * quantity, purchasable: true,
});
const cartOf = (items: ReturnType<typeof line>[], pickup: unknown = null) => ({
  items, count: items.reduce((n, i) => n + i.quantity, 0), subtotal: items.reduce((n, i) => n + i.line_total, 0), services: 0, shipping_price: 0,
  payment_fee: 0, alignment: 0, total: items.reduce((n, i) => n + i.line_total, 0), points: 0, discount: 0, voucher: null,
  currency: { code: 'EUR', symbol: '€', round: 5 }, shipping: 10, payment: 1, pickup_point: pickup, shipping_options: [], payment_options: [], problems: [], return_path: '/',
});

function cartPage(question: unknown) {
  document.body.innerHTML = `<script type="application/json" id="cart-view">${JSON.stringify(cartOf([line(1, 1)]))}</script><script type="application/json" id="cart-view-continue">${JSON.stringify(question)}</script><shop-checkout-wizard step="cart" source="cart-view"><div class="checkout-wizard">fallback</div></shop-checkout-wizard>`;
}

function customerPage(init: Record<string, unknown>) {
  const full = { values: { country: 'sk' }, errors: {}, token: 'form-token-123456', countries: ['sk', 'cz'], termsPath: '/podmienky', ...init };
  document.body.innerHTML = `<script type="application/json" id="cart-view">${JSON.stringify(cartOf([line(1, 1)]))}</script><script type="application/json" id="cart-view-customer">${JSON.stringify(full)}</script><shop-checkout-wizard step="customer" source="cart-view"><div class="checkout-wizard">fallback</div></shop-checkout-wizard>`;
}

const field = (name: string) => $(`shop-checkout-wizard [name="${name}"]`) as HTMLInputElement;
function choose(select: HTMLSelectElement, value: string) {
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
  setCart({ count: 1, total: 1000, totalFormatted: '10,00 €' });
});

describe('checkout wizard: continue a cart from another device', () => {
  it('asks, sends the choice and shows the cart the server answers', async () => {
    const calls: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        calls.push({ url: new URL(request.url).pathname, method: request.method, body: await request.clone().json() });
        return jsonResponse({ count: 3, total: 3000, totalFormatted: '30,00 €', cart: cartOf([line(1, 1), line(7, 2)]) });
      }),
    );
    cartPage({ id: 42, count: 2, updatedAt: 0, updated: '21.11.2026 18:30', lines: [{ name: 'Kvetináč', quantity: 2 }] });
    const box = await until(() => $('shop-checkout-wizard .cart-continue'));
    expect(box.getAttribute('role')).toBe('alertdialog');
    expect($('.cart-continue__title')!.textContent).toBe('Máte rozpracovaný košík z iného zariadenia. Chcete v ňom pokračovať?');
    expect($('.cart-continue__lines')!.textContent).toContain('Kvetináč × 2');
    expect([...document.querySelectorAll('.cart-continue [data-choice]')].map((b) => b.getAttribute('data-choice'))).toEqual(['continue', 'merge', 'keep']);

    ($('.cart-continue [data-choice="merge"]') as HTMLButtonElement).click();
    await until(() => !$('.cart-continue') && $('#cart-item-7'));
    expect(calls).toEqual([{ url: '/api/cart/continue', method: 'POST', body: { cart_id: 42, choice: 'merge' } }]);
    expect($cart.get().count).toBe(3);
  });

  it('draws with the question\'s box the first time, so it never vanishes while its code comes', async () => {
    let first: boolean | null = null;
    document.addEventListener(WIDGET_DRAWN, () => (first ??= $('shop-checkout-wizard .cart-continue [data-choice="keep"]') !== null), { once: true });
    cartPage({ id: 42, count: 2, updatedAt: 0, updated: '21.11.2026 18:30', lines: [{ name: 'Kvetináč', quantity: 2 }] });
    await until(() => first !== null);
    expect(first).toBe(true);
  });

  it('draws nothing for a malformed question block', async () => {
    cartPage({ nonsense: true });
    await until(() => $('#cart-item-1'));
    expect($('.cart-continue')).toBeNull();
  });
});

describe('checkout wizard, step 3: saved addresses and the pickup point country', () => {
  it('fills the form from the favourite address on request', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        urls.push(new URL(request.url).pathname);
        return jsonResponse({
          delivery: { street: 'Dlhá 5', town: 'Trnava', zip: '91701', country: { code: 'sk' }, first_name: 'Ján', last_name: 'Malý', company_name: '', company_number: '', company_vat: '' },
          invoice: null,
          phone: { raw: '+421905123456' },
          email: { raw: 'jan@example.sk' },
        });
      }),
    );
    customerPage({ saved: true, values: { country: 'sk', userNote: 'Zvoňte dvakrát' } });
    const button = await until(() => $('[data-saved="favorite"]') as HTMLButtonElement | null);
    button.click();
    await until(() => field('street').value === 'Dlhá 5');
    expect(urls).toEqual(['/api/cart/address/favorite']);
    expect(field('firstName').value).toBe('Ján');
    expect(field('contact').value).toBe('+421905123456');
    expect(field('email').value).toBe('jan@example.sk');
    expect(field('userNote').value).toBe('Zvoňte dvakrát');
    expect($('.order-saved__status')!.textContent).toBe('Údaje sme doplnili.');
  });

  it('offers no saved addresses to others', async () => {
    customerPage({});
    await until(() => field('firstName'));
    expect($('[data-saved]')).toBeNull();
  });

  it('asks before changing the country away from the pickup point’s, and keeps it when declined', async () => {
    customerPage({ pickup: { name: 'Z-BOX Trnava', address: 'Hlavná 1, 917 01 Trnava', country: 'sk' } });
    const select = (await until(() => field('country'))) as unknown as HTMLSelectElement;
    expect($('[data-pickup-country]')!.textContent).toContain('Z-BOX Trnava');
    expect($('[data-pickup-country] a')!.getAttribute('href')).toBe('/nakupny-kosik/doprava');
    choose(select, 'cz');
    // The country field asks first (tax and shipping change); declining keeps the pickup point's country.
    const dialog = await until(() => $('[role="alertdialog"]'));
    expect(dialog!.textContent).toContain('Zmenou krajiny doručenia sa zmení daň a cena dopravy.');
    [...dialog!.querySelectorAll('button')].find((b) => b.textContent === 'Zrušiť')!.click();
    await until(() => $('[role="alertdialog"]') === null);
    expect(select.value).toBe('sk');
    expect($('[data-pickup-country]')!.className).toBe('order-field__hint');
  });
});

describe('step 3 before its code came', () => {
  it('keeps what the shopper typed and ticked in the server form, not its hidden fields', async () => {
    const full = { values: { country: 'sk', firstName: 'Saved' }, errors: {}, token: 'form-token-123456', countries: ['sk', 'cz'], termsPath: '/podmienky' };
    // The server's form as templates/pages/cart/order.eta draws it (the fields this test needs).
    const form = `<form class="order-form" method="post" action="/nakupny-kosik/objednavka"><input type="hidden" name="_csrf" value="t"><input type="hidden" name="_submit" value="form-token-123456"><input name="firstName" value="Saved"><input name="lastName" value=""><input type="checkbox" name="condition" value="1"></form>`;
    // Built apart from the page, so the shopper's typing lands before the element is connected and draws.
    const box = document.createElement('div');
    box.innerHTML = `<script type="application/json" id="cart-view">${JSON.stringify(cartOf([line(1, 1)]))}</script><script type="application/json" id="cart-view-customer">${JSON.stringify(full)}</script><shop-checkout-wizard step="customer" source="cart-view">${form}</shop-checkout-wizard>`;
    (box.querySelector('[name="firstName"]') as HTMLInputElement).value = 'Jana';
    (box.querySelector('[name="lastName"]') as HTMLInputElement).value = 'Nováková';
    (box.querySelector('[name="condition"]') as HTMLInputElement).checked = true;
    document.body.append(...box.childNodes);

    // The widget's own form (it posts through the API: no action), once its lazy step has come.
    await until(() => $('shop-checkout-wizard form.order-form:not([action]) [name="firstName"]'));
    expect(field('firstName').value).toBe('Jana');
    expect(field('lastName').value).toBe('Nováková');
    expect(field('condition').checked).toBe(true);
    expect($('shop-checkout-wizard [name="_csrf"]')).toBeNull();
  });
});
