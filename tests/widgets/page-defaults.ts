/**
 * Writes the page's defaults (the server's `<script id="shop-defaults">`), replacing any earlier
 * ones. No imports here: test files call it from `vi.hoisted`, before their widget modules read
 * the defaults at import:
 *   await vi.hoisted(async () => (await import('./page-defaults')).setDefaults({ … }));
 */
export function setDefaults(defaults: Record<string, unknown>): void {
  document.getElementById('shop-defaults')?.remove();
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'shop-defaults';
  script.textContent = JSON.stringify(defaults);
  document.head.append(script);
}
