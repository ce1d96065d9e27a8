/** Every locale the shop speaks; sk is the source language and the fallback. */
export const LOCALES = ['sk', 'cs', 'en', 'de', 'ro', 'hu'] as const;
export type Locale = (typeof LOCALES)[number];
export const SOURCE_LOCALE: Locale = 'sk';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Names of the languages in themselves, for the language switch. */
export const LOCALE_NAMES: Record<Locale, string> = {
  sk: 'Slovenčina',
  cs: 'Čeština',
  en: 'English',
  de: 'Deutsch',
  ro: 'Română',
  hu: 'Magyar',
};
