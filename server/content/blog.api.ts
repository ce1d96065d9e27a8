import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/env';
import { NotFoundError, ValidationError } from '../http/problem';
import { msg } from '../i18n/msg';
import {
  blogFilterChoices,
  categoryEntry,
  countGuides,
  findBlogCategory,
  guideById,
  guidesByIds,
  listGuides,
  parseFilterSegment,
  type BlogFilter,
} from './blog.service';
import { blogByCategoryForm, blogFilterCountForm, blogFilterForm, blogListQuery, blogSearchForm, filterCriteria, staticPostBySlugForm, staticPostsForm } from './content.schemas';
import { parseInput, pathId, readQuery } from './input';
import { readBody } from '../http/body';
import { findStaticPost, listStaticPosts, staticPostById } from './static-post.service';
import { canReadGuide } from '../points/guide-unlock.service';
import { catalogueLang } from '../catalog/catalogue-texts';

const UNKNOWN_CATEGORY = msg('Kategória neexistuje');
const BAD_FILTER = msg('Filter nepatrí tejto kategórii');

/** Unknown ids and slugs answer 404, malformed input 400 with per-field errors. Guides (spec 7, "Blog and guides") and static posts. Look-ups by slug: decisions/040. */
export function blogApi() {
  const app = new Hono<AppEnv>();
  const db = (c: Context<AppEnv>) => c.get('deps').db;

  app.get('/api/blog', (c) => {
    const q = parseInput(blogListQuery, readQuery(c));
    if (q.ids) {
      const items = guidesByIds(db(c), q.ids, catalogueLang(c));
      return c.json({ items, total: items.length });
    }
    const category = q.category ? findBlogCategory(db(c), { slug: q.category }, catalogueLang(c)) : null;
    if (q.category && !category) throw new NotFoundError(UNKNOWN_CATEGORY);
    return c.json(listGuides(db(c), { category, offset: q._offset, limit: q._limit }, catalogueLang(c))!);
  });

  app.post('/api/blog', async (c) => {
    const form = parseInput(blogSearchForm, await readBody(c, { all: true }), { filter_criteria: msg('Filter musí byť JSON objekt so zoznamami hodnôt') });
    const category = form.blog_id ? findBlogCategory(db(c), { id: form.blog_id }, catalogueLang(c)) : null;
    if (form.blog_id && !category) throw new NotFoundError(UNKNOWN_CATEGORY);
    const result = listGuides(db(c), { category, filter: (form.filter_criteria ?? {}) as BlogFilter, offset: form._offset, limit: form._limit }, catalogueLang(c));
    if (!result) throw new ValidationError({ filter_criteria: BAD_FILTER });
    return c.json(result);
  });

  app.post('/api/blog/filter', async (c) => {
    const form = parseInput(blogFilterForm, await readBody(c, { all: true }));
    const category = findBlogCategory(db(c), { id: form.category_id }, catalogueLang(c));
    if (!category) throw new NotFoundError(UNKNOWN_CATEGORY);
    return c.json({ attributes: blogFilterChoices(db(c), category, c.get('i18n')._('Kategória'), catalogueLang(c)) });
  });

  app.post('/api/blog/filter-count', async (c) => {
    const form = parseInput(blogFilterCountForm, await readBody(c, { all: true }));
    const category = findBlogCategory(db(c), typeof form.category === 'number' ? { id: form.category } : { slug: form.category }, catalogueLang(c));
    if (!category) throw new NotFoundError(UNKNOWN_CATEGORY);
    // `_json` says the filter is JSON ({ "kategoria": [...] }); otherwise it is the path form.
    const asJson = form._json !== undefined && form._json !== false && form._json !== '0' && form._json !== 'false';
    let filter: BlogFilter | null = {};
    if (typeof form.filter === 'object' || asJson) {
      const parsed = filterCriteria.safeParse(form.filter ?? {});
      filter = parsed.success ? (parsed.data as BlogFilter) : null;
    } else if (form.filter) {
      filter = parseFilterSegment(form.filter);
    }
    const count = filter ? countGuides(db(c), category, filter, catalogueLang(c)) : null;
    if (count === null) throw new ValidationError({ filter: BAD_FILTER });
    return c.json({ count });
  });

  app.post('/api/blog/by-category', async (c) => {
    const form = parseInput(blogByCategoryForm, await readBody(c, { all: true }));
    const category = findBlogCategory(db(c), { slug: form.category_slug }, catalogueLang(c));
    return c.json(category ? [categoryEntry(db(c), category, catalogueLang(c))] : []);
  });

  app.get('/api/blog/:id', (c) => {
    const guide = guideById(db(c), pathId(c.req.param('id')), c.get('deps').config.imageHosts, catalogueLang(c));
    if (!guide) throw new NotFoundError(msg('Návod neexistuje'));
    const { categoryName: _name, description: _description, ...rest } = guide;
    // A points or purchase guide's body only for a user who obtained it (decisions/142).
    const open = canReadGuide(db(c), c.get('session').userId, guide);
    if (guide.obtain_mode !== 'free') c.header('Cache-Control', 'no-store');
    return c.json({ ...rest, body: open ? rest.body : '', locked: !open });
  });

  app.get('/api/static-post', (c) => c.json(listStaticPosts(db(c), c.get('shop').id, {}, catalogueLang(c))));

  app.post('/api/static-posts', async (c) => {
    const form = parseInput(staticPostsForm, await readBody(c, { all: true }));
    return c.json(listStaticPosts(db(c), c.get('shop').id, { ids: form.static_post_ids, slugs: form.static_post_slugs }, catalogueLang(c)));
  });

  app.post('/api/static-post/by-slug', async (c) => {
    const form = parseInput(staticPostBySlugForm, await readBody(c, { all: true }));
    const post = findStaticPost(db(c), c.get('shop').id, form.static_post_slug, [], catalogueLang(c));
    return c.json(post ? [{ id: post.id, title: post.title, slug: post.slug, path: post.path }] : []);
  });

  app.get('/api/static-post/:id', (c) => {
    const post = staticPostById(db(c), c.get('shop').id, pathId(c.req.param('id')), c.get('deps').config.imageHosts, catalogueLang(c));
    if (!post) throw new NotFoundError(msg('Stránka neexistuje'));
    const { description: _d, ...rest } = post;
    return c.json(rest);
  });

  return app;
}
