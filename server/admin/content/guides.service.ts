import type { Db } from '../../db/client';
import { guideUrl } from '../../catalog/urls';
import { sanitizeTeaser } from '../../content/sanitize';
import { guideTextsByLocale, setGuideTexts, textSlugTaken, type GuideTexts } from '../../catalog/catalogue-texts';
import type { Locale } from '../../i18n/locales';
import { audited, type Actor } from '../audit';
import { pagedQuery, whereOf, type Paged } from '../paged-query';
import { typedDay } from '../shop-days';
import type { GuideForm, GuideTextsForm, ListFilter } from './content.schemas';
import { sanitizeWithReport, type Removed } from './removed';
import { ChangedMeanwhile, versionOf } from './version';

export const GUIDES_PAGE_SIZE = 30;

export interface GuideRow {
  id: number;
  title: string;
  slug: string;
  categoryId: number;
  categoryName: string;
  categorySlug: string;
  visible: number;
  obtainMode: string;
  obtainPrice: number | null;
  publishedAt: number;
}

/** The list: newest first, found by title or address. */
export function guidePage(db: Db, filter: ListFilter): Paged<GuideRow> {
  const parts: string[] = [];
  const params: string[] = [];
  if (filter.q) {
    parts.push("(b.title LIKE ? ESCAPE '\\' OR b.slug LIKE ? ESCAPE '\\')");
    const like = `%${filter.q.replace(/[\\%_]/g, '\\$&')}%`;
    params.push(like, like);
  }
  return pagedQuery<GuideRow>(
    db,
    {
      columns:
        'b.id, b.title, b.slug, b.category_id AS categoryId, c.name AS categoryName, c.slug AS categorySlug, b.visible, b.obtain_mode AS obtainMode, b.obtain_price AS obtainPrice, b.published_at AS publishedAt',
      from: 'blog_posts b JOIN categories c ON c.id = b.category_id',
      where: whereOf(parts),
      order: 'b.published_at DESC, b.id DESC',
    },
    params,
    filter.strana,
    GUIDES_PAGE_SIZE,
  );
}

/** A guide as stored, every column the form edits. */
export interface StoredGuide {
  id: number;
  categoryId: number;
  title: string;
  slug: string;
  image: string | null;
  short: string;
  body: string;
  visible: number;
  obtainMode: 'free' | 'points' | 'purchase';
  obtainPrice: number | null;
  position: number;
  publishedAt: number;
  /** Its texts in the other locales (part of its version: a change there is a change too). */
  texts: Partial<Record<Locale, GuideTexts>>;
}

export function storedGuide(db: Db, id: number): StoredGuide | null {
  const row = db.$client
    .prepare(
      'SELECT id, category_id AS categoryId, title, slug, image, short, body, visible, obtain_mode AS obtainMode, obtain_price AS obtainPrice, position, published_at AS publishedAt FROM blog_posts WHERE id = ?',
    )
    .get(id) as Omit<StoredGuide, 'texts'> | undefined;
  return row ? { ...row, texts: guideTextsByLocale(db, id) } : null;
}

export const guideVersion = (guide: StoredGuide) => versionOf({ ...guide });

/** Blog categories an editor may file a guide under: [id, "Parent › Name"]. */
export function blogCategoryOptions(db: Db): { id: number; name: string; slug: string }[] {
  const rows = db.$client.prepare("SELECT id, name, slug, path FROM categories WHERE type = 'blog' ORDER BY path").all() as { id: number; name: string; slug: string; path: string }[];
  const names = new Map(rows.map((r) => [r.id, r.name]));
  return rows.map((r) => {
    const trail = r.path.split('/').filter(Boolean).map(Number).map((id) => names.get(id) ?? '');
    return { id: r.id, slug: r.slug, name: trail.filter(Boolean).join(' › ') || r.name };
  });
}

export function isBlogCategory(db: Db, id: number): { slug: string; name: string; path: string } | null {
  return (db.$client.prepare("SELECT slug, name, path FROM categories WHERE id = ? AND type = 'blog'").get(id) as { slug: string; name: string; path: string } | undefined) ?? null;
}

export function guideSlugTaken(db: Db, slug: string, exceptId: number | null): boolean {
  return db.$client.prepare('SELECT 1 FROM blog_posts WHERE slug = ? AND id IS NOT ?').get(slug, exceptId) !== undefined;
}

export type SaveResult = { ok: true; id: number; removed: Removed[] } | { ok: false; reason: 'changed' | 'slug' | 'category' | 'gone' } | { ok: false; reason: 'textSlug'; locale: Locale };

/**
 * Creates (id null) or updates a guide in one transaction with its audit row: the body sanitised
 * as the shop stores it (the list of what was removed comes back), the teaser as a teaser, the
 * address unique among guides, the record unchanged since the form was opened.
 */
export function saveGuide(db: Db, actor: Actor, now: Date, id: number | null, form: GuideForm, image: string | null | undefined, texts: GuideTextsForm | null = null): SaveResult {
  const { clean, removed } = sanitizeWithReport(form.body);
  const publishedAt = typedDay(form.publishedAt)!.from;
  try {
    return audited(db, actor, now, () => {
      if (!isBlogCategory(db, form.categoryId)) return { value: { ok: false, reason: 'category' } as SaveResult, audit: null };
      if (guideSlugTaken(db, form.slug, id)) return { value: { ok: false, reason: 'slug' } as SaveResult, audit: null };
      const before = id === null ? null : storedGuide(db, id);
      if (id !== null && !before) return { value: { ok: false, reason: 'gone' } as SaveResult, audit: null };
      if (before && guideVersion(before) !== form.version) throw new ChangedMeanwhile();
      const values = {
        categoryId: form.categoryId,
        title: form.title,
        slug: form.slug,
        image: image === undefined ? (before?.image ?? null) : image,
        short: sanitizeTeaser(form.short),
        body: clean,
        visible: form.visible ? 1 : 0,
        obtainMode: form.obtainMode,
        obtainPrice: form.obtainPrice,
        publishedAt,
      };
      let savedId: number;
      if (before) {
        db.$client
          .prepare(
            'UPDATE blog_posts SET category_id = @categoryId, title = @title, slug = @slug, image = @image, short = @short, body = @body, visible = @visible, obtain_mode = @obtainMode, obtain_price = @obtainPrice, published_at = @publishedAt WHERE id = @id',
          )
          .run({ ...values, id: before.id });
        savedId = before.id;
      } else {
        savedId = Number(
          db.$client
            .prepare(
              'INSERT INTO blog_posts (category_id, title, slug, image, short, body, visible, obtain_mode, obtain_price, published_at) VALUES (@categoryId, @title, @slug, @image, @short, @body, @visible, @obtainMode, @obtainPrice, @publishedAt)',
            )
            .run(values).lastInsertRowid,
        );
      }
      // The other locales' texts, sanitised as the Slovak ones, in the same transaction; a slug
      // another guide has in that locale refuses the save (nothing is written: the transaction rolls back).
      const taken = texts ? (Object.keys(texts) as Locale[]).find((l) => texts[l as keyof GuideTextsForm].slug && textSlugTaken(db, 'guide', l, texts[l as keyof GuideTextsForm].slug!, savedId)) : undefined;
      if (taken) throw new TextSlugTaken(taken);
      for (const [locale, t] of Object.entries(texts ?? {}) as [Locale, GuideTexts][]) {
        setGuideTexts(db, savedId, locale, { title: t.title, slug: t.slug, short: t.short ? sanitizeTeaser(t.short) : null, body: t.body ? sanitizeWithReport(t.body).clean : null });
      }
      const summary = (g: Partial<StoredGuide> | null) => (g ? { title: g.title, slug: g.slug, categoryId: g.categoryId, visible: Boolean(g.visible), obtainMode: g.obtainMode, obtainPrice: g.obtainPrice, image: g.image, bodyLength: g.body?.length } : null);
      return {
        value: { ok: true, id: savedId, removed } as SaveResult,
        audit: {
          section: 'guides',
          action: before ? 'guide.update' : 'guide.create',
          subject: String(savedId),
          before: before ? { ...summary(before), texts: textsSummary(before.texts) } : null,
          after: { ...summary({ ...values, visible: values.visible }), texts: textsSummary(texts ?? {}), removed: removed.length ? removed : undefined },
        },
      };
    });
  } catch (error) {
    if (error instanceof ChangedMeanwhile) return { ok: false, reason: 'changed' };
    if (error instanceof TextSlugTaken) return { ok: false, reason: 'textSlug', locale: error.locale };
    throw error;
  }
}

/** Thrown inside a save's transaction: the slug is another record's in that locale. */
export class TextSlugTaken extends Error {
  constructor(readonly locale: Locale) {
    super('slug taken');
  }
}

/** What the audit row keeps of the per-locale texts: each locale's title and slug, and the body's length. */
export function textsSummary(texts: Partial<Record<string, { title?: string | null; slug?: string | null; body?: string | null }>>) {
  return Object.fromEntries(Object.entries(texts).flatMap(([l, t]) => (t && (t.title || t.slug || t.body) ? [[l, { title: t.title ?? null, slug: t.slug ?? null, bodyLength: t.body?.length ?? 0 }]] : [])));
}

export const guideShopUrl = (categorySlug: string, slug: string) => guideUrl(categorySlug, slug);
