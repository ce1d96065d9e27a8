import { afterEach, describe, expect, it } from 'vitest';
import { defaultsSource, getDefaults, resetDefaults } from '../../widgets/lib/defaults';
import { formatMoney } from '../../widgets/lib/format';
import { i18n, loadMessages } from '../../widgets/lib/i18n';
import { setDefaults } from './helpers';

afterEach(() => {
  document.getElementById('shop-defaults')?.remove();
  resetDefaults();
});

describe('defaults', () => {
  it('gives safe defaults without a block', () => {
    const d = getDefaults();
    expect(defaultsSource()).toBe('fallback');
    expect(d).toMatchObject({ shop: 'sk', locale: 'sk', isLogged: false, loggedRoles: [], cart: { count: 0 }, routes: { cart: '/nakupny-kosik' } });
    expect(d.api).toEqual({ prefix: '/api', credentials: 'same-origin' });
  });

  it('tolerates malformed JSON', () => {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'shop-defaults';
    script.textContent = '{"shop": "cz",';
    document.head.append(script);
    expect(getDefaults().shop).toBe('sk');
  });

  it('reads the block once, field by field, keeping safe values for wrong fields', () => {
    setDefaults({
      shop: 'cz',
      locale: 'cs',
      intlLocale: 'cs-CZ',
      currency: { code: 'CZK', symbol: 'Kč' },
      isLogged: true,
      loggedUsername: 'eva@example.cz',
      loggedRoles: ['ROLE_SELLER', 7],
      cart: { count: 'many', total: 39900, totalFormatted: '399,00 Kč' },
      routes: { terms: '/obchodni-podminky', cart: 5 },
    });
    const d = getDefaults();
    expect(defaultsSource()).toBe('page');
    expect(d).toMatchObject({ shop: 'cz', locale: 'cs', isLogged: true, loggedUsername: 'eva@example.cz', loggedRoles: ['ROLE_SELLER'] });
    expect(d.cart).toEqual({ count: 0, total: 39900, totalFormatted: '399,00 Kč' });
    expect(d.routes.terms).toBe('/obchodni-podminky');
    expect(d.routes.cart).toBe('/nakupny-kosik');
    document.getElementById('shop-defaults')!.remove();
    expect(getDefaults()).toBe(d);
  });
});

describe('formatMoney', () => {
  it('formats minor units with Intl at the edge', () => {
    expect(formatMoney(1290, 'EUR', 'sk-SK')).toBe('12,90\u00a0€');
    expect(formatMoney(39900, 'CZK', 'cs-CZ')).toBe('399,00\u00a0Kč');
  });
});

describe('i18n', () => {
  it('falls back to the Slovak source text (with placeholders) when no catalog loads', async () => {
    setDefaults({ locale: 'sk', messages: '/build/i18n/missing.js' });
    await loadMessages();
    expect(i18n.locale).toBe('sk');
    expect(i18n._('Všetko z {name}', { name: 'Kozmetika' })).toBe('Všetko z Kozmetika');
  });
});
