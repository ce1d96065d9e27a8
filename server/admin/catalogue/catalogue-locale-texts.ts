import type { I18n } from '@lingui/core';
import type { Db } from '../../db/client';
import { categoryTextsByLocale, productTextsByLocale, setCategoryTexts, setProductTexts } from '../../catalog/catalogue-texts';
import type { Locale } from '../../i18n/locales';
import { msg } from '../../i18n/msg';
import {
  checkLocaleTexts,
  localeSlug,
  localeText,
  localeTextsSchema,
  localeTextsView,
  localeTextValues,
  postedLocaleTexts,
  TEXT_LOCALES,
  type LocaleTextErrors,
  type LocaleTextField,
  type LocaleTextValues,
} from '../locale-texts';

/**
 * The per-language fields of the product and category forms (issue 20): name, address and
 * description in cs, en, de, ro, hu, kept in product_texts / category_texts (docs/decisions/240)
 * through setProductTexts / setCategoryTexts, inside the form's audited transaction. An empty field
 * shows the Slovak one; an address another product (category) has in that language is refused.
 */
const NAMES = ['name', 'slug', 'description'] as const;
const SLUG_TAKEN = msg('Túto adresu už v tomto jazyku má iná položka');
const schema = localeTextsSchema({ name: localeText(200), slug: localeSlug(), description: localeText(20_000) });

export type CatalogueLocaleTexts = Partial<Record<Locale, { name: string | null; slug: string | null; description: string | null }>>;
type Entity = 'product' | 'category';

const clashSql: Record<Entity, string> = {
  product: 'SELECT 1 FROM product_texts WHERE locale = ? AND slug = ? AND product_id <> ?',
  category: 'SELECT 1 FROM category_texts WHERE locale = ? AND slug = ? AND category_id <> ?',
};

export function catalogueLocaleTexts(entity: Entity) {
  const byLocale = entity === 'product' ? productTextsByLocale : categoryTextsByLocale;
  const set = entity === 'product' ? setProductTexts : setCategoryTexts;
  return {
    /** What the partial takes; `slugs` false leaves the addresses out (an editor's category form). */
    view(i18n: I18n, db: Db, id: number | null, posted?: { values: LocaleTextValues; errors?: LocaleTextErrors }, slugs = true) {
      const fields: LocaleTextField[] = [
        { name: 'name', label: i18n._('Názov'), kind: 'text' },
        ...(slugs ? [{ name: 'slug', label: i18n._('Adresa v obchode'), kind: 'text' as const }] : []),
        { name: 'description', label: i18n._('Popis'), kind: 'textarea' },
      ];
      const values = posted?.values ?? localeTextValues(id === null ? {} : (byLocale(db, id) as Partial<Record<Locale, Record<string, string | null>>>), [...NAMES]);
      return localeTextsView(fields, values, posted?.errors ?? {});
    },
    posted: (body: Record<string, unknown>) => postedLocaleTexts(body, [...NAMES]),
    check: (values: LocaleTextValues, i18n: I18n) => checkLocaleTexts(schema, values, i18n),
    stored: (db: Db, id: number) => byLocale(db, id),
    /** Addresses another row has in a language (id null: a new row): messages (msg ids) per locale, or null. */
    clashes(db: Db, id: number | null, data: CatalogueLocaleTexts, slugs = true): LocaleTextErrors | null {
      if (!slugs) return null;
      const errors: LocaleTextErrors = {};
      const clash = db.$client.prepare(clashSql[entity]);
      for (const locale of TEXT_LOCALES) {
        const slug = data[locale]?.slug;
        if (slug && clash.get(locale, slug, id ?? 0)) errors[locale] = { slug: SLUG_TAKEN };
      }
      return Object.keys(errors).length ? errors : null;
    },
    /** Writes every locale's texts in the caller's transaction, after `clashes` (`slugs` false keeps the stored addresses). */
    save(db: Db, id: number, data: CatalogueLocaleTexts, slugs = true): void {
      for (const locale of TEXT_LOCALES) {
        const texts = data[locale];
        if (!texts) continue;
        set(db, id, locale, { name: texts.name, description: texts.description, ...(slugs ? { slug: texts.slug } : {}) });
      }
    },
  };
}

/** Refusal messages (msg ids) in the member's language. */
export const translatedTextErrors = (i18n: I18n, errors: LocaleTextErrors): LocaleTextErrors =>
  Object.fromEntries(Object.entries(errors).map(([locale, fields]) => [locale, Object.fromEntries(Object.entries(fields ?? {}).map(([f, m]) => [f, i18n._(m)]))]));

export const PRODUCT_LOCALE_TEXTS = catalogueLocaleTexts('product');
export const CATEGORY_LOCALE_TEXTS = catalogueLocaleTexts('category');
