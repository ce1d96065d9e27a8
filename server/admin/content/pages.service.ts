import type { Db } from '../../db/client';
import { audited, type Actor } from '../audit';
import { pageTextsByLocale, setPageTexts, textSlugTaken, type PageTexts } from '../../catalog/catalogue-texts';
import type { Locale } from '../../i18n/locales';
import { TextSlugTaken, textsSummary } from './guides.service';
import { pagedQuery, whereOf, type Paged } from '../paged-query';
import type { ListFilter, PageForm, PageTextsForm } from './content.schemas';
import { sanitizeWithReport, type Removed } from './removed';
import { ChangedMeanwhile, versionOf } from './version';

export const PAGES_PAGE_SIZE = 50;

export interface StoredPage {
  id: number;
  shopId: number | null;
  title: string;
  slug: string;
  body: string;
  visible: number;
  /** Its texts in the other locales (part of its version). */
  texts?: Partial<Record<Locale, PageTexts>>;
}

export function pageList(db: Db, filter: ListFilter): Paged<StoredPage> {
  const parts: string[] = [];
  const params: string[] = [];
  if (filter.q) {
    const like = `%${filter.q.replace(/[\\%_]/g, '\\$&')}%`;
    parts.push("(title LIKE ? ESCAPE '\\' OR slug LIKE ? ESCAPE '\\')");
    params.push(like, like);
  }
  return pagedQuery<StoredPage>(db, { columns: 'id, shop_id AS shopId, title, slug, visible', from: 'static_posts', where: whereOf(parts), order: 'slug, shop_id, id' }, params, filter.strana, PAGES_PAGE_SIZE);
}

export function storedPage(db: Db, id: number): StoredPage | null {
  const row = db.$client.prepare('SELECT id, shop_id AS shopId, title, slug, body, visible FROM static_posts WHERE id = ?').get(id) as StoredPage | undefined;
  return row ? { ...row, texts: pageTextsByLocale(db, id) } : null;
}

export const pageVersion = (page: StoredPage) => versionOf({ ...page });

export type PageSaveResult = { ok: true; id: number; removed: Removed[] } | { ok: false; reason: 'changed' | 'slug' | 'gone' } | { ok: false; reason: 'textSlug'; locale: Locale };

/** Creates or updates a static page with its audit row: the body through the shop's sanitiser, one page per address and shop. */
export function savePage(db: Db, actor: Actor, now: Date, id: number | null, form: PageForm, shopId: number | null, texts: PageTextsForm | null = null): PageSaveResult {
  const { clean, removed } = sanitizeWithReport(form.body);
  try {
    return audited(db, actor, now, () => {
      const before = id === null ? null : storedPage(db, id);
      if (id !== null && !before) return { value: { ok: false, reason: 'gone' } as PageSaveResult, audit: null };
      if (before && pageVersion(before) !== form.version) throw new ChangedMeanwhile();
      if (db.$client.prepare('SELECT 1 FROM static_posts WHERE slug = ? AND shop_id IS ? AND id IS NOT ?').get(form.slug, shopId, id)) {
        return { value: { ok: false, reason: 'slug' } as PageSaveResult, audit: null };
      }
      const values = { shopId, title: form.title, slug: form.slug, body: clean, visible: form.visible ? 1 : 0 };
      let savedId: number;
      if (before) {
        db.$client.prepare('UPDATE static_posts SET shop_id = @shopId, title = @title, slug = @slug, body = @body, visible = @visible WHERE id = @id').run({ ...values, id: before.id });
        savedId = before.id;
      } else {
        savedId = Number(db.$client.prepare('INSERT INTO static_posts (shop_id, title, slug, body, visible) VALUES (@shopId, @title, @slug, @body, @visible)').run(values).lastInsertRowid);
      }
      // The other locales' texts, the body through the same sanitiser, in the same transaction.
      for (const [locale, t] of Object.entries(texts ?? {}) as [Locale, PageTexts][]) {
        if (t.slug && textSlugTaken(db, 'page', locale, t.slug, savedId)) throw new TextSlugTaken(locale);
        setPageTexts(db, savedId, locale, { title: t.title, slug: t.slug, body: t.body ? sanitizeWithReport(t.body).clean : null });
      }
      const summary = (p: Omit<StoredPage, 'id'> | null) => (p ? { shopId: p.shopId, title: p.title, slug: p.slug, visible: Boolean(p.visible), bodyLength: p.body.length } : null);
      return {
        value: { ok: true, id: savedId, removed } as PageSaveResult,
        audit: {
          section: 'pages',
          action: before ? 'page.update' : 'page.create',
          subject: String(savedId),
          before: before ? { ...summary(before), texts: textsSummary(before.texts ?? {}) } : null,
          after: { ...summary(values), texts: textsSummary(texts ?? {}), removed: removed.length ? removed : undefined },
        },
      };
    });
  } catch (error) {
    if (error instanceof ChangedMeanwhile) return { ok: false, reason: 'changed' };
    if (error instanceof TextSlugTaken) return { ok: false, reason: 'textSlug', locale: error.locale };
    throw error;
  }
}
