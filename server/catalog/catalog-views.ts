import type { Context } from 'hono';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import type { AppEnv } from '../http/env';
import { cacheBytes } from './cache-budget';
import { CatalogueCache } from './catalog-cache';
import { catalogueLang, langKey, SLOVAK, type CatalogueLang } from './catalogue-texts';
import { loadCategoryIndex, type CategoryIndex } from './category.service';
import { contentTextMap } from './content-texts';
import { loadCategoryFilter, localizeFilter, type CategoryFilter } from './filter-choices.service';
import { SOURCE_LOCALE } from '../i18n/locales';
import { loadMenu, type Menu } from './menu.service';

/** The catalogue's small derived views: the category tree, filter choices, menu, sitemap. */
const MAX_BYTES = cacheBytes('views');
const views = perDatabase(() => new CatalogueCache<{ value: unknown; bytes: number }>(MAX_BYTES, (view) => view.bytes));

/** Where a request reads the catalogue: its database and the version read for it (app.ts). */
export interface CatalogAt {
  db: Db;
  version: number;
  /** The languages of names and slugs (catalogue-texts.ts); Slovak when left out. */
  lang?: CatalogueLang;
}

export const catalogAt = (c: Context<AppEnv>): CatalogAt => ({ db: c.get('deps').db, version: c.get('catalogVersion'), lang: catalogueLang(c) });

/** A value built from the catalogue once per version (`bytes` estimates its size); `keep` may refuse to keep one. */
export function catalogView<T>(at: CatalogAt, key: string, build: () => T, bytes: (value: T) => number, keep?: (value: T) => boolean): T {
  return views(at.db).get(at.version, key, () => ((value) => ({ value, bytes: bytes(value) }))(build()), keep && ((kept) => keep(kept.value as T))).value as T;
}

/** The whole category tree (a few hundred nodes). */
export function categoryIndex(at: CatalogAt): CategoryIndex {
  const lang = at.lang ?? SLOVAK;
  return catalogView(at, `categories|${langKey(lang)}`, () => loadCategoryIndex(at.db, lang), (index) => index.size * 700);
}

/** The filter choices of a category for a shop and price role. */
export function categoryFilter(at: CatalogAt, categoryId: number, shopId: number, wholesale: boolean): CategoryFilter {
  const key = `filter|${categoryId}|${shopId}|${wholesale ? 'b2b' : 'b2c'}`;
  const bytes = (filter: CategoryFilter) => 256 + filter.choices.attributes.reduce((sum, a) => sum + 128 + a.options.length * 160, 0);
  const slovak = catalogView(at, key, () => loadCategoryFilter(at.db, { categoryId, subtreeIds: categoryIndex(at).subtreeIds(categoryId), shopId, wholesale }), bytes);
  const locale = at.lang?.text ?? SOURCE_LOCALE;
  if (locale === SOURCE_LOCALE) return slovak;
  return catalogView(at, `${key}|${locale}`, () => localizeFilter(slovak, attributeLabels(at)), bytes);
}

/** Attribute and option labels in the request's text locale, loaded once per catalogue version (docs/decisions/249). */
export function attributeLabels(at: CatalogAt) {
  const locale = at.lang?.text ?? SOURCE_LOCALE;
  return catalogView(
    at,
    `attribute-labels|${locale}`,
    () => ({ attributes: contentTextMap(at.db, 'attribute', locale), options: contentTextMap(at.db, 'option', locale) }),
    (labels) => 256 + (labels.attributes.size + labels.options.size) * 160,
  );
}

/** The header's menu (every page shows it). */
export function shopMenu(at: CatalogAt): Menu {
  const lang = at.lang ?? SLOVAK;
  return catalogView(at, `menu|${langKey(lang)}`, () => loadMenu(at.db, lang), (menu) => 256 + JSON.stringify(menu).length * 2);
}
