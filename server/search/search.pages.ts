import { Hono, type Context } from 'hono';
import { isWholesale } from '../accounts/wholesale';
import type { AppEnv } from '../http/env';
import { NotFoundError } from '../http/problem';
import { readBody } from '../http/body';
import { cardsHtml, keptCards } from '../catalog/card-cache';
import { catalogAt, categoryIndex } from '../catalog/catalog-views';
import { sortOptions } from '../catalog/category.view';
import { scopeIndex, type IndexQuery } from '../catalog/filter-index';
import { inListOrder, readListSort, type ListSort } from '../catalog/list-tools';
import type { Renderer } from '../render/renderer';
import { searchApi } from './search.api';
import { MAX_QUERY_LENGTH, normalizeQuery, pageParam } from './search.schemas';
import { searchProducts } from './search.service';

const SEARCH_PATH = '/hladaj';

/** The shareable address of a results page; page 1 has no page segment; relevance has no sort. */
export function searchUrl(query: string, page = 1, sort: ListSort | null = null): string {
  const base = page > 1 ? `${SEARCH_PATH}/${page}` : SEARCH_PATH;
  const params = [...(query ? [`q=${encodeURIComponent(query)}`] : []), ...(sort ? [`sort=${sort}`] : [])].join('&');
  return params ? `${base}?${params}` : base;
}

/**
 * The matches in the shopper's chosen order (list-tools.ts, the category lists' sort menu), over
 * the index of every product category of the shop; null keeps relevance.
 */
function chosenOrder(c: Context<AppEnv>, sort: ListSort | null): ((ids: readonly number[]) => number[]) | undefined {
  if (!sort) return undefined;
  const at = catalogAt(c);
  const categories = categoryIndex(at);
  const q: IndexQuery = {
    shopId: c.get('shop').id,
    wholesale: isWholesale(c),
    categoryIds: categories.children(null).filter((root) => root.type === 'product').flatMap((root) => categories.subtreeIds(root.id)),
  };
  const index = scopeIndex(at.db, at.version, q);
  return (ids) => inListOrder(at.db, at.version, index, q, sort, at.lang!, ids);
}

/** A results page (GET /hladaj or /hladaj/{page}, each with its query). Throws NotFoundError past the last page. */
function searchResults(render: Renderer, c: Context<AppEnv>, page: number): Response {
  // c.get(), not c.var: Hono's `var` getter copies every variable into a new object per access.
  const shop = c.get('shop');
  const i18n = c.get('i18n');
  // The menu's first choice sends an empty sort: the address without it (as a category list's empty box).
  if (c.req.query('sort') === '') return c.redirect(searchUrl(normalizeQuery(c.req.query('q')).text, page), 303);
  // An unknown sort is relevance: an old or mistyped link still finds.
  const sort = readListSort(c.req.query('sort'));
  const result = searchProducts(c.get('deps').db, c.get('catalogVersion'), c.req.query('q'), {
    shopId: shop.id,
    locale: c.get('locale'),
    wholesale: isWholesale(c),
    page,
    order: chosenOrder(c, sort),
  });
  const query = result.query;
  if (page > 1 && page > result.pages) throw new NotFoundError();
  // The cards of category lists, from the card cache (decisions 184, 171, 199); cards it lacks are
  // drawn, not kept: a search's long tail would push out the cards category pages keep.
  const cards = keptCards(c, render, result.ids, false);
  const list = {
    items: cards,
    itemsHtml: cardsHtml(cards),
    total: result.total,
    page: result.page,
    pageSize: result.pageSize,
    pageUrlTemplate: searchUrl(query, 2, sort).replace(`${SEARCH_PATH}/2`, `${SEARCH_PATH}/{page}`),
    firstPageUrl: searchUrl(query, 1, sort),
    layoutKey: 'search',
    variantView: null,
    variantViewSetting: null,
    emptyText: i18n._('Nenašli sme žiadne produkty'),
  };
  const title = query ? i18n._('Hľadanie: {query}', { query }) : i18n._('Hľadanie');
  // The sort menu: a GET form that works without JS (the site entry submits a change at once).
  const sorts = { action: SEARCH_PATH, sorts: sortOptions(sort, i18n.t, i18n._('Najrelevantnejšie')) };
  const view = { query, result, list, maxQueryLength: MAX_QUERY_LENGTH, sorts };
  // A sorted page is the relevance page's twin (its canonical): private, as a sorted category list is.
  return render(c, 'pages/search/search', view, { title, canonicalPath: searchUrl(query, page), shared: sort === null });
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
    if (parsed.data === 1) return c.redirect(searchUrl(normalizeQuery(c.req.query('q')).text, 1, readListSort(c.req.query('sort'))), 301);
    return searchResults(render, c, parsed.data);
  });
  return app;
}
