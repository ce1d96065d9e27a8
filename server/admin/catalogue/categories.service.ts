import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { msg } from '../../i18n/msg';
import { CHOOSE } from '../form';
import { audited, type Actor } from '../audit';
import type { LocaleTextErrors } from '../locale-texts';
import { CATEGORY_LOCALE_TEXTS, type CatalogueLocaleTexts } from './catalogue-locale-texts';
import { SLUG_FORMAT, slugField } from './products.schemas';

/**
 * Categories in the back office: the tree (children in position order), a category's form and its
 * save. Admins change everything; editors (ROLE_EDITOR) only the texts (name, description), which
 * the save enforces whatever the form sent. The version a form was read at is a hash of the row, so
 * a second member's save over a changed row is refused. A category with products, posts or children
 * is never deleted. The path ("/1/4/9/") and depth of a moved subtree are rewritten in the same
 * transaction; the catalogue-version triggers make every change visible on the next request.
 */
export interface AdminCategory {
  id: number;
  parentId: number | null;
  type: 'product' | 'blog';
  name: string;
  slug: string;
  description: string | null;
  position: number;
  visible: number;
  visibleMenu: number;
  visibleChildren: number;
  path: string;
  depth: number;
}

export const CATEGORY_CHANGED = msg('Kategóriu medzitým zmenil niekto iný. Načítajte ju znova a zmeny urobte ešte raz.');
export const CATEGORY_SLUG_TAKEN = msg('Túto adresu už používa iná kategória alebo produkt');
export const CATEGORY_IN_USE = msg('Kategóriu s produktmi, článkami alebo podkategóriami nemožno zmazať. Skryte ju.');
export const BAD_PARENT = msg('Kategóriu nemožno presunúť pod seba ani pod svoju podkategóriu');

/** First path segments the app routes itself (server/db/seed/catalog.ts keeps the same list). */
const RESERVED = new Set(['admin', 'api', 'data', 'static', 'build', 'p', 'hladaj', 'oblubene', 'moje', 'obchod', 'nakupny-kosik', 'navody-inspiracie', 'podmienky', 'obchodni-podminky']);

const flag = z.union([z.literal('1'), z.literal('')]).default('').transform((v) => (v === '1' ? 1 : 0));

export const categoryTextsSchema = z.object({
  name: z.string().trim().min(1).max(200),
  description: z.string().max(20_000).default(''),
  version: z.string().max(64).default(''),
});

export const categoryFormSchema = categoryTextsSchema.extend({
  slug: slugField.refine((s) => s !== '', { error: SLUG_FORMAT }),
  type: z.enum(['product', 'blog'], { error: CHOOSE }),
  parent: z.union([z.literal('').transform(() => null), z.string().regex(/^[1-9]\d{0,9}$/, { error: CHOOSE }).transform(Number)]).prefault(''),
  position: z.string().trim().regex(/^\d{1,6}$/, { error: msg('Zadajte celé číslo') }).transform(Number).prefault('0'),
  visible: flag,
  visibleMenu: flag,
  visibleChildren: flag,
});
export type CategoryTexts = z.output<typeof categoryTextsSchema>;
export type CategoryForm = z.output<typeof categoryFormSchema>;

const statements = perDatabase((db: Db) => {
  const c = db.$client;
  const COLUMNS = `id, parent_id AS parentId, type, name, slug, description, position, visible, visible_menu AS visibleMenu,
    visible_children AS visibleChildren, path, depth`;
  return {
    all: c.prepare<[], AdminCategory & { products: number; children: number }>(
      `SELECT ${COLUMNS}, (SELECT COUNT(*) FROM products p WHERE p.category_id = categories.id) AS products,
              (SELECT COUNT(*) FROM categories k WHERE k.parent_id = categories.id) AS children
         FROM categories ORDER BY depth, position, id`,
    ),
    one: c.prepare<[number], AdminCategory>(`SELECT ${COLUMNS} FROM categories WHERE id = ?`),
    slugTaken: c.prepare<[string, number, string], { id: number }>('SELECT id FROM categories WHERE slug = ? AND id <> ? UNION ALL SELECT id FROM products WHERE slug = ? LIMIT 1'),
    texts: c.prepare('UPDATE categories SET name = ?, description = ? WHERE id = ?'),
    update: c.prepare(
      `UPDATE categories SET name = @name, description = @description, slug = @slug, type = @type, parent_id = @parent, position = @position,
              visible = @visible, visible_menu = @visibleMenu, visible_children = @visibleChildren WHERE id = @id`,
    ),
    insert: c.prepare(
      `INSERT INTO categories (parent_id, type, name, slug, description, position, visible, visible_menu, visible_children, path, depth)
       VALUES (@parent, @type, @name, @slug, @description, @position, @visible, @visibleMenu, @visibleChildren, '', 0)`,
    ),
    setPath: c.prepare('UPDATE categories SET path = ?, depth = ? WHERE id = ?'),
    movePaths: c.prepare(
      `UPDATE categories SET path = @to || substr(path, length(@from) + 1), depth = depth + @delta WHERE path >= @from AND path < @from || '\uffff'`,
    ),
    position: c.prepare('UPDATE categories SET position = ? WHERE id = ? AND position <> ?'),
    used: c.prepare<[number, number, number], { n: number }>(
      'SELECT (SELECT COUNT(*) FROM products WHERE category_id = ?) + (SELECT COUNT(*) FROM blog_posts WHERE category_id = ?) + (SELECT COUNT(*) FROM categories WHERE parent_id = ?) AS n',
    ),
    remove: c.prepare('DELETE FROM categories WHERE id = ?'),
  };
});

export type TreeRow = AdminCategory & { products: number; children: number };

/** Every category in tree order: each followed by its children, in position order. */
export function categoryTree(db: Db): TreeRow[] {
  const rows = statements(db).all.all();
  const children = new Map<number | null, TreeRow[]>();
  for (const row of rows) {
    const list = children.get(row.parentId) ?? [];
    list.push(row);
    children.set(row.parentId, list);
  }
  const out: TreeRow[] = [];
  const walk = (parent: number | null) => {
    for (const row of children.get(parent) ?? []) {
      out.push(row);
      walk(row.id);
    }
  };
  walk(null);
  return out;
}

export const adminCategory = (db: Db, id: number): AdminCategory | null => statements(db).one.get(id) ?? null;

/** The version a form carries: a hash of the row as it was read. */
export function categoryVersion(row: AdminCategory): string {
  return createHash('sha256').update(JSON.stringify(row)).digest('base64url').slice(0, 22);
}

export type CategorySave =
  | { ok: true; id: number }
  | { ok: false; conflict: true }
  | { ok: false; errors: Record<string, string> }
  | { ok: false; textErrors: LocaleTextErrors };

/** The texts in the other languages as an audit row records them. */
const withTexts = <T extends object>(db: Db, row: T & { id: number }) => ({ ...row, texts: CATEGORY_LOCALE_TEXTS.stored(db, row.id) });

/** An editor's save: the texts, nothing else. */
export function saveCategoryTexts(db: Db, actor: Actor, now: Date, id: number, form: CategoryTexts, texts: CatalogueLocaleTexts = {}): CategorySave {
  return audited<CategorySave>(db, actor, now, () => {
    const before = adminCategory(db, id);
    if (!before) return { value: { ok: false, errors: { _form: msg('Kategória neexistuje') } }, audit: null };
    if (categoryVersion(before) !== form.version) return { value: { ok: false, conflict: true }, audit: null };
    const was = withTexts(db, before);
    statements(db).texts.run(form.name, form.description || null, id);
    // An editor changes the names and descriptions in every language, not the addresses.
    CATEGORY_LOCALE_TEXTS.save(db, id, texts, false);
    const after = withTexts(db, adminCategory(db, id)!);
    return { value: { ok: true, id }, audit: { section: 'categories', action: 'category.texts', subject: `#${id} ${after.slug}`, before: was, after } };
  });
}

/** An admin's save of a new (id null) or existing category. */
export function saveCategory(db: Db, actor: Actor, now: Date, id: number | null, form: CategoryForm, texts: CatalogueLocaleTexts = {}): CategorySave {
  const s = statements(db);
  return audited<CategorySave>(db, actor, now, () => {
    const before = id === null ? null : adminCategory(db, id);
    if (id !== null && !before) return { value: { ok: false, errors: { _form: msg('Kategória neexistuje') } }, audit: null };
    if (before && categoryVersion(before) !== form.version) return { value: { ok: false, conflict: true }, audit: null };
    const errors: Record<string, string> = {};
    if (RESERVED.has(form.slug) || s.slugTaken.get(form.slug, id ?? 0, form.slug)) errors.slug = CATEGORY_SLUG_TAKEN;
    const parent = form.parent === null ? null : adminCategory(db, form.parent);
    if (form.parent !== null && !parent) errors.parent = CHOOSE;
    if (parent && before && (parent.id === before.id || parent.path.startsWith(before.path))) errors.parent = BAD_PARENT;
    if (Object.keys(errors).length) return { value: { ok: false, errors }, audit: null };
    const textErrors = CATEGORY_LOCALE_TEXTS.clashes(db, id, texts);
    if (textErrors) return { value: { ok: false, textErrors }, audit: null };
    const was = before ? withTexts(db, before) : null;
    const values = { ...form, description: form.description || null, parent: form.parent };
    let categoryId: number;
    if (before) {
      s.update.run({ ...values, id: before.id });
      categoryId = before.id;
      if (before.parentId !== form.parent) {
        const to = `${parent?.path ?? '/'}${before.id}/`;
        s.movePaths.run({ from: before.path, to, delta: (parent ? parent.depth + 1 : 0) - before.depth });
      }
    } else {
      categoryId = Number(s.insert.run(values).lastInsertRowid);
      s.setPath.run(`${parent?.path ?? '/'}${categoryId}/`, parent ? parent.depth + 1 : 0, categoryId);
    }
    CATEGORY_LOCALE_TEXTS.save(db, categoryId, texts);
    const after = withTexts(db, adminCategory(db, categoryId)!);
    return {
      value: { ok: true, id: categoryId },
      audit: { section: 'categories', action: before ? 'category.update' : 'category.create', subject: `#${categoryId} ${after.slug}`, before: was, after },
    };
  });
}

/** Position numbers from the tree's form: `pos_<id>` → number; only changed rows are written. */
export function saveCategoryPositions(db: Db, actor: Actor, now: Date, positions: Map<number, number>): number {
  return audited(db, actor, now, () => {
    const changed: Record<number, number> = {};
    for (const [id, position] of positions) if (statements(db).position.run(position, id, position).changes) changed[id] = position;
    const n = Object.keys(changed).length;
    return { value: n, audit: n ? { section: 'categories', action: 'category.positions', after: changed } : null };
  });
}

export function deleteCategory(db: Db, actor: Actor, now: Date, id: number): 'deleted' | 'in-use' | 'missing' {
  return audited<'deleted' | 'in-use' | 'missing'>(db, actor, now, () => {
    const before = adminCategory(db, id);
    if (!before) return { value: 'missing', audit: null };
    if (statements(db).used.get(id, id, id)!.n > 0) return { value: 'in-use', audit: null };
    statements(db).remove.run(id);
    return { value: 'deleted', audit: { section: 'categories', action: 'category.delete', subject: `#${id} ${before.slug}`, before } };
  });
}
