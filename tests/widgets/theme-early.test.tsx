import { afterEach, describe, expect, it } from 'vitest';
import { enableThemeSwitch } from '../../widgets/entries/theme-early';
import { $, until } from './helpers';

const FALLBACK =
  '<shop-theme-switch><button type="button" class="theme-switch" data-theme-fallback disabled aria-label="Prepnúť tému"></button></shop-theme-switch>';

afterEach(() => {
  document.body.innerHTML = '';
  localStorage.clear();
});

describe('theme switch before its code (site entry)', () => {
  it('enables the server button and a first tap switches and saves the theme', () => {
    document.documentElement.dataset.theme = 'aura-light-pink';
    document.body.innerHTML = FALLBACK;
    enableThemeSwitch();
    const button = $('.theme-switch')!;
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(button.getAttribute('aria-pressed')).toBe('false');

    button.click();
    expect(document.documentElement.dataset.theme).toBe('aura-dark-pink');
    expect(localStorage.getItem('theme')).toBe('aura-dark-pink');
    expect(button.getAttribute('aria-pressed')).toBe('true');
  });

  it('the widget that arrives later shows the theme the tap chose and switches from there', async () => {
    document.documentElement.dataset.theme = 'aura-light-pink';
    // The store is made before the tap, as when another widget brought the runtime first.
    const { $theme } = await import('../../widgets/stores/theme');
    expect($theme.get()).toBe('aura-light-pink');
    document.body.innerHTML = FALLBACK;
    enableThemeSwitch();
    $('.theme-switch')!.click();
    expect(document.documentElement.dataset.theme).toBe('aura-dark-pink');

    await import('../../widgets/theme-switch/theme-switch.element');
    const drawn = await until(() => $('.theme-switch:not([data-theme-fallback])'));
    expect(drawn.getAttribute('aria-pressed')).toBe('true');
    drawn.click();
    await until(() => $('.theme-switch')?.getAttribute('aria-pressed') === 'false');
    expect(document.documentElement.dataset.theme).toBe('aura-light-pink');
    expect(localStorage.getItem('theme')).toBe('aura-light-pink');
  });
});
