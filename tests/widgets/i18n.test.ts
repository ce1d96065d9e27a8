import { describe, expect, it, vi } from 'vitest';

await vi.hoisted(async () => (await import('./page-defaults')).setDefaults({ locale: 'en', intlLocale: 'en-GB', messages: '/tests/widgets/fixtures/messages-en.js' }));

import '../../widgets/cart-button/cart-button.element';
import { i18n, loadMessages, messagesReady } from '../../widgets/lib/i18n';
import { $, until } from './helpers';

describe('i18n', () => {
  it('loads the compiled catalog from the defaults URL once and activates the locale', async () => {
    await Promise.all([loadMessages(), loadMessages()]);
    expect(messagesReady()).toBe(true);
    expect(i18n.locale).toBe('en');
    expect(i18n._('Košík')).toBe('Cart');
    expect(i18n._('Všetko z {name}', { name: 'Gifts' })).toBe('All of Gifts');
  });

  it('widgets render in the page locale', async () => {
    document.body.innerHTML = '<shop-cart-button count="0" total="0,00 €"><a class="cart-button" href="/nakupny-kosik">Košík</a></shop-cart-button>';
    const label = await until(() => $('shop-cart-button .cart-button__label'));
    expect(label.textContent).toBe('Cart');
  });
});
