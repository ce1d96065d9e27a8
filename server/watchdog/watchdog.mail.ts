import type { I18n } from '@lingui/core';
import type { ShopCode } from '../config';
import { productUrl } from '../catalog/urls';
import type { Logger } from '../http/env';
import { createTranslators } from '../i18n/catalogs';
import { isLocale, type Locale } from '../i18n/locales';
import type { MailMessage, Mailer } from '../mail/mailer';
import { formatMoney } from '../render/format';
import type { FiredWatch } from './watchdog.service';

export const UNSUBSCRIBE_PATH = '/sledovanie-ceny/odhlasit';
export const unsubscribePath = (token: string) => `${UNSUBSCRIBE_PATH}/${token}`;

export interface WatchMailEnv {
  mailer: Mailer;
  logger: Logger;
  /** Public origin per shop (config.origins): links in mail must be absolute. */
  origins: Record<ShopCode, string>;
}

// Immutable catalogues, made once on first use; never activated, so locales cannot leak.
let translators: Record<Locale, I18n> | undefined;
function translatorFor(locale: string): { i18n: I18n; locale: Locale } {
  translators ??= createTranslators();
  const chosen: Locale = isLocale(locale) ? locale : 'sk';
  return { i18n: translators[chosen], locale: chosen };
}

/** The e-mail of a fired watch, in the locale the shopper used when setting it up. */
export function buildWatchMail(watch: FiredWatch, origins: Record<ShopCode, string>): MailMessage {
  const { i18n, locale } = translatorFor(watch.locale);
  const origin = origins[watch.shopCode];
  const name = watch.product.name;
  const link = `${origin}${productUrl(watch.product.slug)}`;
  const stop = `${origin}${unsubscribePath(watch.token)}`;
  const lines = [i18n._('Dobrý deň,'), ''];
  if (watch.reasons.price && watch.product.price !== null) {
    const price = formatMoney(watch.product.price, watch.currency, locale);
    lines.push(i18n._('cena produktu {name} klesla na {price}.', { name, price }));
  }
  if (watch.reasons.available) {
    lines.push(i18n._('produkt {name} je dostupný: {count} ks.', { name, count: watch.product.quantity }));
  }
  lines.push(
    '',
    i18n._('Pozrite si ho tu: {url}', { url: link }),
    '',
    i18n._('Toto upozornenie sme poslali jedenkrát, ako ste si želali pri nastavení sledovania.'),
    i18n._('Zrušiť všetky sledovania pre túto adresu: {url}', { url: stop }),
  );
  const subject = watch.reasons.price
    ? i18n._('Cena klesla: {name}', { name })
    : i18n._('Opäť dostupné: {name}', { name });
  return { to: watch.email, subject, text: `${lines.join('\n')}\n` };
}

/**
 * Sends the mails of watches already marked fired (after the transaction committed). A failed send
 * is logged, never thrown: the price change has happened, and a watch fires at most once.
 */
export async function sendWatchMails(fired: FiredWatch[], env: WatchMailEnv): Promise<number> {
  let sent = 0;
  for (const watch of fired) {
    try {
      await env.mailer.send(buildWatchMail(watch, env.origins));
      sent += 1;
    } catch (error) {
      env.logger.error(`watchdog ${watch.id}: the e-mail could not be sent`, error);
    }
  }
  return sent;
}
