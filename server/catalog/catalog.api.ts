import { answer } from '../http/response-head';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/env';
import { NotFoundError, ValidationError } from '../http/problem';
import { msg } from '../i18n/msg';
import { availabilitySchema, categoriesSchema, filterCountSchema, filterSchema, productListSchema, readCriteria } from './catalog.schemas';
import { readInput, validate } from './catalog.http';
import { productListAnswer } from './product-list-answer';
import type { CategoryNode } from './category.service';
import { FILTER_COUNT_PATH, type FilterCriteria } from './filter';
import { checkedCriteria, countInCategory, filterCount, productCategoryIn } from './filter-count';
import type { AnonymousPages } from '../http/page-cache';
import { CachedJson } from '../render/cached-page';
import { optionGroups, type CategoryFilter } from './filter-choices.service';
import type { CatalogCache } from './fragment-cache';
import { listProducts, productAvailability, type ListScope } from './listing.service';
import { availabilityOf } from './product-card';

const JSON_TYPE = 'application/json';
const sendJson = (c: Context<AppEnv>, count: CachedJson) => answer(c, count.json, 200, JSON_TYPE);

const wholesale = (c: Context<AppEnv>) => c.get('session').roles.includes('ROLE_WHOLESALE');

/** Spec 7 category, breadcrumb and product-list calls; every bad input is a 400 or 404 problem. */
export function catalogApi(catalog: CatalogCache, shared: AnonymousPages) {
  const app = new Hono<AppEnv>();
  const index = () => catalog.categories();

  const productCategory = (id: number): CategoryNode => productCategoryIn(index(), id);

  /** Criteria from filter_criteria (JSON, as the spec's clients send them). */
  const criteriaFor = (raw: unknown, filter: CategoryFilter): FilterCriteria => {
    const read = readCriteria(raw);
    if ('error' in read) throw new ValidationError({ filter_criteria: read.error });
    return checkedCriteria(read.criteria, filter, 'filter_criteria');
  };

  app.get('/api/category', (c) => {
    const type = c.req.query('type');
    const roots = index().children(null).filter((n) => !type || n.type === type);
    return c.json(roots.map((n) => index().json(n)));
  });

  app.get('/api/category/:id{[0-9]{1,10}}', (c) => {
    const node = index().get(Number(c.req.param('id')));
    if (!node?.visible) throw new NotFoundError(msg('Kategória neexistuje'));
    return c.json(index().json(node));
  });

  // Spec 7: looked up with form data, "a list whose first item is used".
  app.post('/api/categories', async (c) => {
    const input = validate(categoriesSchema, await readInput(c));
    let nodes: CategoryNode[];
    if (input.category_slug !== undefined) nodes = [index().bySlugVisible(input.category_slug)].filter((n): n is CategoryNode => !!n);
    else if (input.category_id) nodes = input.category_id.map((id) => index().get(id)).filter((n): n is CategoryNode => !!n?.visible);
    else nodes = index().children(null).filter((n) => !input.type || n.type === input.type);
    return c.json(nodes.map((n) => index().json(n)));
  });

  app.get('/api/breadcrumb/:id{[0-9]{1,10}}', (c) => {
    const node = index().get(Number(c.req.param('id')));
    if (!node?.visible) throw new NotFoundError(msg('Kategória neexistuje'));
    return c.json(index().breadcrumb(node.id));
  });

  const products = async (c: Context<AppEnv>) => {
    const input = validate(productListSchema, await readInput(c));
    const db = c.get('deps').db;
    const shop = c.get('shop');
    const b2b = wholesale(c);
    let scope: ListScope = { kind: 'all' };
    let criteria: FilterCriteria = { attributes: {}, price: null };
    let groups: number[][] = [];
    let view = { variant_view: null as string | null, variant_view_setting: null as string | null };
    if (input.product_parent_id !== undefined) {
      const parent = listProducts(db, { shopId: shop.id, wholesale: b2b, scope: { kind: 'ids', ids: [input.product_parent_id] }, optionGroups: [], price: null, offset: 0, limit: 1 }).items[0];
      if (!parent) throw new NotFoundError(msg('Produkt neexistuje'));
      scope = { kind: 'parent', parentId: parent.id };
      view = { variant_view: parent.variantView, variant_view_setting: parent.variantViewSetting };
    } else if (input.product_id !== undefined) {
      scope = { kind: 'ids', ids: input.product_id };
    } else if (input.category_id !== undefined) {
      const category = productCategory(input.category_id);
      const filter = catalog.filter(category.id, shop.id, b2b);
      criteria = criteriaFor(input.filter_criteria, filter);
      groups = optionGroups(filter, criteria);
      scope = { kind: 'category', categoryIds: index().subtreeIds(category.id) };
    }
    if (scope.kind !== 'category' && input.filter_criteria !== undefined && input.filter_criteria !== '') {
      throw new ValidationError({ filter_criteria: msg('Filter sa dá použiť len s kategóriou (category_id)') });
    }
    const { items, total } = listProducts(db, {
      shopId: shop.id, wholesale: b2b, scope, optionGroups: groups, price: criteria.price, offset: input._offset, limit: input._limit,
    }, catalog);
    // Each product's JSON is kept with its cached row (product-json.ts); the answer splices it.
    const json = { shop, locale: c.get('locale'), i18n: c.get('i18n'), withAvailability: input.with_availability === true };
    return productListAnswer(c, json, items, { total, ...view });
  };
  app.get('/api/product', products);
  app.post('/api/product', products);

  app.post('/api/product/availability', async (c) => {
    const input = validate(availabilitySchema, await readInput(c));
    const out: Record<string, { quantity: number; availability_text: string; availability_days: number; availability_severity: string }> = {};
    for (const row of productAvailability(c.get('deps').db, input.product_id)) {
      const a = availabilityOf(row.availabilityDays);
      out[row.id] = { quantity: row.quantity, availability_text: c.get('i18n')._(a.text, a.values), availability_days: row.availabilityDays, availability_severity: a.severity };
    }
    return c.json(out);
  });

  app.post('/api/product/filter', async (c) => {
    const input = validate(filterSchema, await readInput(c));
    const category = productCategory(input.category_id);
    const { choices } = catalog.filter(category.id, c.get('shop').id, wholesale(c));
    const attributes = Object.fromEntries(
      choices.attributes.map((a) => [
        a.code,
        {
          label: a.label,
          options: Object.fromEntries(a.options.map((o) => [o.key, o.label])),
          styles: Object.fromEntries(a.options.filter((o) => o.style).map((o) => [o.key, o.style])),
        },
      ]),
    );
    const price = choices.price && { label: c.get('i18n')._('Cena'), options: choices.price };
    return c.json({ attributes, order: choices.attributes.map((a) => a.code), price });
  });

  app.post(FILTER_COUNT_PATH, async (c) => {
    const input = validate(filterCountSchema, await readInput(c));
    const category = productCategory(input.category_id);
    const shopId = c.get('shop').id;
    const filter = catalog.filter(category.id, shopId, wholesale(c));
    return c.json({ count: countInCategory(c.get('deps').db, catalog, shopId, wholesale(c), category, filter, criteriaFor(input.filter_criteria, filter)) });
  });

  /**
   * The filter widget's question (decision 193): a read, so a GET at one canonical address per
   * category and filter (filterCountPath). An anonymous shopper's count is the same for everyone,
   * so a question asked again is kept in the page cache and answered before Hono runs. The same
   * address is what that fast path counts at (withPageCache, decision 200).
   */
  app.get(FILTER_COUNT_PATH, (c) => {
    const query = { category_id: c.req.query('category_id'), filter: c.req.query('filter') };
    const { json, canonical } = filterCount(c.get('deps').db, catalog, c.get('shop').id, wholesale(c), query);
    if (shared.appliesOnRepeat(c, canonical)) return shared.keep(c, canonical, new CachedJson(Buffer.from(json)), sendJson);
    return answer(c, json, 200, JSON_TYPE);
  });

  return app;
}
