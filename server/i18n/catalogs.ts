import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { messages as cs } from '../../locales/cs/messages';
import { messages as de } from '../../locales/de/messages';
import { messages as en } from '../../locales/en/messages';
import { messages as hu } from '../../locales/hu/messages';
import { messages as ro } from '../../locales/ro/messages';
import { messages as sk } from '../../locales/sk/messages';
import { LOCALES, type Locale } from './locales';

const compiled: Record<Locale, Messages> = { sk, cs, en, de, ro, hu };

/**
 * One immutable i18n instance per locale, made once per app. Requests pick one and never call
 * activate(), so concurrent requests in different languages cannot leak into each other.
 */
export function createTranslators(): Record<Locale, I18n> {
  const out = {} as Record<Locale, I18n>;
  for (const locale of LOCALES) {
    // Data that is not in the catalogue (carrier names seeded in the shop's language) is shown as
    // it is. Without this, the production build (no message compiler) warns on every such string.
    out[locale] = setupI18n({ locale, messages: { [locale]: compiled[locale] }, missing: (_locale, id) => id });
  }
  return out;
}
