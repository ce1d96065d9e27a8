import { Hono, type Context } from 'hono';
import type { SlugHandler } from '../catalog/slug.pages';
import type { AppEnv } from '../http/env';
import { NotFoundError } from '../http/problem';
import { formatLongDate } from '../render/format';
import { scriptJson } from '../render/json';
import type { Render, Renderer } from '../render/renderer';
import { categoryUrl, guideUrl } from '../catalog/urls';
import { catalogueLang, categorySlugs, guideSlugs, pageSlugs, shopAlternates } from '../catalog/catalogue-texts';
import {
  BLOG_FILTER_ATTRIBUTE,
  BLOG_PAGE_SIZE,
  blogFilterChoices,
  categoryBreadcrumb,
  filterSegment,
  findBlogCategory,
  findGuide,
  listGuides,
  parseFilterSegment,
  type BlogCategory,
  type BlogFilter,
  type GuideDetail,
} from './blog.service';
import { articleHtml } from './guide-widgets';
import { findStaticPost, staticPostShared } from './static-post.service';
import { canReadGuide, isGuideUnlocked } from '../points/guide-unlock.service';

const PAGE = /^[1-9]\d{0,5}$/;
const SLUG = /^[\p{L}\p{N}._~-]{1,300}$/u;
/** Guide addresses start with this fixed segment (spec 2). */
export const GUIDE_PREFIX = '/navody-inspiracie';

/** /{slug}, /{slug}/{page}, /{slug}/{page}/{filter} of a blog category (docs/decisions/040). */
function listUrl(slug: string, page: number, filter: BlogFilter): string {
  const segment = filterSegment(filter);
  if (segment) return `${categoryUrl(slug)}/${page}/${segment}`;
  return page === 1 ? categoryUrl(slug) : `${categoryUrl(slug)}/${page}`;
}

function blogCategoryPage(render: Render, c: Context<AppEnv>, category: BlogCategory, segments: string[]): Response | null {
  const db = c.get('deps').db;
  // The filter form is a plain GET form (works without JS); its choices move into the path.
  const chosen = c.req.queries(BLOG_FILTER_ATTRIBUTE);
  if (segments.length === 1 && chosen) {
    const values = [...new Set(chosen.filter((v) => SLUG.test(v)))].slice(0, 50);
    return c.redirect(listUrl(category.slug, 1, values.length ? { [BLOG_FILTER_ATTRIBUTE]: values } : {}), 302);
  }
  if (segments[1] !== undefined && !PAGE.test(segments[1])) return null;
  const page = segments[1] ? Number(segments[1]) : 1;
  const filter = segments[2] !== undefined ? parseFilterSegment(segments[2]) : {};
  if (!filter) return null;
  if (segments.length === 2 && page === 1) return c.redirect(categoryUrl(category.slug), 301);

  const result = listGuides(db, { category, filter, offset: (page - 1) * BLOG_PAGE_SIZE, limit: BLOG_PAGE_SIZE }, catalogueLang(c));
  if (!result) return null;
  const pages = Math.max(1, Math.ceil(result.total / BLOG_PAGE_SIZE));
  if (page > pages) return null;

  const [choice] = blogFilterChoices(db, category, c.get('i18n')._('Kategória'), catalogueLang(c));
  const selected = new Set(filter[BLOG_FILTER_ATTRIBUTE] ?? []);
  const breadcrumb = categoryBreadcrumb(db, category, catalogueLang(c));
  const view = {
    category,
    breadcrumb,
    guides: result.items,
    total: result.total,
    page,
    pages,
    pageLinks: Array.from({ length: pages }, (_, i) => ({ n: i + 1, url: listUrl(category.slug, i + 1, filter), current: i + 1 === page })),
    prevUrl: page > 1 ? listUrl(category.slug, page - 1, filter) : null,
    nextUrl: page < pages ? listUrl(category.slug, page + 1, filter) : null,
    filter: choice
      ? {
          code: choice.code,
          label: choice.label,
          options: Object.entries(choice.options).map(([key, label]) => ({ key, label, count: choice.counts[key] ?? 0, checked: selected.has(key) })),
          active: selected.size > 0,
        }
      : null,
    clearUrl: categoryUrl(category.slug),
  };
  const title = page > 1 ? c.get('i18n')._('{name} – strana {page}', { name: category.name, page }) : category.name;
  return render(c, 'pages/blog/category', view, {
    title,
    description: category.description ?? undefined,
    canonicalPath: category.canonical ?? listUrl(category.slug, page, filter),
    shared: true,
  });
}

function guideJsonLd(c: Context<AppEnv>, guide: GuideDetail, canonical: string): string {
  const origin = c.get('shop').origin;
  const crumbs = [{ name: c.get('i18n')._('Domov'), path: '/' }, ...guide.breadcrumb, { name: guide.title, path: guide.url }];
  return scriptJson([
    {
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: guide.title,
      description: guide.description,
      image: guide.image ? [`${origin}${guide.image}`] : undefined,
      datePublished: guide.published_at,
      mainEntityOfPage: canonical,
      inLanguage: c.get('locale'),
      publisher: { '@type': 'Organization', name: c.get('shop').name, url: origin },
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: crumbs.map((entry, i) => ({ '@type': 'ListItem', position: i + 1, name: entry.name, item: `${origin}${entry.path}` })),
    },
  ]);
}

/** Each shop's own address of a guide (hreflang): its slug in the shop's locale under its category's. */
function guideAlternates(c: Context<AppEnv>, guide: GuideDetail) {
  const db = c.get('deps').db;
  const slugs = guideSlugs(db, guide.id) ?? { sk: guide.slug, cs: guide.slug };
  const categories = categorySlugs(db, guide.categoryId) ?? { sk: guide.category, cs: guide.category };
  return shopAlternates(c.get('deps').config.origins, { sk: guideUrl(categories.sk, slugs.sk), cs: guideUrl(categories.cs, slugs.cs) });
}

/** Guide detail pages; blog categories and static posts are claimed through contentSlugHandler. */
export function blogPages(render: Renderer) {
  const app = new Hono<AppEnv>();

  // Shortened guide addresses lead to the category list instead of a dead end.
  app.get(`${GUIDE_PREFIX}/:category`, (c) => {
    const category = SLUG.test(c.req.param('category')) ? findBlogCategory(c.get('deps').db, { slug: c.req.param('category') }, catalogueLang(c)) : null;
    if (!category) throw new NotFoundError();
    return c.redirect(categoryUrl(category.slug), 301);
  });

  app.get(`${GUIDE_PREFIX}/:category/:slug`, (c) => {
    const { category, slug } = c.req.param();
    if (!SLUG.test(category) || !SLUG.test(slug)) throw new NotFoundError();
    // The Czech shop answers Czech guide slugs and 301s the Slovak ones (docs/decisions/248).
    const lookup = findGuide(c.get('deps').db, category, slug, c.get('deps').config.imageHosts, catalogueLang(c));
    if (!lookup) throw new NotFoundError();
    if ('moved' in lookup) return c.redirect(lookup.moved, 301);
    const userId = c.get('session').userId;
    // Points and purchase guides show their intro; the body only to a user who obtained them (decisions/142).
    const open = canReadGuide(c.get('deps').db, userId, lookup.found);
    const guide = open ? lookup.found : { ...lookup.found, body: '' };
    const access = { open, unlocked: isGuideUnlocked(c.get('deps').db, userId, guide.id), signedIn: userId !== null };
    const canonical = `${c.get('shop').origin}${guide.url}`;
    const date = formatLongDate(new Date(guide.published_at), c.get('locale'));
    // The editor's widget tags drawn by the server (guide-widgets.ts): complete without JS.
    const bodyHtml = open ? articleHtml(c, render, `guide:${guide.id}`, guide.body) : '';
    return render(
      c,
      'pages/blog/guide',
      { guide, access, date, bodyHtml, breadcrumb: [...guide.breadcrumb, { name: guide.title, path: guide.url }], jsonLd: guideJsonLd(c, guide, canonical) },
      { title: guide.title, description: guide.description, canonicalPath: guide.url, alternates: guideAlternates(c, guide), shared: true },
    );
  });

  return app;
}

/**
 * The root slug space, after the category and product handlers: a blog category list, or a
 * static post of this shop (/podmienky, /kontakt, …).
 */
export function contentSlugHandler(render: Renderer): SlugHandler {
  return (c, segments) => {
    const db = c.get('deps').db;
    const category = findBlogCategory(db, { slug: segments[0] }, catalogueLang(c));
    if (category) {
      if (segments.length > 3) return null;
      // Found by the other shop's slug (the Slovak one on the Czech shop): this shop's own address.
      if (category.slug !== segments[0]) return c.redirect([categoryUrl(category.slug), ...segments.slice(1)].join('/'), 301);
      return blogCategoryPage(render, c, category, segments);
    }
    if (segments.length !== 1) return null;
    const post = findStaticPost(db, c.get('shop').id, segments[0], c.get('deps').config.imageHosts, catalogueLang(c));
    if (!post) return null;
    // Found by the other shop's slug (the Slovak one on the Czech shop): this shop's own address.
    if (post.slug !== segments[0]) return c.redirect(post.path, 301);
    const bodyHtml = articleHtml(c, render, `static:${post.id}`, post.body);
    const slugs = staticPostShared(db, post.id) ? pageSlugs(db, post.id) : null;
    const alternates = slugs ? shopAlternates(c.get('deps').config.origins, { sk: `/${slugs.sk}`, cs: `/${slugs.cs}` }) : undefined;
    return render(c, 'pages/static/post', { post, bodyHtml, breadcrumb: [{ name: post.title, path: post.path }] }, { title: post.title, description: post.description, canonicalPath: post.path, alternates, shared: true });
  };
}
