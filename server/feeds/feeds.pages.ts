import { Hono, type Context } from 'hono';
import { catalogAt, categoryIndex } from '../catalog/catalog-views';
import type { AppEnv } from '../http/env';
import { markShared } from '../http/http-cache';
import { googleFeed, heurekaFeed, type FeedContext } from './feeds';

export const HEUREKA_FEED_PATH = '/feeds/heureka.xml';
export const GOOGLE_FEED_PATH = '/feeds/google.xml';

/**
 * The product feeds (README "Feeds"), per shop host: https://<shop>/feeds/heureka.xml and
 * /feeds/google.xml. Public and shared like a catalogue page (http-cache.ts): the ETag carries the
 * catalogue version, so a revalidation after no catalogue write is a 304 before anything is read,
 * and any write (a price, the import) is in the next answer.
 */
export function feedPages() {
  const app = new Hono<AppEnv>();
  const context = (c: Context<AppEnv>): FeedContext => {
    const at = catalogAt(c);
    return { db: at.db, shop: c.get('shop'), categories: categoryIndex(at), version: at.version };
  };
  const answer = (c: Context<AppEnv>, body: ReadableStream<Uint8Array>, type: string) => {
    markShared(c, c.get('deps').config.httpCache);
    return c.body(body, 200, { 'Content-Type': type });
  };
  app.get(HEUREKA_FEED_PATH, (c) => answer(c, heurekaFeed(context(c)), 'application/xml; charset=utf-8'));
  app.get(GOOGLE_FEED_PATH, (c) => answer(c, googleFeed(context(c)), 'application/rss+xml; charset=utf-8'));
  return app;
}
