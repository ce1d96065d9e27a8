import { requestHeader } from './request-header';
import { cookie } from './cookies';
import { createMiddleware } from 'hono/factory';
import type { I18n } from '@lingui/core';
import type { Config, ShopCode } from '../config';
import { isLocale, type Locale } from '../i18n/locales';
import type { AppEnv, ShopContext } from './env';

export const LOCALE_COOKIE = 'locale';

/** The storefront for a Host header (Slovak when the host is not configured). */
export function shopByHost(config: Config, shops: Record<ShopCode, ShopContext>): (host: string | undefined) => ShopContext {
  const byHost = new Map<string, ShopCode>();
  for (const code of ['sk', 'cz'] as const) for (const host of config.hosts[code]) byHost.set(host, code);
  return (host) => shops[byHost.get((host ?? '').toLowerCase().replace(/:\d+$/, '')) ?? 'sk'];
}

/** The shopper's chosen locale (the `locale` cookie) or the shop's own. */
export function localeFor(shop: ShopContext, chosen: string | undefined): Locale {
  return isLocale(chosen) ? chosen : shop.locale;
}

/** Picks the storefront by host name (Slovak when the host is not configured) and the locale. */
export function shopAndLocale(config: Config, shops: Record<ShopCode, ShopContext>, translators: Record<Locale, I18n>) {
  const shopFor = shopByHost(config, shops);
  return createMiddleware<AppEnv>(async (c, next) => {
    const shop = shopFor(requestHeader(c, 'host'));
    const locale = localeFor(shop, cookie(c, LOCALE_COOKIE));
    c.set('shop', shop);
    c.set('locale', locale);
    c.set('i18n', translators[locale]);
    // Before next(): a header set after the response exists makes Hono rebuild it from its stream.
    c.header('Content-Language', locale);
    await next();
  });
}
