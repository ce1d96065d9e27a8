import { atom } from 'nanostores';

/** The two themes of spec 9; the layout's inline head script applies the saved one before paint. */
export const THEMES = { light: 'aura-light-pink', dark: 'aura-dark-pink' } as const;
export type Theme = (typeof THEMES)[keyof typeof THEMES];
export const THEME_KEY = 'theme';

const isTheme = (value: unknown): value is Theme => value === THEMES.light || value === THEMES.dark;

function saved(): Theme | undefined {
  try {
    const value = localStorage.getItem(THEME_KEY);
    return isTheme(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function current(): Theme {
  const applied = document.documentElement.dataset.theme;
  return isTheme(applied) ? applied : (saved() ?? THEMES.light);
}

export const $theme = atom<Theme>(current());

/** What the site entry announces when it switched the theme before the widget drew (entries/theme-early.ts). */
export const THEME_SWITCHED = 'shop:theme-switched';

if (typeof document !== 'undefined') document.addEventListener(THEME_SWITCHED, () => $theme.set(current()));

export function setTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Storage disabled: the theme still applies to this page.
  }
  $theme.set(theme);
}

export function toggleTheme(): Theme {
  const next = $theme.get() === THEMES.dark ? THEMES.light : THEMES.dark;
  setTheme(next);
  return next;
}
