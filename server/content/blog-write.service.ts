import type { Db } from '../db/client';
import { blogPosts } from '../db/schema';
import type { ObtainMode } from './blog.service';
import { sanitizeArticle, sanitizeTeaser } from './sanitize';

export interface NewGuide {
  categoryId: number;
  title: string;
  slug: string;
  image?: string | null;
  short?: string;
  body?: string;
  obtainMode?: ObtainMode;
  obtainPrice?: number | null;
  publishedAt: Date;
}

/** The write path for editors: HTML is sanitised before it is stored. */
export function createGuide(db: Db, input: NewGuide, imageHosts: readonly string[] = []): number {
  const row = db
    .insert(blogPosts)
    .values({
      categoryId: input.categoryId,
      title: input.title,
      slug: input.slug,
      image: input.image ?? null,
      short: sanitizeTeaser(input.short ?? ''),
      body: sanitizeArticle(input.body ?? '', imageHosts),
      obtainMode: input.obtainMode ?? 'free',
      obtainPrice: input.obtainPrice ?? null,
      publishedAt: input.publishedAt,
    })
    .returning({ id: blogPosts.id })
    .get();
  return row.id;
}
