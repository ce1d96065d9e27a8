import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/env';
import { NotFoundError } from '../http/problem';
import { readBody } from '../http/body';
import { cardDrawing, type CatalogCache } from '../catalog/fragment-cache';
import { toProductCard } from '../catalog/product-card';
import type { AnonymousPages } from '../http/page-cache';
import type { Renderer } from '../render/renderer';
import { HtmlBytes } from '../render/pieces';
import { searchApi } from './search.api';
import { MAX_QUERY_LENGTH, normalizeQuery, pageParam } from './search.schemas';
import { searchProducts } from './search.service';

const SEARCH_PATH = '/hladaj';

/** The shareable address of a results page; page 1 has no page segment. */
export function searchUrl(query: string, page = 1): string {
  const base = page > 1 ? `${SEARCH_PATH}/${page}` : SEARCH_PATH;
  return query ? `${base}?q=${encodeURIComponent(query)}` : base;
}

/**
 * A results page (GET /hladaj or /hladaj/{page}, each with its query) for the shopper `c` holds:
 * the route's handler, and the page cache's fast path for a visitor with nothing stored under their
 * session (decision 206). Throws NotFoundError past the last page.
 */
export function searchResults(render: Renderer, catalog: CatalogCache, shared: AnonymousPages) {
  return (c: Context<AppEnv>, page: number): Response => {
    // c.get(), not c.var: Hono's `var` getter copies every variable into a new object per access.
    const shop = c.get('shop');
    const session = c.get('session');
    const i18n = c.get('i18n');
    const t = (id: string, values?: Record<string, unknown>) => i18n._(id, values);
    const result = searchProducts(c.get('deps').db, c.req.query('q'), {
      shopId: shop.id,
      wholesale: session.roles.includes('ROLE_WHOLESALE'),
      page,
      now: c.get('deps').clock.now().getTime(),
      rowCache: catalog,
    });
    const query = result.query;
    if (page > 1 && page > result.pages) throw new NotFoundError();
    // The cards of category lists, from the card cache (decisions 184, 171, 199) as their encoded
    // bytes, the same on every page. A card is deflated on its second use (card-cache.ts), so a
    // query asked once does not pay ~250 µs of zlib set-up per card.
    const cards = result.rows.map((p) => toProductCard(p, shop.currencySymbol, t));
    const { scope, draw } = cardDrawing(render, c);
    const cardsHtml = new HtmlBytes(catalog.cards.bytes(scope, cards, draw));
    const list = {
      items: cards,
      total: result.total,
      page: result.page,
      pageSize: result.pageSize,
      pageUrlTemplate: searchUrl(query, 2).replace(`${SEARCH_PATH}/2`, `${SEARCH_PATH}/{page}`),
      firstPageUrl: searchUrl(query),
      layoutKey: 'search',
      variantView: null,
      variantViewSetting: null,
      emptyText: i18n._('Nenašli sme žiadne produkty'),
    };
    const title = query ? i18n._('Hľadanie: {query}', { query }) : i18n._('Hľadanie');
    const view = { query, result, list, cardsHtml, maxQueryLength: MAX_QUERY_LENGTH };
    const meta = { title, canonicalPath: searchUrl(query, page) };
    // A query asked for again by visitors who are not signed in is kept as a whole page (decision 189).
    if (shared.appliesOnRepeat(c, meta.canonicalPath)) return shared.keep(c, meta.canonicalPath, render.anonymousPage(c, 'pages/search/search', view, meta), render.sendPage);
    return render(c, 'pages/search/search', view, meta);
  };
}

/**
 * The results page an address asks for, for the page cache's fast path (decision 206): GET /hladaj
 * or /hladaj/{page > 1}, with or without a query; null for anything else (/hladaj/1 is redirected,
 * a bad page number is a 404: both left to the routes below).
 */
export function searchPageOf(path: string): number | null {
  const end = path.indexOf('?');
  const pathname = end === -1 ? path : path.slice(0, end);
  if (pathname === SEARCH_PATH) return 1;
  if (!pathname.startsWith(`${SEARCH_PATH}/`)) return null;
  const parsed = pageParam.safeParse(pathname.slice(SEARCH_PATH.length + 1));
  return parsed.success && parsed.data > 1 ? parsed.data : null;
}

/**
 * /hladaj: the header form POSTs q (with _csrf) and is answered 303 → GET /hladaj?q=…, so results
 * are linkable and Back works; further pages are /hladaj/{page}?q=… (the page number in the second
 * path segment, like category lists). GET /api/search is mounted here too. `results` is
 * searchResults(), the one the page cache's fast path also answers with.
 */
export function searchPages(catalog: CatalogCache, results: ReturnType<typeof searchResults>) {
  const app = new Hono<AppEnv>();
  app.route('/', searchApi(catalog));

  app.post(SEARCH_PATH, async (c) => {
    const body = await readBody(c);
    const { text } = normalizeQuery(body.q);
    return c.redirect(searchUrl(text), 303);
  });

  app.get(SEARCH_PATH, (c) => results(c, 1));
  app.get(`${SEARCH_PATH}/:page`, (c) => {
    const parsed = pageParam.safeParse(c.req.param('page'));
    if (!parsed.success) throw new NotFoundError();
    if (parsed.data === 1) return c.redirect(searchUrl(normalizeQuery(c.req.query('q')).text), 301);
    return results(c, parsed.data);
  });
  return app;
}
