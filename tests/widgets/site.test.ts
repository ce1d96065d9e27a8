import { afterEach, describe, expect, it } from 'vitest';
import { registry } from '../../widgets/entries/registry';
import { startRegistry } from '../../widgets/lib/registry';
import { $, until } from './helpers';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('site registry', () => {
  it('registers the header and copy widgets as a plain object', () => {
    // Each area adds its widgets; the header's own must always be there.
    expect(Object.keys(registry)).toEqual(expect.arrayContaining(['shop-cart-button', 'shop-copy-button', 'shop-mobile-menu', 'shop-profile-menu']));
    // Off the load (decision 165): the cart button wakes on a touch or a cart change.
    expect(registry['shop-cart-button']).toMatchObject({ when: 'interaction', wake: 'shop:cart-updated' });
    // The theme switch is the site entry's own plain DOM, not a widget (decision 166).
    expect(registry['shop-theme-switch']).toBeUndefined();
  });

  it('defines a real widget only when its tag shows up, then upgrades it in place', async () => {
    const stop = startRegistry(registry);
    expect(customElements.get('shop-cart-button')).toBeUndefined();
    const guide = document.createElement('section');
    guide.innerHTML = '<div><shop-cart-button count="2" total="3,00 €"><a class="cart-button cart-button--fallback" href="/nakupny-kosik">Košík</a></shop-cart-button></div>';
    document.body.append(guide);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(customElements.get('shop-cart-button')).toBeUndefined();
    guide.querySelector('a')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    await until(() => customElements.get('shop-cart-button'));
    await until(() => $('shop-cart-button .cart-button:not(.cart-button--fallback)'));
    expect(customElements.get('shop-copy-button')).toBeUndefined();
    stop();
  });
});
