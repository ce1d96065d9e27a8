/**
 * The header's theme switch works from the site entry's first run (docs/decisions/165): its widget
 * code waits for the first touch, and a phone shopper's first tap must not be lost while it
 * downloads. The server draws the button disabled (without JS there is nothing it could switch);
 * this enables it and handles its clicks until the widget has drawn its own button, which carries no
 * `data-theme-fallback`. Plain DOM on purpose: the site entry must not pull in the widget runtime,
 * so the two theme names are repeated here as in the layout's head script (widgets/stores/theme.ts).
 */
const LIGHT = 'aura-light-pink';
const DARK = 'aura-dark-pink';
const FALLBACK = 'shop-theme-switch [data-theme-fallback]';

const pressed = () => String(document.documentElement.dataset.theme === DARK);
let listening = false;

/** Enables the fallback buttons now on the page; one click listener on the document serves them all. */
export function enableThemeSwitch(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>(FALLBACK)) {
    button.disabled = false;
    button.setAttribute('aria-pressed', pressed());
  }
  if (listening) return;
  listening = true;
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.(FALLBACK);
    if (!button) return;
    const next = pressed() === 'true' ? LIGHT : DARK;
    document.documentElement.dataset.theme = next;
    try {
      localStorage.setItem('theme', next);
    } catch {
      // Storage disabled: the theme still applies to this page.
    }
    button.setAttribute('aria-pressed', pressed());
    // The theme store, if some widget already made it, follows (widgets/stores/theme.ts).
    document.dispatchEvent(new Event('shop:theme-switched'));
  });
}
