import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { I18n } from '@lingui/core';
import type { Config, ShopCode } from '../config';
import { isLocale, type Locale } from '../i18n/locales';
import type { AppEnv, ShopContext } from './env';

export const LOCALE_COOKIE = 'locale';

/** Picks the storefront by host name (Slovak when the host is not configured) and the locale. */
export function shopAndLocale(config: Config, shops: Record<ShopCode, ShopContext>, translators: Record<Locale, I18n>) {
  const byHost = new Map<string, ShopCode>();
  for (const code of ['sk', 'cz'] as const) for (const host of config.hosts[code]) byHost.set(host, code);

  return createMiddleware<AppEnv>(async (c, next) => {
    const host = (c.req.header('host') ?? '').toLowerCase().replace(/:\d+$/, '');
    const shop = shops[byHost.get(host) ?? 'sk'];
    const chosen = getCookie(c, LOCALE_COOKIE);
    const locale: Locale = isLocale(chosen) ? chosen : shop.locale;
    c.set('shop', shop);
    c.set('locale', locale);
    c.set('i18n', translators[locale]);
    // Before next(): a header set after the handler made its response makes Hono rebuild that
    // response from its body stream, which costs more CPU than rendering the page itself.
    c.header('Content-Language', locale);
    await next();
  });
}
