import { NotFoundError, ValidationError } from '../http/problem';
import { msg } from '../i18n/msg';
import { filterCountQuerySchema } from './catalog.schemas';
import { validate } from './catalog.http';
import type { CategoryIndex, CategoryNode } from './category.service';
import { filterCountPath, readFilterSegment, type FilterCriteria } from './filter';
import { optionGroups, type CategoryFilter } from './filter-choices.service';
import { categoryFilter, categoryIndex, type CatalogAt } from './catalog-views';
import { countProducts } from './listing.service';

/** A visible product category by id, else 404 (the catalogue API's every category look-up). */
export function productCategoryIn(index: CategoryIndex, id: number): CategoryNode {
  const node = index.get(id);
  if (!node?.visible || node.type !== 'product') throw new NotFoundError(msg('Kategória neexistuje'));
  return node;
}

/**
 * Criteria checked against what the category offers (strict, unlike page addresses, which are
 * cleaned): each unknown attribute, value or reversed price is an error of `field`.
 */
export function checkedCriteria(criteria: FilterCriteria, filter: CategoryFilter, field: string): FilterCriteria {
  const errors: Record<string, string> = {};
  for (const [code, keys] of Object.entries(criteria.attributes)) {
    const attribute = filter.choices.attributes.find((a) => a.code === code);
    if (!attribute) errors[`${field}.${code}`] = msg('Kategória tento filter neponúka');
    else if (keys.some((k) => !attribute.options.some((o) => o.key === k))) errors[`${field}.${code}`] = msg('Neznáma hodnota filtra');
  }
  const price = criteria.price;
  if (price && price[0] > price[1]) errors[`${field}.price`] = msg('Cena od je vyššia ako cena do');
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return criteria;
}

/** How many of a category's listed products (its whole subtree) match the criteria. */
export function countInCategory(at: CatalogAt, shopId: number, wholesale: boolean, category: CategoryNode, filter: CategoryFilter, criteria: FilterCriteria): number {
  return countProducts(at.db, at.version, {
    shopId, wholesale, scope: { kind: 'category', categoryIds: categoryIndex(at).subtreeIds(category.id) }, optionGroups: optionGroups(filter, criteria), price: criteria.price,
  });
}

export interface FilterCountAnswer {
  /** `{"count":n}` */
  json: string;
  /** The question's one address (filterCountPath): the one shared caches keep. */
  canonical: string;
}

/**
 * The filter widget's question, GET /api/product/filter-count?category_id=…&filter=… (decision
 * 193), from its two query values: 404 for an unknown category, 400 for a malformed or unknown
 * filter (problem errors, as every catalogue call).
 */
export function filterCount(at: CatalogAt, shopId: number, wholesale: boolean, query: { category_id: unknown; filter: unknown }): FilterCountAnswer {
  const input = validate(filterCountQuerySchema, query);
  const category = productCategoryIn(categoryIndex(at), input.category_id);
  const filter = categoryFilter(at, category.id, shopId, wholesale);
  const read = readFilterSegment(input.filter ?? '');
  if (read.malformed) throw new ValidationError({ filter: msg('Filter má nesprávny tvar') });
  const criteria = checkedCriteria(read.criteria, filter, 'filter');
  return {
    json: JSON.stringify({ count: countInCategory(at, shopId, wholesale, category, filter, criteria) }),
    canonical: filterCountPath(category.id, criteria, filter.order),
  };
}
