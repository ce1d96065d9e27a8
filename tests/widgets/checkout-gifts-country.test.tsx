import { afterEach, describe, expect, it, vi } from 'vitest';

await vi.hoisted(async () => (await import('./page-defaults')).setDefaults({ shop: 'sk', locale: 'sk', csrf: 't', currency: { code: 'EUR', symbol: '€' }, cart: { count: 1, total: 2000, totalFormatted: '20,00 €' } }));

import '../../widgets/checkout-wizard/checkout-wizard.element';
import { formatMoney } from '../../widgets/lib/format';
import { $, jsonResponse, settle, until } from './helpers';

const GIFTS = [
  { id: 1, value: 'Vrecko semienok bylín', image: '/data/product/image/medium/sk/darcek-semienka.svg', amount_min: 3000 },
  { id: 2, value: 'Záhradnícke rukavice', image: null, amount_min: 6000 },
];

function cart(quantity: number, extra: Record<string, unknown> = {}) {
  const subtotal = quantity * 2000;
  return {
    items: [{ id: 1, quantity, price_active: 2000, name: 'Produkt 1', product: { id: 1, image_medium: null }, image: null, url: '/p1', manufactured: false,
      product_quantity: 50, product_cart_limit: null, line_total: subtotal, excess: false, available: 50, points: subtotal / 100, purchasable: true }],
    count: quantity, subtotal, services: 0, shipping_price: 490, payment_fee: 0, alignment: 0, total: subtotal + 490, points: subtotal / 100, discount: 0, voucher: null,
    currency: { code: 'EUR', symbol: '€', round: 5 }, country: 'sk', countries: ['sk', 'cz'], vat_rate: 23, vat: 0,
    gifts: GIFTS.filter((g) => g.amount_min <= subtotal),
    gift_motivations: GIFTS.filter((g) => g.amount_min > subtotal).map((g) => ({ amount_min: g.amount_min, item: { image: g.image, value: g.value }, progress: Math.floor((100 * subtotal) / g.amount_min) })),
    shipping: 1, payment: 2, pickup_point: null, shipping_options: [], payment_options: [], problems: [], return_path: '/',
    ...extra,
  };
}

function type(input: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}
function choose(select: HTMLSelectElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, value);
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('checkout wizard, gift motivation (step 1)', () => {
  it('draws the server partial\'s markup and follows the answer after a quantity change', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ count: 2, total: 4000, totalFormatted: '40,00 €', cart: cart(2) })));
    document.body.innerHTML = `<script type="application/json" id="cart-view">${JSON.stringify(cart(1))}</script><shop-checkout-wizard step="cart" source="cart-view"><div class="checkout-wizard">fallback</div></shop-checkout-wizard>`;
    await until(() => $('.cart-gifts'));
    const bar = (min: number) => $(`.cart-gift[data-motivation="${min}"] progress.cart-gift__progress`) as HTMLProgressElement | null;
    expect(bar(3000)!.getAttribute('value')).toBe('66');
    expect(bar(6000)!.getAttribute('value')).toBe('33');
    expect($('.cart-gift[data-motivation="3000"] .cart-gift__text')!.textContent).toBe(`Nakúpte ešte za ${formatMoney(1000, 'EUR')} a získate darček: Vrecko semienok bylín`);
    // A fixed 48 px picture box, also without a picture, so rows do not jump.
    expect($('.cart-gift[data-motivation="6000"] span.cart-gift__image')).not.toBeNull();
    expect($('.cart-gift--reached')).toBeNull();

    type($('#cart-quantity-1') as HTMLInputElement, '2');
    await until(() => ($('#cart-quantity-1') as HTMLInputElement).value === '2');
    $('#cart-item-1 form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    await until(() => $('.cart-gift--reached'));
    expect($('.cart-gift--reached .cart-gift__text')!.textContent).toBe('Darček k objednávke: Vrecko semienok bylín');
    expect(bar(3000)).toBeNull();
    expect(bar(6000)!.getAttribute('value')).toBe('66');
  });
});

describe('checkout wizard, delivery country (step 3)', () => {
  function page() {
    const init = { values: { country: 'sk' }, errors: {}, token: 'form-token-123456', countries: ['sk', 'cz'], termsPath: '/podmienky' };
    document.body.innerHTML = `<script type="application/json" id="cart-view">${JSON.stringify(cart(1))}</script><script type="application/json" id="cart-view-customer">${JSON.stringify(init)}</script><shop-checkout-wizard step="customer" source="cart-view"><div class="checkout-wizard">fallback</div></shop-checkout-wizard>`;
  }
  const select = () => $('shop-checkout-wizard select[name="country"]') as HTMLSelectElement;

  it('asks before changing the country; declining keeps it and sends nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    page();
    await until(() => select());
    choose(select(), 'cz');
    const dialog = await until(() => $('[role="alertdialog"]'));
    expect(dialog.textContent).toContain('Zmenou krajiny doručenia sa zmení daň a cena dopravy.');
    ([...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Zrušiť') as HTMLButtonElement).click();
    await until(() => !$('[role="alertdialog"]'));
    expect(select().value).toBe('sk');
    await settle();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('posts the confirmed country and shows the recomputed shipping and totals', async () => {
    const requests: { url: string; body: unknown }[] = [];
    const answer = cart(1, { country: 'cz', vat_rate: 21, shipping_price: 790, total: 2790 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        requests.push({ url: new URL(request.url).pathname, body: await request.clone().json() });
        return jsonResponse({ count: 1, total: 2000, totalFormatted: '20,00 €', cart: answer });
      }),
    );
    page();
    await until(() => select());
    expect($('[data-total="shipping"]')!.textContent).toBe(formatMoney(490, 'EUR'));
    choose(select(), 'cz');
    const dialog = await until(() => $('[role="alertdialog"]'));
    (dialog.querySelector('[data-action="confirm-country"]') as HTMLButtonElement).click();
    await until(() => $('[data-total="shipping"]')!.textContent === formatMoney(790, 'EUR'));
    expect(requests).toEqual([{ url: '/api/cart/country', body: { country: 'cz' } }]);
    expect($('[data-total="total"]')!.textContent).toBe(formatMoney(2790, 'EUR'));
    expect(select().value).toBe('cz');
    expect($('[role="alertdialog"]')).toBeNull();
  });

  it('keeps the old country when the server refuses', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ type: 'about:blank', title: 'Forbidden', status: 403, detail: 'Túto krajinu doručenia si nemôžete vybrať', errors: { country: 'Túto krajinu doručenia si nemôžete vybrať' } }, 403, 'application/problem+json')),
    );
    page();
    await until(() => select());
    choose(select(), 'cz');
    ((await until(() => $('[data-action="confirm-country"]'))) as HTMLButtonElement).click();
    await until(() => $('.checkout__notice[role="alert"]'));
    expect($('.checkout__notice[role="alert"]')!.textContent).toBe('Túto krajinu doručenia si nemôžete vybrať');
    expect(select().value).toBe('sk');
  });
});
