import { Hono } from 'hono';
import { isWholesale } from '../accounts/wholesale';
import { catalogueLang } from '../catalog/catalogue-texts';
import { productsByIds } from '../catalog/listing.service';
import { listedCard } from '../catalog/product-card';
import type { AppEnv } from '../http/env';
import { ValidationError } from '../http/problem';
import { msg } from '../i18n/msg';
import { searchApiQuery } from './search.schemas';
import { searchProducts } from './search.service';

/** GET /api/search?q=&page=&limit=: the same search as /hladaj, as JSON (server/openapi/public-operations.ts). */
export function searchApi() {
  const app = new Hono<AppEnv>();
  app.get('/api/search', (c) => {
    const parsed = searchApiQuery.safeParse({ q: c.req.query('q'), page: c.req.query('page'), limit: c.req.query('limit') });
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'q')] = msg('Neplatná hodnota');
      throw new ValidationError(errors);
    }
    const deps = c.get('deps');
    const shop = c.get('shop');
    const wholesale = isWholesale(c);
    const result = searchProducts(deps.db, c.get('catalogVersion'), parsed.data.q, { shopId: shop.id, locale: c.get('locale'), wholesale, page: parsed.data.page, pageSize: parsed.data.limit });
    const { query, truncated, corrected, total, page, pageSize } = result;
    const items = productsByIds(deps.db, shop.id, wholesale, result.ids, catalogueLang(c)).map(listedCard);
    return c.json({ query, truncated, corrected, items, total, page, pageSize, currency: shop.currency });
  });
  return app;
}
