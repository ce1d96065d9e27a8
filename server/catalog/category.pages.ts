import type { Context } from 'hono';
import type { AppEnv } from '../http/env';
import { NotFoundError } from '../http/problem';
import { HoledHtml, HtmlBytes } from '../render/pieces';
import { FRAGMENT_CSRF, type Renderer } from '../render/renderer';
import type { CategoryNode } from './category.service';
import { categoryPageView } from './category.view';
import { categoryListPath, cleanCriteria, emptyCriteria, parseFilterSegment, parseMajorUnits, type FilterCriteria } from './filter';
import type { CategoryFilter } from './filter-choices.service';
import { cardDrawing, fragmentPage, keptFragment, type CatalogCache } from './fragment-cache';
import type { AnonymousPages } from '../http/page-cache';
import type { SlugHandler } from './slug.pages';

/** Where the cards' bytes go in a list rendered for one request. */
const CARD_LIST = '__card_list__';
/** Where the filter panel's bytes go. */
const FILTER_PANEL = '__filter_panel__';
const PIECES = new RegExp(`(${CARD_LIST}|${FILTER_PANEL})`);
import type { ProductCard } from './product-card';

/** Marks a submission of the filter form (GET /{slug}?_f=1&farba=modra&price_min=…). */
export const FILTER_FORM_FIELD = '_f';
const PAGE_NUMBER = /^[1-9]\d{0,5}$/;

/** Reads the filter form's fields into criteria: checkboxes per attribute code, price_min / price_max. */
function criteriaFromForm(c: Context<AppEnv>, filter: CategoryFilter): FilterCriteria {
  const criteria = emptyCriteria();
  for (const attribute of filter.choices.attributes) {
    const values = c.req.queries(attribute.code);
    if (values?.length) criteria.attributes[attribute.code] = values;
  }
  const range = filter.choices.price;
  // A decimal comma is what Slovak and Czech shoppers type (spec 5 converts it the same way).
  const read = (name: string) => parseMajorUnits((c.req.query(name) ?? '').replace(',', '.'));
  const min = read('price_min');
  const max = read('price_max');
  if (range && (min !== null || max !== null)) criteria.price = [min ?? range[0], max ?? range[1]];
  return cleanCriteria(criteria, filter.choices).criteria;
}

/**
 * Product category lists at /{slug}, /{slug}/{page} and /{slug}/{page}/{filter} (spec 2). The older
 * reading /{slug}/{page}/{anything}/{filter} and every non-canonical spelling answer 301 to the one
 * canonical address; blog categories are left to the guide pages.
 */
export function categorySlugHandler(render: Renderer, catalog: CatalogCache, shared: AnonymousPages): SlugHandler {
  return (c, segments) => {
    const index = catalog.categories();
    const category: CategoryNode | undefined = index.bySlugVisible(segments[0]);
    if (!category || category.type !== 'product') return null;
    if (segments.length > 1 && !PAGE_NUMBER.test(segments[1].replace(/^0+(?=\d)/, ''))) throw new NotFoundError();
    const page = segments.length > 1 ? Number(segments[1]) : 1;
    const segment = segments.length === 4 ? segments[3] : segments.length === 3 ? segments[2] : '';

    const shop = c.get('shop');
    const session = c.get('session');
    const deps = c.get('deps');
    const wholesale = session.roles.includes('ROLE_WHOLESALE');
    const filter = catalog.filter(category.id, shop.id, wholesale);
    if (c.req.query(FILTER_FORM_FIELD) !== undefined) {
      return c.redirect(categoryListPath(category.slug, 1, criteriaFromForm(c, filter), filter.order), 303);
    }
    const { criteria } = parseFilterSegment(segment, filter.choices);
    const canonical = categoryListPath(category.slug, page, criteria, filter.order);
    if (c.req.path !== canonical) return c.redirect(canonical, 301);

    // The whole page is kept for anonymous visitors with nothing stored under their session, on
    // the canonical address without a query (the page cache answers those before Hono: decision 180).
    const { key, kept } = keptFragment(c, catalog, canonical);
    if (kept) return fragmentPage(c, render, shared, canonical, 'pages/catalog/category', kept);

    const built = categoryPageView({
      db: deps.db,
      index,
      category,
      filter,
      criteria,
      page,
      shop,
      origins: deps.config.origins,
      wholesale,
      t: (id, values) => c.get('i18n')._(id, values),
      orderCache: catalog,
    });
    if (!built) throw new NotFoundError();
    // Cards come from the card cache (decision 184): rendered once per shop, locale, role and product.
    const list = built.view.list as { items: ProductCard[]; itemsHtml?: string };
    const { scope: cardScope, draw: drawCard } = cardDrawing(render, c);
    if (!catalog.htmlCache) {
      // Rendered every time: the cards and the filter panel go in as their cached bytes, only the
      // rest is rendered and encoded (decision 185).
      list.itemsHtml = CARD_LIST;
      const view = { ...built.view, filterPanelHtml: FILTER_PANEL };
      const panel = catalog.panels.get(`${cardScope}|${categoryListPath(category.slug, 1, criteria, filter.order)}`, () =>
        render.fragment(c, '/partials/category-filter-panel', built.view),
      );
      const token = c.get('csrfToken');
      const parts: Buffer[] = [];
      for (const piece of render.fragment(c, 'pages/catalog/category-main', view).replaceAll(FRAGMENT_CSRF, token).split(PIECES)) {
        if (piece === CARD_LIST) parts.push(...catalog.cards.bytes(cardScope, list.items, drawCard));
        else if (piece === FILTER_PANEL) parts.push(panel);
        else parts.push(Buffer.from(piece));
      }
      return render(c, 'pages/catalog/category', { fragment: new HtmlBytes(parts) }, built.meta);
    }
    list.itemsHtml = catalog.cards.join(cardScope, list.items, drawCard);
    const html = render.fragment(c, 'pages/catalog/category-main', built.view);
    // Kept as bytes with holes for the token: later hits send them without encoding them again.
    const holed = new HoledHtml(html, [FRAGMENT_CSRF]);
    catalog.storeFragment(key, holed, built.meta);
    return fragmentPage(c, render, shared, canonical, 'pages/catalog/category', { html: holed, meta: built.meta });
  };
}
