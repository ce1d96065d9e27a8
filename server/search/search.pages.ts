import { Hono, type Context } from 'hono';
import { isWholesale } from '../accounts/wholesale';
import type { AppEnv } from '../http/env';
import { NotFoundError } from '../http/problem';
import { readBody } from '../http/body';
import { cardsHtml, keptCards } from '../catalog/card-cache';
import type { Renderer } from '../render/renderer';
import { searchApi } from './search.api';
import { MAX_QUERY_LENGTH, normalizeQuery, pageParam } from './search.schemas';
import { searchProducts } from './search.service';

const SEARCH_PATH = '/hladaj';

/** The shareable address of a results page; page 1 has no page segment. */
export function searchUrl(query: string, page = 1): string {
  const base = page > 1 ? `${SEARCH_PATH}/${page}` : SEARCH_PATH;
  return query ? `${base}?q=${encodeURIComponent(query)}` : base;
}

/** A results page (GET /hladaj or /hladaj/{page}, each with its query). Throws NotFoundError past the last page. */
function searchResults(render: Renderer, c: Context<AppEnv>, page: number): Response {
  // c.get(), not c.var: Hono's `var` getter copies every variable into a new object per access.
  const shop = c.get('shop');
  const i18n = c.get('i18n');
  const result = searchProducts(c.get('deps').db, c.get('catalogVersion'), c.req.query('q'), {
    shopId: shop.id,
    locale: c.get('locale'),
    wholesale: isWholesale(c),
    page,
  });
  const query = result.query;
  if (page > 1 && page > result.pages) throw new NotFoundError();
  // The cards of category lists, from the card cache (decisions 184, 171, 199).
  const cards = keptCards(c, render, result.ids);
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
  const view = { query, result, list, cardsHtml: cardsHtml(cards), maxQueryLength: MAX_QUERY_LENGTH };
  return render(c, 'pages/search/search', view, { title, canonicalPath: searchUrl(query, page), shared: true });
}

/**
 * /hladaj: the header form POSTs q (with _csrf) and is answered 303 → GET /hladaj?q=…, so results
 * are linkable and Back works; further pages are /hladaj/{page}?q=… (the page number in the second
 * path segment, like category lists). GET /api/search is mounted here too.
 */
export function searchPages(render: Renderer) {
  const app = new Hono<AppEnv>();
  app.route('/', searchApi());

  app.post(SEARCH_PATH, async (c) => {
    const body = await readBody(c);
    const { text } = normalizeQuery(body.q);
    return c.redirect(searchUrl(text), 303);
  });

  app.get(SEARCH_PATH, (c) => searchResults(render, c, 1));
  app.get(`${SEARCH_PATH}/:page`, (c) => {
    const parsed = pageParam.safeParse(c.req.param('page'));
    if (!parsed.success) throw new NotFoundError();
    if (parsed.data === 1) return c.redirect(searchUrl(normalizeQuery(c.req.query('q')).text), 301);
    return searchResults(render, c, parsed.data);
  });
  return app;
}
