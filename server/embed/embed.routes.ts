import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { I18n } from '@lingui/core';
import { Hono } from 'hono';
import { catalogAt, categoryIndex } from '../catalog/catalog-views';
import { validate } from '../catalog/catalog.http';
import type { ShopCode } from '../config';
import type { AppEnv, ShopContext } from '../http/env';
import { catalogueTag, holdsTag, type HttpCacheSettings } from '../http/http-cache';
import { NotFoundError } from '../http/problem';
import { answer } from '../http/response-head';
import { isLocale, type Locale } from '../i18n/locales';
import type { Assets } from '../render/assets';
import { embedCors } from './embed.http';
import { EMBED_LOADER_PATH, EMBED_PRODUCTS_PATH } from './embed.limits';
import { embedProductsQuery } from './embed.schemas';
import { embedProducts } from './embed.service';

const JS_TYPE = 'text/javascript; charset=utf-8';
const JSON_TYPE = 'application/json';

/** The loader as the build wrote it (static/build/embed-loader-*.js), read once; null before a build with the embed. */
function readLoader(root: string, assets: Assets): { text: string; tag: string } | null {
  const file = assets.embed?.loader && join(root, 'static', assets.embed.loader);
  if (!file || !existsSync(file)) return null;
  const text = readFileSync(file, 'utf8');
  return { text, tag: `"loader-${createHash('sha256').update(text).digest('base64url').slice(0, 16)}"` };
}

/**
 * The partner embed (issue 19): the stable loader at /embed.js and the carousel's one request.
 * Both are public, read nothing of the visitor's and answer partners' pages with CORS (embed.http.ts).
 */
export function embedRoutes(options: { root: string; assets: Assets; shops: Record<ShopCode, ShopContext>; translators: Record<Locale, I18n>; httpCache: HttpCacheSettings }) {
  const { shops, translators, httpCache } = options;
  const app = new Hono<AppEnv>();
  let loader: ReturnType<typeof readLoader> | undefined;

  app.use(EMBED_LOADER_PATH, embedCors());
  app.use('/api/embed/*', embedCors());

  // Short-lived, because it names the release's bundles; those are hashed and kept a year (app.ts).
  app.get(EMBED_LOADER_PATH, (c) => {
    loader ??= readLoader(options.root, options.assets);
    if (!loader) throw new NotFoundError();
    c.header('Cache-Control', 'public, max-age=300');
    c.header('ETag', loader.tag);
    if (holdsTag(c, loader.tag)) return c.body(null, 304);
    return answer(c, loader.text, 200, JS_TYPE);
  });

  app.get(EMBED_PRODUCTS_PATH, (c) => {
    // Problems speak the asked language when it is one of ours.
    const asked = c.req.query('locale');
    if (isLocale(asked)) c.set('i18n', translators[asked]);
    const query = validate(embedProductsQuery, c.req.query());
    const shop = shops[query.shop];
    const locale = query.locale ?? shop.locale;
    const tag = catalogueTag(c, 'embed');
    // The same for every visitor and cookie: the address and the catalogue version decide.
    c.header('Cache-Control', `public, max-age=60, s-maxage=60, stale-while-revalidate=${httpCache.staleSeconds}`);
    c.header('ETag', tag);
    if (holdsTag(c, tag)) return c.body(null, 304);
    const at = catalogAt(c);
    const source = query.ids ? { kind: 'ids' as const, ids: query.ids } : { kind: 'category' as const, slug: query.category!, limit: query.limit };
    const body = embedProducts(at.db, categoryIndex(at), shop, locale, translators[locale], source);
    return answer(c, JSON.stringify(body), 200, JSON_TYPE);
  });

  return app;
}
