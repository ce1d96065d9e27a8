import type { Context } from 'hono';
import { isWholesale } from '../accounts/wholesale';
import type { AppEnv } from '../http/env';
import { NotFoundError } from '../http/problem';
import type { PageMeta, Renderer } from '../render/renderer';
import { keptBytes } from './cache-budget';
import { cardsHtml, keptCards, keptHtml } from './card-cache';
import { intlLocale } from '../render/format';
import { catalogAt, catalogView, categoryFilter, categoryIndex } from './catalog-views';
import type { CategoryNode } from './category.service';
import { categoryPageView } from './category.view';
import { categoryListPath, cleanCriteria, emptyCriteria, parseFilterSegment, parseMajorUnits, type FilterCriteria } from './filter';
import type { CategoryFilter } from './filter-choices.service';
import { listToolsQuery, readListTools } from './list-tools';
import type { SlugHandler } from './slug.pages';

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
  // parseMajorUnits reads the decimal comma Slovak and Czech shoppers type (spec 5).
  const read = (name: string) => parseMajorUnits(c.req.query(name) ?? '');
  const min = read('price_min');
  const max = read('price_max');
  if (range && (min !== null || max !== null)) criteria.price = [min ?? range[0], max ?? range[1]];
  return cleanCriteria(criteria, filter.choices).criteria;
}

/**
 * Product category lists at /{slug}, /{slug}/{page} and /{slug}/{page}/{filter} (spec 2). The older
 * reading /{slug}/{page}/{anything}/{filter} and every non-canonical spelling answer 301 to the one
 * canonical address; blog categories are left to the guide pages. Rendered for every request: the
 * filter index and the card cache hold what is expensive; a shared cache keeps the anonymous page.
 */
export function categorySlugHandler(render: Renderer): SlugHandler {
  return (c, segments) => {
    const at = catalogAt(c);
    const index = categoryIndex(at);
    const category: CategoryNode | undefined = index.bySlugVisible(segments[0]);
    if (!category || category.type !== 'product') return null;
    if (segments.length > 1 && !PAGE_NUMBER.test(segments[1].replace(/^0+(?=\d)/, ''))) throw new NotFoundError();
    const page = segments.length > 1 ? Number(segments[1]) : 1;
    const segment = segments.length === 4 ? segments[3] : segments.length === 3 ? segments[2] : '';

    const shop = c.get('shop');
    const wholesale = isWholesale(c);
    const filter = categoryFilter(at, category.id, shop.id, wholesale);
    // The list's own search and order ride along in the query, also through a filter form's submission.
    const tools = readListTools((name) => c.req.query(name));
    const toolsQuery = listToolsQuery(tools);
    if (c.req.query(FILTER_FORM_FIELD) !== undefined) {
      return c.redirect(categoryListPath(category.slug, 1, criteriaFromForm(c, filter), filter.order) + toolsQuery, 303);
    }
    // The tools' form sends its empty box too ("?q=&sort=price"): the list answers at the address without it.
    if ((c.req.query('q') !== undefined && !tools.text) || (c.req.query('sort') !== undefined && !tools.sort)) {
      return c.redirect(c.req.path + toolsQuery, 303);
    }
    const { criteria } = parseFilterSegment(segment, filter.choices);
    const canonical = categoryListPath(category.slug, page, criteria, filter.order);
    if (c.req.path !== canonical) return c.redirect(canonical + toolsQuery, 301);

    // The inside of <main>: the list, its filter panel and JSON-LD, the same for every shopper of one
    // shop, locale and price role; kept per catalogue version unless HTML_CACHE=false.
    const draw = (): KeptMain => {
      const built = categoryPageView({
        at,
        index,
        category,
        filter,
        criteria,
        tools,
        page,
        shop,
        origins: c.get('deps').config.origins,
        wholesale,
        intlLocale: intlLocale(c.get('locale')),
        t: (id, values) => c.get('i18n')._(id, values),
        cards: (ids) => keptCards(c, render, ids),
      });
      if (!built) return { html: null, meta: {} };
      const list = built.view.list as { items: unknown[]; itemsHtml?: (Buffer | string)[] };
      list.itemsHtml = cardsHtml(built.cards);
      // The filter panel is the same on every page of one category and filter (its first page's address).
      const panel = `panel|${categoryListPath(category.slug, 1, criteria, filter.order)}${toolsQuery}`;
      const drawPanel = () => render.fragment(c, '/partials/category-filter-panel', built.view);
      // A typed search is any text: its pages and panels are drawn, not kept.
      // Object.assign, not spreads: V8 gave each spread-and-add object a hidden class of its own (decision 276).
      const view = Object.assign({}, built.view, { filterPanelHtml: tools.text ? drawPanel() : keptHtml(c, panel, drawPanel) });
      const meta = Object.assign({}, built.meta, { shared: true });
      return { html: keptBytes(render.fragment(c, 'pages/catalog/category-main', view)), meta: Object.assign(meta, { head: render.head(c, meta) }) };
    };
    const key = `main|${shop.code}|${c.get('locale')}|${wholesale ? 'b2b' : 'b2c'}|${canonical}${toolsQuery}`;
    const main = c.get('deps').config.htmlCache && !tools.text ? catalogView(at, key, draw, (kept) => 1024 + (kept.html?.length ?? 0)) : draw();
    if (!main.html) throw new NotFoundError();
    return render(c, 'pages/catalog/category', { mainHtml: main.html }, main.meta);
  };
}

/** A category page's <main> as UTF-8 and its head lines (drawn: PageMeta.head); no HTML past the last page. */
interface KeptMain {
  html: Buffer | null;
  meta: PageMeta;
}
