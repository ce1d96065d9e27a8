import { afterEach, describe, expect, it, vi } from 'vitest';

await vi.hoisted(async () => (await import('./page-defaults')).setDefaults({ shop: 'sk', locale: 'sk', csrf: 't', currency: { code: 'EUR', symbol: '€' }, cart: { count: 0, total: 0, totalFormatted: '0,00 €' } }));

import '../../widgets/add-to-cart/add-to-cart.element';
// Loaded up front: the store imports the HTTP client lazily, which fake timers would otherwise outwait.
import '../../widgets/lib/api';
import { ADDED_MS, LAST_ADD_KEY } from '../../widgets/add-to-cart/AddToCart';
import { $cart, setCart } from '../../widgets/stores/cart';
import { $, jsonResponse, settle, until, untilNow } from './helpers';

const MARKUP =
  '<shop-add-to-cart product-id="42" max="99" name="Hrnček Ema" price="1299"><form class="add-to-cart" method="post" action="/nakupny-kosik/pridat"><input name="quantity" value="1"><button>Do košíka</button></form></shop-add-to-cart>';

function type(input: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

const submit = () => $('form.add-to-cart')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
const input = () => $('.add-to-cart__quantity') as HTMLInputElement;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  window.dataLayer = [];
  localStorage.clear();
  setCart({ count: 0, total: 0, totalFormatted: '0,00 €' });
});

describe('add to cart', () => {
  it('keeps the quantity within 1–99 and refuses anything else without calling the server', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    document.body.innerHTML = MARKUP;
    await until(() => $('.add-to-cart__step'));
    expect(input().value).toBe('1');
    const [minus, plus] = document.querySelectorAll<HTMLButtonElement>('.add-to-cart__step');
    expect(minus.disabled).toBe(true);
    plus.click();
    await until(() => input().value === '2');
    type(input(), '99');
    await until(() => plus.disabled);
    for (const bad of ['0', '100', '1.5', 'abc', '']) {
      type(input(), bad);
      // preact renders the typed text on its next tick; a person cannot submit faster.
      await settle();
      submit();
      await until(() => $('.field-error')?.textContent === 'Zadajte počet od 1 do 99');
      type(input(), '5');
      await until(() => !$('.field-error'));
    }
    expect(fetch).not.toHaveBeenCalled();
    expect(input().getAttribute('max')).toBe('99');
    expect(input().getAttribute('min')).toBe('1');
  });

  it('adds through the store, pushes add_to_cart, remembers the page and animates for 1000 ms', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        bodies.push(await request.clone().json());
        return jsonResponse({ count: 3, total: 3897, totalFormatted: '38,97 €', cart: { items: [] } });
      }),
    );
    document.body.innerHTML = MARKUP;
    await until(() => $('.add-to-cart__step'));
    type(input(), '3');
    await until(() => input().value === '3');

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    submit();
    await untilNow(() => $('.add-to-cart--added'));
    expect(bodies).toEqual([{ product_id: 42, quantity: 3 }]);
    expect($cart.get()).toEqual({ count: 3, total: 3897, totalFormatted: '38,97 €' });
    expect(window.dataLayer).toEqual([
      { ecommerce: null },
      { event: 'add_to_cart', ecommerce: { currency: 'EUR', value: 38.97, items: [{ item_id: '42', item_name: 'Hrnček Ema', price: 12.99, quantity: 3 }] } },
    ]);
    expect(localStorage.getItem(LAST_ADD_KEY)).toBe(location.pathname + location.search);

    vi.advanceTimersByTime(ADDED_MS - 1);
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect($('.add-to-cart--added')).not.toBeNull();
    vi.advanceTimersByTime(1);
    await untilNow(() => !$('.add-to-cart--added'));
  });

  it("shows the server's message when the product cannot be added", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ status: 400, title: 'Nesprávna požiadavka', detail: 'Tento produkt nie je možné kúpiť', errors: { product_id: 'Tento produkt nie je možné kúpiť' } }, 400, 'application/problem+json'),
      ),
    );
    document.body.innerHTML = MARKUP;
    await until(() => $('.add-to-cart__step'));
    submit();
    await until(() => $('.field-error')?.textContent === 'Tento produkt nie je možné kúpiť');
    expect($('.add-to-cart--added')).toBeNull();
    expect(window.dataLayer ?? []).toEqual([]);
    expect($cart.get().count).toBe(0);
  });
});
