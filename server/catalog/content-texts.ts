import { sql, type SQL } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import { LOCALES, SOURCE_LOCALE, type Locale } from '../i18n/locales';

/**
 * The small shopper-facing texts per locale (docs/decisions/249): attribute and option labels,
 * banner alts and copy (headline, text, call to action), overlay texts, point item names, voucher gift items and gift values. The entity keeps
 * its Slovak text in its own column (the fallback); `content_texts(kind, row_id, locale, field,
 * value)` holds the other locales. Reads either join one field in SQL (`contentText`, a subselect
 * on the primary key, so a list keeps its plan) or load a kind's texts in one locale at once
 * (`contentTextMap`, for views built once per catalogue version such as the filter panel).
 */
export const CONTENT_FIELDS = {
  attribute: ['label'],
  option: ['label'],
  banner: ['alt', 'headline', 'text', 'cta'],
  overlay: ['text'],
  point_item: ['name'],
  voucher: ['gift_item'],
  gift: ['value'],
} as const;

export type ContentKind = keyof typeof CONTENT_FIELDS;
export type ContentField<K extends ContentKind> = (typeof CONTENT_FIELDS)[K][number];
/** What an editor (or the seed) sets for one locale: a string sets, null or '' clears (falls back to sk). */
export type ContentTexts<K extends ContentKind> = Partial<Record<ContentField<K>, string | null>>;

/** The locales stored here: every one but the Slovak source. */
export const TEXT_LOCALES = LOCALES.filter((l) => l !== SOURCE_LOCALE);

/**
 * SQL for one field in the locale bound as `@locale` (better-sqlite3) falling back to the Slovak
 * column: `contentText('attribute', 'label', 'a')` → COALESCE((SELECT value …), a.label).
 */
export function contentText<K extends ContentKind>(kind: K, field: ContentField<K>, alias: string, column: string = field): string {
  return `COALESCE((SELECT value FROM content_texts WHERE kind = '${kind}' AND row_id = ${alias}.id AND locale = @locale AND field = '${field}'), ${alias}.${column})`;
}

/** The same for a drizzle query: `locale` a value or a placeholder. */
export function contentTextSql<K extends ContentKind>(kind: K, field: ContentField<K>, id: AnySQLiteColumn, fallback: AnySQLiteColumn, locale: unknown): SQL<string> {
  return sql<string>`COALESCE((SELECT value FROM content_texts WHERE kind = ${kind} AND row_id = ${id} AND locale = ${locale} AND field = ${field}), ${fallback})`;
}

const statements = perDatabase((db: Db) => {
  const s = db.$client;
  return {
    ofKind: s.prepare<[string, string], { rowId: number; field: string; value: string }>(
      'SELECT row_id AS rowId, field, value FROM content_texts WHERE kind = ? AND locale = ?',
    ),
    one: s.prepare<[string, number, string, string], string>('SELECT value FROM content_texts WHERE kind = ? AND row_id = ? AND locale = ? AND field = ?').pluck(),
    ofRow: s.prepare<[string, number], { locale: Locale; field: string; value: string }>(
      'SELECT locale, field, value FROM content_texts WHERE kind = ? AND row_id = ?',
    ),
    upsert: s.prepare(
      `INSERT INTO content_texts (kind, row_id, locale, field, value) VALUES (@kind, @rowId, @locale, @field, @value)
       ON CONFLICT (kind, row_id, locale, field) DO UPDATE SET value = excluded.value WHERE value IS NOT excluded.value`,
    ),
    clear: s.prepare('DELETE FROM content_texts WHERE kind = @kind AND row_id = @rowId AND locale = @locale AND field = @field'),
  };
});

/**
 * Every text of one kind in one locale, by row id then field (one indexed range read): for views
 * built once per catalogue version, not per row. Slovak answers an empty map.
 */
export function contentTextMap<K extends ContentKind>(db: Db, kind: K, locale: Locale): Map<number, ContentTexts<K>> {
  const map = new Map<number, ContentTexts<K>>();
  if (locale === SOURCE_LOCALE) return map;
  for (const { rowId, field, value } of statements(db).ofKind.all(kind, locale)) {
    let texts = map.get(rowId);
    if (!texts) map.set(rowId, (texts = {}));
    (texts as Record<string, string>)[field] = value;
  }
  return map;
}

/** One field of one row in a locale, or the fallback (the Slovak column) when it has none. */
export function contentTextOf<K extends ContentKind>(db: Db, kind: K, rowId: number, locale: Locale, field: ContentField<K>, fallback: string): string;
export function contentTextOf<K extends ContentKind>(db: Db, kind: K, rowId: number, locale: Locale, field: ContentField<K>, fallback: string | null): string | null;
export function contentTextOf<K extends ContentKind>(db: Db, kind: K, rowId: number, locale: Locale, field: ContentField<K>, fallback: string | null): string | null {
  if (locale === SOURCE_LOCALE || fallback === null) return fallback;
  return (statements(db).one.get(kind, rowId, locale, field) as string | undefined) ?? fallback;
}

/** Rows with their fields replaced by the locale's texts where there are any (one bulk read). */
export function localizeRows<K extends ContentKind, T extends { id: number }>(db: Db, kind: K, locale: Locale, rows: T[], fields: Partial<Record<ContentField<K>, keyof T>>): T[] {
  if (locale === SOURCE_LOCALE || rows.length === 0) return rows;
  const map = contentTextMap(db, kind, locale);
  if (map.size === 0) return rows;
  return rows.map((row) => {
    const texts = map.get(row.id);
    if (!texts) return row;
    const copy = { ...row };
    for (const [field, key] of Object.entries(fields) as [string, keyof T][]) {
      const value = (texts as Record<string, string | undefined>)[field];
      if (value !== undefined) copy[key] = value as T[keyof T];
    }
    return copy;
  });
}

/** Every locale's own texts of one row (the back office's per-language fields read these). */
export function contentTextsByLocale<K extends ContentKind>(db: Db, kind: K, rowId: number): Partial<Record<Locale, ContentTexts<K>>> {
  const out: Partial<Record<Locale, Record<string, string>>> = {};
  for (const { locale, field, value } of statements(db).ofRow.all(kind, rowId)) (out[locale] ??= {})[field] = value;
  return out as Partial<Record<Locale, ContentTexts<K>>>;
}

/**
 * Sets one row's texts in a locale other than sk: a string sets a field, null or blank clears it
 * (the Slovak one shows), undefined keeps it. The catalogue version moves by trigger; the caller
 * owns the transaction (and the audit row).
 */
export function setContentTexts<K extends ContentKind>(db: Db, kind: K, rowId: number, locale: Locale, texts: ContentTexts<K>): void {
  if (locale === SOURCE_LOCALE) throw new Error('Slovak texts live in the entity rows');
  const allowed: readonly string[] = CONTENT_FIELDS[kind];
  const s = statements(db);
  for (const [field, raw] of Object.entries(texts) as [string, string | null | undefined][]) {
    if (raw === undefined) continue;
    if (!allowed.includes(field)) throw new Error(`No ${kind} field ${field}`);
    const value = raw?.trim() ?? '';
    if (value === '') s.clear.run({ kind, rowId, locale, field });
    else s.upsert.run({ kind, rowId, locale, field, value });
  }
}

/** Sets every locale's texts of one row at once (a back-office form's per-language fields). */
export function setContentTextsByLocale<K extends ContentKind>(db: Db, kind: K, rowId: number, byLocale: Partial<Record<Locale, ContentTexts<K>>>): void {
  for (const [locale, texts] of Object.entries(byLocale) as [Locale, ContentTexts<K>][]) {
    if (locale !== SOURCE_LOCALE && texts) setContentTexts(db, kind, rowId, locale, texts);
  }
}

/**
 * A voucher's shopper-facing texts (the gift item a type 5 voucher gives) in a locale other than
 * sk: for the back-office voucher form to call in its save transaction.
 */
export function setVoucherTexts(db: Db, voucherId: number, locale: Locale, texts: ContentTexts<'voucher'>): void {
  setContentTexts(db, 'voucher', voucherId, locale, texts);
}
