import { constructedSheet, RESERVE_CSS } from './box';

/**
 * /embed.js, the partner's snippet: `<script src="https://shop/embed.js" data-shop="cz"
 * data-locale="cs" async blocking="render"></script>`. It names this release's hashed bundles (the
 * build defines __EMBED_BUNDLES__, locale → file), so it is served with a short cache and the
 * bundles with a year's. It loads the bundle of the asked language as a classic script (no CORS
 * needed) with the same data attributes, and reserves every carousel's box on the page (box.ts)
 * before the first paint when the snippet is render-blocking, so the page never shifts.
 */
declare const __EMBED_BUNDLES__: Record<string, string>;

(() => {
  const script = (document.currentScript as HTMLScriptElement | null) ?? document.querySelector<HTMLScriptElement>('script[src*="/embed.js"]');
  if (!script) return;
  const data = script.dataset;
  const file = __EMBED_BUNDLES__[data.locale ?? ''] ?? __EMBED_BUNDLES__[data.shop === 'cz' ? 'cs' : 'sk'];
  const sheet = constructedSheet(RESERVE_CSS);
  if (sheet) document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  const bundle = document.createElement('script');
  bundle.src = new URL(file, script.src).href;
  for (const key of ['shop', 'locale', 'partner']) if (data[key] !== undefined) bundle.dataset[key] = data[key];
  (document.head ?? document.documentElement).append(bundle);
})();
