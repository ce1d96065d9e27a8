import { afterEach, describe, expect, it, vi } from 'vitest';
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

  it('the embed loader builds defaults from its script tag and our origin', async () => {
    const script = document.createElement('script');
    // Not "module": happy-dom would try to fetch it; the loader finds its tag by src or data-shop.
    script.type = 'text/x-embed';
    script.src = 'https://obchod.example/build/embed.js';
    script.dataset.shop = 'cz';
    script.dataset.locale = 'cs';
    document.head.append(script);
    vi.resetModules();
    await import('../../widgets/entries/embed');
    const { getDefaults, defaultsSource } = await import('../../widgets/lib/defaults');
    const d = getDefaults();
    expect(defaultsSource()).toBe('embed');
    expect(d).toMatchObject({ shop: 'cz', locale: 'cs', intlLocale: 'cs-CZ', currency: { code: 'CZK' } });
    expect(d.api.credentials).toBe('include');
    // Absolute URLs on the loader's own origin (vitest serves the file from another scheme).
    expect(new URL(d.api.prefix).pathname).toBe('/api');
    expect(new URL(d.routes.terms).pathname).toBe('/obchodni-podminky');
    expect(d.messages).toMatch(/^[a-z]+:.*\/widgets\/entries\/i18n\/cs\.js$/);
    script.remove();
  });
});
