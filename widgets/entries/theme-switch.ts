/**
 * The header's theme switch, whole, in the site entry (docs/decisions/166). It used to be a widget
 * that needed the widget runtime at load, and a first tap on a phone raced its arrival (165). Now it
 * is plain DOM and there is nothing to arrive: the server draws the button disabled (without JS there
 * is nothing it could switch), this enables it and switches on click. The icon follows `data-theme`
 * on <html> in CSS (header.css), so it is right from the first paint. The theme names and the storage
 * key are the layout's head script's (templates/layouts/base.eta).
 */
const LIGHT = 'aura-light-pink';
const DARK = 'aura-dark-pink';
const BUTTON = 'shop-theme-switch .theme-switch';
/** Announced after a switch, for code that draws in the theme's colours (a canvas, a map). */
export const THEME_SWITCHED = 'shop:theme-switched';

const pressed = () => String(document.documentElement.dataset.theme === DARK);
let listening = false;

/** Enables the buttons now on the page; one click listener on the document serves them all. */
export function enableThemeSwitch(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>(BUTTON)) {
    button.disabled = false;
    button.setAttribute('aria-pressed', pressed());
  }
  if (listening) return;
  listening = true;
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.(BUTTON);
    if (!button) return;
    const next = pressed() === 'true' ? LIGHT : DARK;
    document.documentElement.dataset.theme = next;
    try {
      localStorage.setItem('theme', next);
    } catch {
      // Storage disabled: the theme still applies to this page.
    }
    for (const each of document.querySelectorAll(BUTTON)) each.setAttribute('aria-pressed', pressed());
    document.dispatchEvent(new Event(THEME_SWITCHED));
  });
}
