import { afterEach, describe, expect, it, vi } from 'vitest';

await vi.hoisted(async () => (await import('./page-defaults')).setDefaults({ shop: 'sk', locale: 'sk', csrf: 't', cart: { count: 2, total: 1290, totalFormatted: '12,90 €' } }));

import '../../widgets/cart-button/cart-button.element';
import { $cart, addToCart, CART_UPDATED, setCart } from '../../widgets/stores/cart';
import { $, jsonResponse, until } from './helpers';

const FALLBACK =
  '<shop-cart-button count="2" total="12,90 €"><a class="cart-button" href="/nakupny-kosik"><svg></svg><span class="cart-button__label">Košík</span> <span class="cart-button__count">2</span></a></shop-cart-button>';

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  setCart({ count: 2, total: 1290, totalFormatted: '12,90 €' });
});

const count = () => $('shop-cart-button .cart-button__count')?.textContent;

describe('cart button', () => {
  it('shows the count from the defaults in the same link as the fallback', async () => {
    document.body.innerHTML = FALLBACK;
    await until(() => $('.cart-button__summary'));
    expect(count()).toBe('2');
    expect($('.cart-button')?.getAttribute('href')).toBe('/nakupny-kosik');
    expect(document.querySelectorAll('.cart-button')).toHaveLength(1);
  });

  it('follows $cart and shop:cart-updated events', async () => {
    document.body.innerHTML = FALLBACK;
    await until(() => $('.cart-button__summary'));
    setCart({ count: 5, total: 5000, totalFormatted: '50,00 €' });
    await until(() => count() === '5');
    document.dispatchEvent(new CustomEvent(CART_UPDATED, { detail: { count: 7, total: 7000, totalFormatted: '70,00 €' } }));
    await until(() => count() === '7');
    expect($cart.get().totalFormatted).toBe('70,00 €');
  });

  it('shows the summary on hover and focus, and hides it on Escape', async () => {
    document.body.innerHTML = FALLBACK;
    const summary = await until(() => $('.cart-button__summary'));
    expect(summary.hidden).toBe(true);
    $('shop-cart-button')!.dispatchEvent(new PointerEvent('pointerenter'));
    await until(() => !$('.cart-button__summary')!.hidden);
    expect($('.cart-button__summary')!.textContent).toContain('12,90 €');
    $('.cart-button')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await until(() => $('.cart-button__summary')!.hidden);
  });
});

describe('addToCart', () => {
  it('posts to the api, takes the server summary and announces it', async () => {
    const bodies: unknown[] = [];
    const fetch = vi.fn(async (request: Request) => {
      bodies.push(await request.clone().json());
      return jsonResponse({ count: 3, total: 2580, totalFormatted: '25,80 €' });
    });
    vi.stubGlobal('fetch', fetch);
    const heard = vi.fn();
    document.addEventListener(CART_UPDATED, heard);
    document.body.innerHTML = FALLBACK;
    await until(() => $('.cart-button__summary'));

    await expect(addToCart(42, 1)).resolves.toEqual({ count: 3, total: 2580, totalFormatted: '25,80 €' });
    const request = fetch.mock.calls[0][0];
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toBe('/api/cart/add');
    expect(bodies).toEqual([{ product_id: 42, quantity: 1 }]);
    expect($cart.get().count).toBe(3);
    expect(heard).toHaveBeenCalledTimes(1);
    await until(() => count() === '3');
    document.removeEventListener(CART_UPDATED, heard);
  });

  it('rejects and leaves the cart alone when the server refuses', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ status: 409, title: 'Conflict', detail: 'Nie je skladom' }, 409, 'application/problem+json')));
    await expect(addToCart(1)).rejects.toThrow();
    expect($cart.get().count).toBe(2);
  });
});
