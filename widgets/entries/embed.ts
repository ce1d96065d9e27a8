import { DEFAULT_ROUTES, INTL_LOCALES, provideDefaults, type Locale, type ShopRoutes } from '../lib/defaults';
import { startRegistry } from '../lib/registry';
import { registry } from './registry';

/**
 * The partner-site loader: `<script type="module" src="https://our.shop/static/build/embed.js"
 * data-shop="sk" data-locale="sk">`. Partner pages have no defaults block, so they are built here;
 * the API and every link point at our origin. Nothing is put on the partner's window.
 */
const LOCALES: readonly Locale[] = ['sk', 'cs', 'en', 'de', 'ro', 'hu'];
const here = new URL(import.meta.url);
const script =
  [...document.querySelectorAll<HTMLScriptElement>('script[src]')].find((s) => s.src === here.href) ??
  document.querySelector<HTMLScriptElement>('script[src][data-shop]');
const data = script?.dataset ?? {};
const shop = data.shop === 'cz' ? 'cz' : 'sk';
const locale = LOCALES.find((l) => l === data.locale) ?? (shop === 'cz' ? 'cs' : 'sk');
const routes = Object.fromEntries(
  Object.entries({ ...DEFAULT_ROUTES, terms: shop === 'cz' ? '/obchodni-podminky' : '/podmienky' }).map(([key, path]) => [key, new URL(path, here).href]),
) as unknown as ShopRoutes;

provideDefaults({
  shop,
  locale,
  intlLocale: INTL_LOCALES[locale],
  currency: shop === 'cz' ? { code: 'CZK', symbol: 'Kč' } : { code: 'EUR', symbol: '€' },
  // build.ts writes each locale's widget catalog next to embed.js (or the tag names it).
  messages: data.messages ? new URL(data.messages, here).href : new URL(`i18n/${locale}.js`, here).href,
  routes,
  api: { prefix: new URL('/api', here).href, credentials: 'include' },
});

startRegistry(registry);
