import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/env';
import { NotFoundError } from '../http/problem';
import type { Render } from '../render/renderer';
import { searchApi } from './search.api';
import { MAX_QUERY_LENGTH, normalizeQuery, pageParam } from './search.schemas';
import { searchProducts } from './search.service';

/** The shareable address of a results page; page 1 has no page segment. */
export function searchUrl(query: string, page = 1): string {
  const base = page > 1 ? `/hladaj/${page}` : '/hladaj';
  return query ? `${base}?q=${encodeURIComponent(query)}` : base;
}

/**
 * /hladaj: the header form POSTs q (with _csrf) and is answered 303 → GET /hladaj?q=…, so results
 * are linkable and Back works; further pages are /hladaj/{page}?q=… (the page number in the second
 * path segment, like category lists). GET /api/search is mounted here too.
 */
export function searchPages(render: Render) {
  const app = new Hono<AppEnv>();
  app.route('/', searchApi());

  app.post('/hladaj', async (c) => {
    const body = await c.req.parseBody();
    const { text } = normalizeQuery(body.q);
    return c.redirect(searchUrl(text), 303);
  });

  const results = (c: Context<AppEnv>, page: number) => {
    const { deps, shop, session, i18n } = c.var;
    const result = searchProducts(deps.db, c.req.query('q'), {
      shopId: shop.id,
      wholesale: session.roles.includes('ROLE_WHOLESALE'),
      page,
      now: deps.clock.now().getTime(),
    });
    const query = result.query;
    if (page > 1 && page > result.pages) throw new NotFoundError();
    const list = {
      items: result.items,
      total: result.total,
      page: result.page,
      pageSize: result.pageSize,
      pageUrlTemplate: searchUrl(query, 2).replace('/hladaj/2', '/hladaj/{page}'),
      firstPageUrl: searchUrl(query),
      layoutKey: 'search',
      variantView: null,
      variantViewSetting: null,
      emptyText: i18n._('Nenašli sme žiadne produkty'),
    };
    const title = query ? i18n._('Hľadanie: {query}', { query }) : i18n._('Hľadanie');
    return render(c, 'pages/search/search', { query, result, list, maxQueryLength: MAX_QUERY_LENGTH }, { title, canonicalPath: searchUrl(query, page) });
  };

  app.get('/hladaj', (c) => results(c, 1));
  app.get('/hladaj/:page', (c) => {
    const parsed = pageParam.safeParse(c.req.param('page'));
    if (!parsed.success) throw new NotFoundError();
    if (parsed.data === 1) return c.redirect(searchUrl(normalizeQuery(c.req.query('q')).text), 301);
    return results(c, parsed.data);
  });
  return app;
}
