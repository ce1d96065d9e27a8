/**
 * Inline SVG icons by name, as the server draws them; decorative, so hidden from assistive tech.
 * Stroke and fill come from .icon in base.css (one copy per page, not per icon). A template writes
 * `<%~ it.icon('cart') %>`: an Eta include per icon cost ~2 µs, six on every page's header, for a
 * string that never changes.
 */
const PATHS = {
  cart: '<path d="M3 4h2l2.4 10.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6.2"/><circle cx="10" cy="20" r="1.5"/><circle cx="17" cy="20" r="1.5"/>',
  user: '<circle cx="12" cy="8" r="4"/><path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6"/>',
  search: '<circle cx="11" cy="11" r="7"/><path d="m20 20-4-4"/>',
  menu: '<path d="M4 6h16M4 12h16M4 18h16"/>',
  sun: '<path d="M12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm0-14v2m0 16v2M2 12h2m16 0h2M5 5l1.5 1.5m11 11L19 19M5 19l1.5-1.5m11-11L19 5"/>',
  moon: '<path d="M20 14.5A8 8 0 0 1 9.5 4 8 8 0 1 0 20 14.5Z"/>',
  // The same drawing as the copy widget's icon (widgets/ui/icons.tsx), so the button does not change when its code loads.
  copy: '<path d="M9 9h10v11H9ZM5 15V4h10"/>',
  heart: '<path d="M12 21s-8-5.2-8-11a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 20 10c0 5.8-8 11-8 11z"/>',
} as const;

export type IconName = keyof typeof PATHS;

const drawn = new Map<string, string>();

/** The `<svg>` of icon `name`, with `className` beside `icon` when given. */
export function icon(name: IconName, className?: string): string {
  const key = className ? `${name} ${className}` : name;
  let svg = drawn.get(key);
  if (svg === undefined) {
    if (!(name in PATHS)) throw new Error(`no icon named ${name}`);
    svg = `<svg class="icon${className ? ` ${className}` : ''}" width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">${PATHS[name]}</svg>`;
    drawn.set(key, svg);
  }
  return svg;
}
