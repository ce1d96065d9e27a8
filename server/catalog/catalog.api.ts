import { answer } from '../http/response-head';
import { isWholesale } from '../accounts/wholesale';
import { Hono, type Context } from 'hono';
import type { AppEnv, ShopContext } from '../http/env';
import { NotFoundError, ValidationError } from '../http/problem';
import { msg } from '../i18n/msg';
import { availabilitySchema, categoriesSchema, filterCountSchema, filterSchema, productListSchema, readCriteria } from './catalog.schemas';
import { readInput, validate } from './catalog.http';
import type { CategoryNode } from './category.service';
import { FILTER_COUNT_PATH, type FilterCriteria } from './filter';
import { checkedCriteria, countInCategory, filterCount, productCategoryIn } from './filter-count';
import { isSharedRequest, markShared, requestTarget, type HttpCacheSettings } from '../http/http-cache';
import { optionGroups, type CategoryFilter } from './filter-choices.service';
import { catalogAt, categoryFilter, categoryIndex, type CatalogAt } from './catalog-views';
import { listedIds, productsByIds, productAvailability, type ListScope } from './listing.service';
import { availabilityOf } from './product-card';
import { keptProductList, productListBody } from './product-json';

const JSON_TYPE = 'application/json';

/**
 * Spec 7 category, breadcrumb and product-list calls; every bad input is a 400 or 404 problem. The
 * reads an anonymous shopper makes by GET (the product list, filter counts) are shared answers
 * for HTTP caches (decision 213).
 */
export function catalogApi(httpCache: HttpCacheSettings) {
  const app = new Hono<AppEnv>();
  const index = (c: Context<AppEnv>) => categoryIndex(catalogAt(c));

  const productCategory = (c: Context<AppEnv>, id: number): CategoryNode => productCategoryIn(index(c), id);

  /** Criteria from filter_criteria (JSON, as the spec's clients send them). */
  const criteriaFor = (raw: unknown, filter: CategoryFilter): FilterCriteria => {
    const read = readCriteria(raw);
    if ('error' in read) throw new ValidationError({ filter_criteria: read.error });
    return checkedCriteria(read.criteria, filter, 'filter_criteria');
  };

  app.get('/api/category', (c) => {
    const type = c.req.query('type');
    const roots = index(c).children(null).filter((n) => !type || n.type === type);
    return c.json(roots.map((n) => index(c).json(n)));
  });

  app.get('/api/category/:id{[0-9]{1,10}}', (c) => {
    const node = index(c).get(Number(c.req.param('id')));
    if (!node?.visible) throw new NotFoundError(msg('Kategória neexistuje'));
    return c.json(index(c).json(node));
  });

  // Spec 7: looked up with form data, "a list whose first item is used".
  app.post('/api/categories', async (c) => {
    const input = validate(categoriesSchema, await readInput(c));
    const tree = index(c);
    let nodes: CategoryNode[];
    if (input.category_slug !== undefined) nodes = [tree.bySlugVisible(input.category_slug)].filter((n): n is CategoryNode => !!n);
    else if (input.category_id) nodes = input.category_id.map((id) => tree.get(id)).filter((n): n is CategoryNode => !!n?.visible);
    else nodes = tree.children(null).filter((n) => !input.type || n.type === input.type);
    return c.json(nodes.map((n) => tree.json(n)));
  });

  app.get('/api/breadcrumb/:id{[0-9]{1,10}}', (c) => {
    const node = index(c).get(Number(c.req.param('id')));
    if (!node?.visible) throw new NotFoundError(msg('Kategória neexistuje'));
    return c.json(index(c).breadcrumb(node.id));
  });

  const products = async (c: Context<AppEnv>) => {
    const fields = await readInput(c);
    const at = catalogAt(c);
    const shop = c.get('shop');
    const b2b = isWholesale(c);
    // What the answer depends on besides the catalogue: the same call is answered from kept bytes.
    const asked = `${shop.id}|${c.get('locale')}|${b2b ? 'b2b' : 'b2c'}|${JSON.stringify(fields)}`;
    const body = keptProductList(at.db, at.version, asked, () => productList(c, at, fields, shop, b2b));
    if (isSharedRequest(c, requestTarget(c))) markShared(c, httpCache);
    return answer(c, body, 200, JSON_TYPE);
  };

  /** The answer to a product-list call not kept, for the shop and price role its key names; every bad input throws its problem. */
  const productList = (c: Context<AppEnv>, at: CatalogAt, fields: Record<string, unknown>, shop: ShopContext, b2b: boolean): Buffer => {
    const input = validate(productListSchema, fields);
    const db = at.db;
    let scope: ListScope = { kind: 'all' };
    let criteria: FilterCriteria = { attributes: {}, price: null };
    let groups: number[][] = [];
    let view = { variant_view: null as string | null, variant_view_setting: null as string | null };
    if (input.product_parent_id !== undefined) {
      const parent = productsByIds(db, shop.id, b2b, [input.product_parent_id])[0];
      if (!parent) throw new NotFoundError(msg('Produkt neexistuje'));
      scope = { kind: 'parent', parentId: parent.id };
      view = { variant_view: parent.variantView, variant_view_setting: parent.variantViewSetting };
    } else if (input.product_id !== undefined) {
      scope = { kind: 'ids', ids: input.product_id };
    } else if (input.category_id !== undefined) {
      const category = productCategory(c, input.category_id);
      const filter = categoryFilter(at, category.id, shop.id, b2b);
      criteria = criteriaFor(input.filter_criteria, filter);
      groups = optionGroups(filter, criteria);
      scope = { kind: 'category', categoryIds: index(c).subtreeIds(category.id) };
    }
    if (scope.kind !== 'category' && input.filter_criteria !== undefined && input.filter_criteria !== '') {
      throw new ValidationError({ filter_criteria: msg('Filter sa dá použiť len s kategóriou (category_id)') });
    }
    const { ids, total } = listedIds(db, at.version, {
      shopId: shop.id, wholesale: b2b, scope, optionGroups: groups, price: criteria.price, offset: input._offset, limit: input._limit,
    });
    const json = { shop, shopId: shop.id, wholesale: b2b, locale: c.get('locale'), i18n: c.get('i18n'), withAvailability: input.with_availability === true };
    return productListBody(db, json, ids, { total, ...view });
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
    const category = productCategory(c, input.category_id);
    const { choices } = categoryFilter(catalogAt(c), category.id, c.get('shop').id, isWholesale(c));
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
    const category = productCategory(c, input.category_id);
    const shopId = c.get('shop').id;
    const at = catalogAt(c);
    const filter = categoryFilter(at, category.id, shopId, isWholesale(c));
    return c.json({ count: countInCategory(at, shopId, isWholesale(c), category, filter, criteriaFor(input.filter_criteria, filter)) });
  });

  /**
   * The filter widget's question (decision 193): a read, so a GET at one canonical address per
   * category and filter (filterCountPath). An anonymous shopper's count is the same for everyone:
   * at that address it is a shared answer.
   */
  app.get(FILTER_COUNT_PATH, (c) => {
    const query = { category_id: c.req.query('category_id'), filter: c.req.query('filter') };
    const { json, canonical } = filterCount(catalogAt(c), c.get('shop').id, isWholesale(c), query);
    if (isSharedRequest(c, canonical)) markShared(c, httpCache);
    return answer(c, json, 200, JSON_TYPE);
  });

  return app;
}
