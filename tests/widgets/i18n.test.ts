import { describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'shop-defaults';
  script.textContent = JSON.stringify({ locale: 'en', intlLocale: 'en-GB', messages: '/tests/widgets/fixtures/messages-en.js' });
  document.head.append(script);
});

import '../../widgets/theme-switch/theme-switch.element';
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
    document.body.innerHTML = '<shop-theme-switch><button type="button" class="theme-switch" disabled aria-label="Prepnúť tému"></button></shop-theme-switch>';
    await until(() => $('.theme-switch:not([disabled])'));
    expect($('.theme-switch')?.getAttribute('aria-label')).toBe('Switch theme');
  });
});
