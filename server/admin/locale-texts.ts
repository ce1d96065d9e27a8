import type { I18n } from '@lingui/core';
import { z } from 'zod';
import { LOCALE_NAMES, LOCALES, SOURCE_LOCALE, type Locale } from '../i18n/locales';
import { msg } from '../i18n/msg';
import { TOO_LONG } from './form';

/**
 * A record's texts in the locales other than Slovak (the main form holds sk): the back office's
 * per-language fields, drawn by templates/admin/_locale-texts.eta as `texts[cs][title]` inputs
 * and read here with one zod schema per form. An empty field means "the Slovak one" (null), so a
 * shop reader falls back to the main form's text (docs/decisions/240, 248).
 *
 * Use: declare the fields once (`LocaleTextField[]` for the partial, a zod shape for the schema),
 * `localeTextsSchema(shape)`, then `checkLocaleTexts(schema, posted, i18n)` beside the main form's
 * `checkForm`; give the partial `localeTextsView(fields, values, errors, i18n)`.
 */

/** The locales edited in the per-language fields: every one but the main form's sk. */
export const TEXT_LOCALES = LOCALES.filter((l) => l !== SOURCE_LOCALE) as Exclude<Locale, 'sk'>[];

export type LocaleTextKind = 'text' | 'textarea' | 'html';

/** One field of the partial: the posted name (`texts[cs][<name>]`), its label and how it is drawn. */
export interface LocaleTextField {
  name: string;
  label: string;
  kind: LocaleTextKind;
  hint?: string;
}

/** Values per locale and field, as typed (strings); what the partial shows again. */
export type LocaleTextValues = Partial<Record<Locale, Record<string, string>>>;
/** Messages per locale and field, translated. */
export type LocaleTextErrors = Partial<Record<Locale, Record<string, string>>>;

export const LOCALE_SLUG_FORMAT = msg('Adresa môže obsahovať len malé písmená bez diakritiky, číslice a pomlčky');

/** An optional text: trimmed, at most `max` characters, empty → null (the Slovak one is shown). */
export const localeText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: TOO_LONG })
    .default('')
    .transform((v) => (v === '' ? null : v));

/** An optional address in a locale: the same format as the main form's slug, empty → null. */
export const localeSlug = () =>
  z
    .string()
    .trim()
    .max(200, { error: TOO_LONG })
    .refine((v) => v === '' || /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(v), { error: LOCALE_SLUG_FORMAT })
    .default('')
    .transform((v) => (v === '' ? null : v));

type Shape = Record<string, z.ZodType<string | null, string | undefined>>;
export type LocaleTexts<S extends Shape> = { [K in keyof S]: z.output<S[K]> };

/** The schema over every edited locale: { cs: {title, …}, en: {…}, … } (each field optional). */
export function localeTextsSchema<S extends Shape>(shape: S) {
  // A locale left out of the post reads as all empty (prefault parses {} through the fields' defaults).
  const one = z.object(shape).prefault({} as never);
  return z.object({ cs: one, en: one, de: one, ro: one, hu: one } satisfies Record<(typeof TEXT_LOCALES)[number], typeof one>);
}

/** The posted `texts[<locale>][<field>]` values of the given fields, per locale (missing → ''). */
export function postedLocaleTexts(posted: Record<string, unknown>, fields: readonly string[]): LocaleTextValues {
  const values: LocaleTextValues = {};
  for (const locale of TEXT_LOCALES) {
    values[locale] = Object.fromEntries(
      fields.map((f) => {
        const v = posted[`texts[${locale}][${f}]`];
        return [f, typeof v === 'string' ? v.slice(0, 200_000) : ''];
      }),
    );
  }
  return values;
}

export type LocaleTextsResult<T> = { ok: true; data: Partial<Record<Locale, T>> } | { ok: false; errors: LocaleTextErrors };

/** Validates the per-locale values; the first message of each field, in the member's language. */
export function checkLocaleTexts<S extends Shape>(
  schema: ReturnType<typeof localeTextsSchema<S>>,
  values: LocaleTextValues,
  i18n: I18n,
): LocaleTextsResult<LocaleTexts<S>> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data as Partial<Record<Locale, LocaleTexts<S>>> };
  const errors: LocaleTextErrors = {};
  for (const issue of parsed.error.issues) {
    const [locale, field] = issue.path.map(String) as [Locale, string];
    const forLocale = (errors[locale] ??= {});
    forLocale[field ?? '_'] ??= i18n._(issue.message);
  }
  return { ok: false, errors };
}

/** Stored texts per locale (null = the Slovak one) as the partial's values. */
export function localeTextValues(stored: Partial<Record<Locale, object>>, fields: readonly string[]): LocaleTextValues {
  return Object.fromEntries(TEXT_LOCALES.map((l) => [l, Object.fromEntries(fields.map((f) => [f, (stored[l] as Record<string, string | null | undefined> | undefined)?.[f] ?? '']))]));
}

/** What templates/admin/_locale-texts.eta takes. */
export function localeTextsView(fields: LocaleTextField[], values: LocaleTextValues, errors: LocaleTextErrors = {}) {
  return {
    fields,
    locales: TEXT_LOCALES.map((code) => ({
      code,
      name: LOCALE_NAMES[code],
      values: values[code] ?? {},
      errors: errors[code] ?? {},
      filled: Object.values(values[code] ?? {}).some((v) => v.trim() !== ''),
    })),
  };
}
