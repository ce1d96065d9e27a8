import type Database from 'better-sqlite3';
import type { Db } from '../db/client';
import type { ChoiceAttribute, FilterChoices, FilterCriteria } from './filter';
import { LISTED_TOP_LEVEL } from './sellable';

/** Choices plus what the list query needs: option ids by attribute code and option key. */
export interface CategoryFilter {
  choices: FilterChoices;
  /** Attribute codes in the category's filter order (the canonical group order). */
  order: string[];
  optionIds: Map<string, Map<string, number>>;
  /** Attribute ids by code (the labels per locale are keyed by id: localizeFilter). */
  attributeIds: Map<string, number>;
}

interface OptionRow {
  attribute_id: number;
  code: string;
  attribute_label: string;
  id: number;
  key: string;
  label: string;
  style: string | null;
}

/** Only options some listed product of the category has, so no choice leads to an empty list. */
const cache = new WeakMap<Db, { options: Database.Statement; price: Database.Statement }>();

function statements(db: Db) {
  let s = cache.get(db);
  if (!s) {
    const sqlite = db.$client;
    s = {
      options: sqlite.prepare(
        `WITH used AS (
           SELECT DISTINCT v.option_id AS id
             FROM json_each(@ids) scope
             CROSS JOIN products p ON p.category_id = scope.value
             CROSS JOIN product_attribute_values v ON v.product_id = p.id
            WHERE ${LISTED_TOP_LEVEL})
         SELECT a.id AS attribute_id, a.code, a.label AS attribute_label, o.id, o.key, o.label, o.style
           FROM category_attributes ca
           JOIN attributes a ON a.id = ca.attribute_id
           JOIN attribute_options o ON o.attribute_id = a.id
          WHERE ca.category_id = @category AND o.id IN (SELECT id FROM used)
          ORDER BY ca.position, a.position, o.position, o.id`,
      ),
      price: sqlite.prepare(
        `SELECT min(CASE WHEN @b2b = 1 THEN pp.price_b2b ELSE pp.price_b2c END) AS min,
                max(CASE WHEN @b2b = 1 THEN pp.price_b2b ELSE pp.price_b2c END) AS max
           FROM json_each(@ids) scope
           CROSS JOIN products p ON p.category_id = scope.value
           CROSS JOIN product_prices pp ON pp.product_id = p.id AND pp.shop_id = @shop
          WHERE ${LISTED_TOP_LEVEL}`,
      ),
    };
    cache.set(db, s);
  }
  return s;
}

/** Only plain colours reach a swatch's fill attribute. */
const SAFE_STYLE_VALUE = /^(#[0-9a-f]{3,8}|[a-z]{3,20})$/i;

function parseStyle(raw: string | null): Record<string, string> | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as unknown;
    if (!value || typeof value !== 'object') return null;
    const entries = Object.entries(value as Record<string, unknown>).filter(
      (e): e is [string, string] => typeof e[1] === 'string' && SAFE_STYLE_VALUE.test(e[1]),
    );
    return entries.length ? Object.fromEntries(entries) : null;
  } catch {
    return null;
  }
}

/**
 * The filters a category offers (spec 3, "Filter choices per category"): its attributes with the
 * options found among its products, and the price range of those products for the shopper's role.
 */
export function loadCategoryFilter(db: Db, q: { categoryId: number; subtreeIds: number[]; shopId: number; wholesale: boolean }): CategoryFilter {
  const s = statements(db);
  const ids = JSON.stringify(q.subtreeIds);
  const rows = s.options.all({ category: q.categoryId, ids }) as OptionRow[];
  const attributes: ChoiceAttribute[] = [];
  const optionIds = new Map<string, Map<string, number>>();
  const attributeIds = new Map<string, number>();
  for (const r of rows) {
    let attribute = attributes.at(-1);
    if (!attribute || attribute.code !== r.code) {
      attribute = { code: r.code, label: r.attribute_label, options: [] };
      attributes.push(attribute);
      optionIds.set(r.code, new Map());
      attributeIds.set(r.code, r.attribute_id);
    }
    const style = parseStyle(r.style);
    attribute.options.push(style ? { key: r.key, label: r.label, style } : { key: r.key, label: r.label });
    optionIds.get(r.code)!.set(r.key, r.id);
  }
  const range = s.price.get({ ids, shop: q.shopId, b2b: q.wholesale ? 1 : 0 }) as { min: number | null; max: number | null };
  const price: [number, number] | null = range.min === null || range.max === null ? null : [range.min, range.max];
  return { choices: { attributes, price }, order: attributes.map((a) => a.code), optionIds, attributeIds };
}

/**
 * The same filter with its attribute and option labels in a locale (Slovak where it has none):
 * built from the Slovak one and the locale's labels loaded at once, so the choices' query runs once
 * per catalogue version whatever the locale (docs/decisions/249).
 */
export function localizeFilter(filter: CategoryFilter, labels: { attributes: Map<number, { label?: string | null }>; options: Map<number, { label?: string | null }> }): CategoryFilter {
  const attributes = filter.choices.attributes.map((a) => {
    const ids = filter.optionIds.get(a.code);
    return {
      ...a,
      label: labels.attributes.get(filter.attributeIds.get(a.code) ?? 0)?.label ?? a.label,
      options: a.options.map((o) => {
        const label = labels.options.get(ids?.get(o.key) ?? 0)?.label;
        return label ? { ...o, label } : o;
      }),
    };
  });
  return { ...filter, choices: { ...filter.choices, attributes } };
}

/** Option ids per attribute group for the list query (criteria must be cleaned against the choices). */
export function optionGroups(filter: CategoryFilter, criteria: FilterCriteria): number[][] {
  const groups: number[][] = [];
  for (const [code, keys] of Object.entries(criteria.attributes)) {
    const ids = keys.map((k) => filter.optionIds.get(code)?.get(k)).filter((id): id is number => id !== undefined);
    if (ids.length > 0) groups.push(ids);
  }
  return groups;
}
