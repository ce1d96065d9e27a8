import { afterEach, describe, expect, it } from 'vitest';
import { enableThemeSwitch, THEME_SWITCHED } from '../../widgets/entries/theme-switch';
import { $ } from './helpers';

const FALLBACK = '<shop-theme-switch><button type="button" class="theme-switch" disabled aria-label="Prepnúť tému"></button></shop-theme-switch>';

afterEach(() => {
  document.body.innerHTML = '';
  localStorage.clear();
});

describe('theme switch (site entry, decision 166)', () => {
  it('enables the server button; a first tap switches and saves the theme, the next one switches back', () => {
    document.documentElement.dataset.theme = 'aura-light-pink';
    document.body.innerHTML = FALLBACK;
    enableThemeSwitch();
    const button = $('.theme-switch')!;
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(button.getAttribute('aria-label')).toBe('Prepnúť tému');

    let announced = 0;
    const count = () => announced++;
    document.addEventListener(THEME_SWITCHED, count);
    button.click();
    expect(document.documentElement.dataset.theme).toBe('aura-dark-pink');
    expect(localStorage.getItem('theme')).toBe('aura-dark-pink');
    expect(button.getAttribute('aria-pressed')).toBe('true');

    button.click();
    expect(document.documentElement.dataset.theme).toBe('aura-light-pink');
    expect(localStorage.getItem('theme')).toBe('aura-light-pink');
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(announced).toBe(2);
    document.removeEventListener(THEME_SWITCHED, count);
  });

  it('starts pressed when the head script applied the dark theme, and one tap is one switch', () => {
    document.documentElement.dataset.theme = 'aura-dark-pink';
    document.body.innerHTML = FALLBACK;
    enableThemeSwitch();
    enableThemeSwitch(); // a second call adds no second listener
    const button = $('.theme-switch')!;
    expect(button.getAttribute('aria-pressed')).toBe('true');
    button.click();
    expect(document.documentElement.dataset.theme).toBe('aura-light-pink');
  });
});
