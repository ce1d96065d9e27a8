import { Hono, type Context } from 'hono';
import { isWholesale } from '../accounts/wholesale';
import { catalogueLang } from '../catalog/catalogue-texts';
import type { z } from 'zod';
import type { AppEnv } from '../http/env';
import { readBody } from '../http/body';
import { NotFoundError, ValidationError } from '../http/problem';
import { msg } from '../i18n/msg';
import { productEntity } from './product-entity';
import { isVisibleProduct, loadProduct, productImages } from './product.service';
import { idField, parseId, reviewQuerySchema, videoChapterSchema } from './product.schemas';
import { listReviews } from './review.service';
import { chaptersForYoutubeId, productVideos, watchUrl, youtubeId } from './video.service';

function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0] ?? 'body')] ??= issue.message;
  throw new ValidationError(errors);
}

/** A product id from the path: anything but a shown product's id is a 404, never a 500. */
function productIdParam(c: Context<AppEnv>): number {
  const id = parseId(c.req.param('id'));
  if (id === null || !isVisibleProduct(c.get('deps').db, id)) throw new NotFoundError(msg('Produkt neexistuje'));
  return id;
}

export function productApi() {
  const app = new Hono<AppEnv>();

  app.get('/api/product/:id/images', (c) => {
    const id = productIdParam(c);
    const images = productImages(c.get('deps').db, id).map((i) => ({ id: i.id, thumbnail_url: i.thumbnailUrl, url: i.url, text: i.text, alt: i.alt }));
    return c.json(images);
  });

  app.get('/api/product/:id', (c) => {
    const id = productIdParam(c);
    const product = loadProduct(c.get('deps').db, c.get('shop').id, id, isWholesale(c), catalogueLang(c));
    if (!product) throw new NotFoundError(msg('Produkt neexistuje'));
    return c.json(productEntity(c.get('deps').db, product, c.get('shop'), c.get('i18n'), c.get('locale')));
  });

  const reviews = (c: Context<AppEnv>, input: unknown) => {
    const query = validate(reviewQuerySchema, input);
    if (!isVisibleProduct(c.get('deps').db, query.product_id)) throw new NotFoundError(msg('Produkt neexistuje'));
    return c.json(listReviews(c.get('deps').db, query.product_id, query._limit, query._offset));
  };
  app.get('/api/review', (c) => reviews(c, c.req.query()));
  app.post('/api/review', async (c) => reviews(c, await readBody(c)));

  app.post('/api/video/chapter', async (c) => {
    const input = validate(videoChapterSchema, await readBody(c));
    const db = c.get('deps').db;
    if (input.url !== undefined) {
      const id = youtubeId(input.url)!;
      return c.json({ ...chaptersForYoutubeId(db, id), url: watchUrl(id) });
    }
    const productId = validate(idField, input.product_id);
    if (!isVisibleProduct(db, productId)) throw new NotFoundError(msg('Produkt neexistuje'));
    const videos = productVideos(db, productId).map((v) => ({ video_id: v.youtubeId, title: v.title, url: watchUrl(v.youtubeId), chapters: v.chapters }));
    const first = videos[0];
    return c.json({ video_id: first?.video_id ?? null, title: first?.title ?? null, url: first?.url ?? null, chapters: first?.chapters ?? [], videos });
  });

  return app;
}
