import { afterEach, describe, expect, it } from 'vitest';
import '../../widgets/theme-switch/theme-switch.element';
import { $, until } from './helpers';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('theme switch', () => {
  it('enables the fallback button, toggles data-theme and saves it under "theme"', async () => {
    document.documentElement.dataset.theme = 'aura-light-pink';
    document.body.innerHTML =
      '<shop-theme-switch><button type="button" class="theme-switch" disabled aria-label="Prepnúť tému"></button></shop-theme-switch>';
    const button = await until(() => $('.theme-switch:not([disabled])'));
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(button.getAttribute('aria-label')).toBe('Prepnúť tému');

    button.click();
    await until(() => $('.theme-switch')?.getAttribute('aria-pressed') === 'true');
    expect(document.documentElement.dataset.theme).toBe('aura-dark-pink');
    expect(localStorage.getItem('theme')).toBe('aura-dark-pink');

    $('.theme-switch')!.click();
    await until(() => $('.theme-switch')?.getAttribute('aria-pressed') === 'false');
    expect(document.documentElement.dataset.theme).toBe('aura-light-pink');
    expect(localStorage.getItem('theme')).toBe('aura-light-pink');
  });
});
