import { Hono, type Context } from 'hono';
import { isWholesale } from '../accounts/wholesale';
import type { AppEnv } from '../http/env';
import { NotFoundError } from '../http/problem';
import { cardsHtml, keptCards } from '../catalog/card-cache';
import { listedIds } from '../catalog/listing.service';
import type { Renderer } from '../render/renderer';
import { pageParam } from '../search/search.schemas';
import { findSeller, type Seller } from './seller.service';

/** Spec 9: lists show 12 items a page. */
export const SELLER_PAGE_SIZE = 12;
const SLUG = /^[a-z0-9-]{1,200}$/;

/** /obchod/{slug} and /obchod/{slug}/{page}: page 1 has no page segment, as on category lists. */
export function sellerPageUrl(seller: Pick<Seller, 'url'>, page: number): string {
  return page > 1 ? `${seller.url}/${page}` : seller.url;
}

/**
 * A seller's shop page (spec 2): who they are and their products, in the editors' order, 12 a page
 * with the shared product list (grid/list switch remembered per seller, links to further pages
 * without JavaScript). Product cards come from the card cache as on category and search pages.
 */
export function sellerPages(render: Renderer) {
  const app = new Hono<AppEnv>();

  const shopPage = (c: Context<AppEnv>, slug: string, page: number) => {
    const db = c.get('deps').db;
    const seller = SLUG.test(slug) ? findSeller(db, slug) : null;
    if (!seller) throw new NotFoundError();
    const shop = c.get('shop');
    const i18n = c.get('i18n');
    const t = (id: string, values?: Record<string, unknown>) => i18n._(id, values);
    const { ids, total } = listedIds(
      db,
      c.get('catalogVersion'),
      {
        shopId: shop.id,
        wholesale: isWholesale(c),
        scope: { kind: 'seller', sellerId: seller.id },
        optionGroups: [],
        price: null,
        offset: (page - 1) * SELLER_PAGE_SIZE,
        limit: SELLER_PAGE_SIZE,
      },
    );
    const pages = Math.max(1, Math.ceil(total / SELLER_PAGE_SIZE));
    if (page > pages) throw new NotFoundError();
    const cards = keptCards(c, render, ids);
    const list = {
      items: cards,
      total,
      page,
      pageSize: SELLER_PAGE_SIZE,
      pageUrlTemplate: `${seller.url}/{page}`,
      firstPageUrl: seller.url,
      layoutKey: `seller:${seller.id}`,
      variantView: null,
      variantViewSetting: null,
      emptyText: t('Nenašli sme žiadne produkty'),
      itemsHtml: cardsHtml(cards),
    };
    const title = page > 1 ? t('{name} – strana {page}', { name: seller.name, page }) : seller.name;
    return render(
      c,
      'pages/sellers/seller',
      { seller, list, breadcrumb: [{ name: seller.name, path: seller.url }] },
      {
        title,
        description: seller.description || undefined,
        canonicalPath: sellerPageUrl(seller, page),
        prevPath: page > 1 ? sellerPageUrl(seller, page - 1) : undefined,
        nextPath: page < pages ? sellerPageUrl(seller, page + 1) : undefined,
        shared: true,
      },
    );
  };

  app.get('/obchod/:slug', (c) => shopPage(c, c.req.param('slug'), 1));
  app.get('/obchod/:slug/:page', (c) => {
    const parsed = pageParam.safeParse(c.req.param('page'));
    if (!parsed.success) throw new NotFoundError();
    if (parsed.data === 1) return c.redirect(c.req.path.replace(/\/1$/, ''), 301);
    return shopPage(c, c.req.param('slug'), parsed.data);
  });
  return app;
}
