import type { I18n } from '@lingui/core';
import type { Db } from '../db/client';
import { contentTextsByLocale, setContentTextsByLocale, type ContentField, type ContentKind, type ContentTexts } from '../catalog/content-texts';
import type { Locale } from '../i18n/locales';
import {
  checkLocaleTexts,
  localeText,
  localeTextsSchema,
  localeTextsView,
  localeTextValues,
  postedLocaleTexts,
  type LocaleTextErrors,
  type LocaleTextKind,
  type LocaleTextValues,
} from './locale-texts';

/**
 * The per-language fields of a back-office form whose record keeps its other-locale texts in
 * content_texts (attributes, options, banners, overlays, point items, gifts: docs/decisions/249):
 * the generic partial and reader (templates/admin/_locale-texts.eta, ./locale-texts.ts) bound to
 * one kind. A form declares its fields once, shows `view(...)`, checks `check(posted(...))` beside
 * its own schema and calls `save` inside its audited transaction (an empty field = the Slovak text).
 */
export interface SmallTextField<K extends ContentKind> {
  name: ContentField<K>;
  /** A msg() id, translated for the staff member. */
  label: string;
  kind: LocaleTextKind;
  max: number;
}

export type SmallTextsData = Partial<Record<Locale, Record<string, string | null>>>;

export function smallTexts<K extends ContentKind>(kind: K, fields: SmallTextField<K>[]) {
  const names = fields.map((f) => f.name as string);
  const schema = localeTextsSchema(Object.fromEntries(fields.map((f) => [f.name, localeText(f.max)])));
  return {
    /** What the partial takes: the stored texts of `rowId` (none for a new record), or the posted ones again. */
    view(i18n: I18n, db: Db, rowId: number | null, posted?: { values: LocaleTextValues; errors?: LocaleTextErrors }) {
      const values = posted?.values ?? localeTextValues(rowId === null ? {} : (contentTextsByLocale(db, kind, rowId) as Partial<Record<Locale, Record<string, string>>>), names);
      return localeTextsView(
        fields.map((f) => ({ name: f.name, label: i18n._(f.label), kind: f.kind })),
        values,
        posted?.errors ?? {},
      );
    },
    /** The posted `texts[<locale>][<field>]` values. */
    posted: (body: Record<string, unknown>) => postedLocaleTexts(body, names),
    check: (values: LocaleTextValues, i18n: I18n) => checkLocaleTexts(schema, values, i18n),
    /** Every locale's stored texts of a row (an audit row's before / after). */
    stored: (db: Db, rowId: number) => contentTextsByLocale(db, kind, rowId),
    /** Writes the texts of each row (a banner campaign has one per size); run in the caller's transaction. */
    save(db: Db, rowIds: number[], data: SmallTextsData) {
      for (const id of rowIds) setContentTextsByLocale(db, kind, id, data as Partial<Record<Locale, ContentTexts<K>>>);
    },
  };
}

export type SmallTexts = ReturnType<typeof smallTexts>;
