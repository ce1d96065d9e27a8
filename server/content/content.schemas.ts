import { z } from 'zod';

/**
 * Input of the guide, static post, banner and overlay calls. Pure: a widget may import it. Every
 * field accepts what the spec's clients send: form strings, or JSON numbers and lists.
 */
const id = z.coerce.number().int().positive().max(2_147_483_647);
const slug = z.string().trim().min(1).max(300).regex(/^[\p{L}\p{N}._~-]+$/u);
const offset = z.coerce.number().int().min(0).max(1_000_000).default(0);
const limit = (fallback: number) => z.coerce.number().int().min(1).max(100).default(fallback);

/** "1,2,3", ["1","2"] or [1,2]: a list of at most 100 ids. */
const idList = z
  .union([z.array(z.union([z.string(), z.number()])), z.string(), z.number()])
  .transform((v): unknown[] => (Array.isArray(v) ? v : String(v).split(',')).map((x) => String(x).trim()).filter(Boolean))
  .pipe(z.array(id).max(100));

const slugList = z
  .union([z.array(z.string()), z.string()])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((x) => x.trim()).filter(Boolean))
  .pipe(z.array(slug).max(100));

/** Filter criteria as JSON text or an object: { "kategoria": ["recepty-a-pecenie"] }. */
export const filterCriteria = z
  .union([z.string().max(10_000), z.record(z.string(), z.unknown())])
  .transform((v, ctx) => {
    if (typeof v !== 'string') return v;
    if (v.trim() === '') return {};
    try {
      return JSON.parse(v) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'json' });
      return z.NEVER;
    }
  })
  .pipe(z.record(z.string().max(100), z.array(z.string().max(300)).max(50)));

export const blogListQuery = z.object({ category: slug.optional(), ids: idList.optional(), _offset: offset, _limit: limit(12) });
export const blogSearchForm = z.object({ blog_id: id.optional(), filter_criteria: filterCriteria.optional(), _offset: offset, _limit: limit(12) });
export const blogFilterForm = z.object({ category_id: id });
export const blogFilterCountForm = z.object({
  category: z.union([id, slug]),
  filter: z.union([z.string().max(10_000), z.record(z.string(), z.unknown())]).optional(),
  _json: z.union([z.string(), z.boolean(), z.number()]).optional(),
});
export const blogByCategoryForm = z.object({ category_slug: slug });

export const staticPostBySlugForm = z.object({ static_post_slug: slug });
export const staticPostsForm = z.object({ static_post_ids: idList.optional(), static_post_slugs: slugList.optional() });

export const bannerSize = z.enum(['mobile', 'pc']);
export const bannerQuery = z.object({ size: bannerSize.optional() });
export const bannerForm = z.object({ size: bannerSize.optional(), banner_ids: idList.optional() });

/** A page path as the overlay widget sends it (X-Referrer-Route): our own absolute path. */
export const routePath = z.string().max(2048).regex(/^\/(?!\/)[^\s\\]*$/);
export const overlayForm = z.object({
  route: routePath.optional(),
  severity: z.enum(['info', 'success', 'warn', 'error']).optional(),
  targeted: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .transform((v) => v === true || v === 'true' || v === '1')
    .optional(),
});

export const idParam = id;
