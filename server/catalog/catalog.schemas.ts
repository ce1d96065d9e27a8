import { z } from 'zod';
import { msg } from '../i18n/msg';
import { MAX_PRICE_MINOR, type FilterCriteria } from './filter';

/** Spec 9: 100 products when no limit is given; also the most one call may ask for. */
export const DEFAULT_API_LIMIT = 100;
export const MAX_API_LIMIT = 100;
export const MAX_API_OFFSET = 100_000;
const MAX_IDS = 100;

const id = z.coerce.number({ error: msg('Neplatné ID') }).int({ error: msg('Neplatné ID') }).min(1, { error: msg('Neplatné ID') }).max(2_147_483_647, { error: msg('Neplatné ID') });

/** "1,2,3", ["1","2"], [1, 2] or "[1,2]" (as forms and JSON clients send lists) → numbers. */
const idList = z.preprocess((value) => {
  if (typeof value === 'number') return [value];
  if (typeof value === 'string') {
    const text = value.trim();
    if (text.startsWith('[')) {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return value;
      }
    }
    return text === '' ? [] : text.split(',');
  }
  if (Array.isArray(value)) return value.flatMap((v) => (typeof v === 'string' ? v.split(',') : [v]));
  return value;
}, z.array(id, { error: msg('Neplatný zoznam ID') }).max(MAX_IDS, { error: msg('Najviac 100 ID naraz') }));

const flag = z
  .union([z.boolean(), z.enum(['1', '0', 'true', 'false', 'on', ''])], { error: msg('Neplatná hodnota') })
  .transform((v) => v === true || v === '1' || v === 'true' || v === 'on');

const offset = z.coerce
  .number({ error: msg('Posun musí byť celé číslo od 0 do 100000') })
  .int({ error: msg('Posun musí byť celé číslo od 0 do 100000') })
  .min(0, { error: msg('Posun musí byť celé číslo od 0 do 100000') })
  .max(MAX_API_OFFSET, { error: msg('Posun musí byť celé číslo od 0 do 100000') });
const limit = z.coerce
  .number({ error: msg('Limit musí byť celé číslo od 1 do 100') })
  .int({ error: msg('Limit musí byť celé číslo od 1 do 100') })
  .min(1, { error: msg('Limit musí byť celé číslo od 1 do 100') })
  .max(MAX_API_LIMIT, { error: msg('Limit musí byť celé číslo od 1 do 100') });

/** POST /api/product (and GET /api/product with the same fields in the query). */
export const productListSchema = z.object({
  product_id: idList.optional(),
  product_parent_id: id.optional(),
  category_id: id.optional(),
  filter_criteria: z.unknown().optional(),
  with_availability: flag.optional(),
  _offset: offset.default(0),
  _limit: limit.default(DEFAULT_API_LIMIT),
});

export const availabilitySchema = z.object({ product_id: idList });
export const filterSchema = z.object({ category_id: id });
export const filterCountSchema = z.object({ category_id: id, filter_criteria: z.unknown().optional() });
/** GET /api/product/filter-count: the filter as a category address writes it (`znacka:tatra;price:10-50`). */
export const filterCountQuerySchema = z.object({ category_id: id, filter: z.string().max(2000, { error: msg('Filter má nesprávny tvar') }).optional() });

/** POST /api/categories: a category by slug, by ids, or every root of a type. */
export const categoriesSchema = z.object({
  category_slug: z.string({ error: msg('Neplatná hodnota') }).min(1).max(300, { error: msg('Neplatná hodnota') }).optional(),
  category_id: idList.optional(),
  type: z.enum(['product', 'blog'], { error: msg('Typ je product alebo blog') }).optional(),
});

const criteriaShape = z.record(
  z.string().min(1).max(100),
  z.union([z.array(z.string().min(1).max(100)).max(100), z.array(z.number().int().min(0).max(MAX_PRICE_MINOR)).length(2)]),
);

/**
 * filter_criteria as the spec sends it (JSON text in a form field, or an object in a JSON body):
 * `{ "farba": ["modra", "cervena"], "price": [1000, 2500] }`, the price in minor units. Returns
 * null for no filter, or an error message for the field.
 */
export function readCriteria(raw: unknown): { criteria: FilterCriteria } | { error: string } {
  if (raw === undefined || raw === null || raw === '') return { criteria: { attributes: {}, price: null } };
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return { error: msg('Filter nie je platný JSON') };
    }
  }
  const parsed = criteriaShape.safeParse(value);
  // zod drops keys such as "__proto__" silently; a filter must not be narrowed behind the caller's back.
  if (!parsed.success || Array.isArray(value) || Object.keys(value as object).length !== Object.keys(parsed.data).length) {
    return { error: msg('Filter má nesprávny tvar') };
  }
  const groups: [string, string[]][] = [];
  let price: [number, number] | null = null;
  for (const [code, values] of Object.entries(parsed.data)) {
    if (code === 'price') {
      if (values.length !== 2 || typeof values[0] !== 'number' || typeof values[1] !== 'number') return { error: msg('Cena má tvar [od, do] v centoch') };
      price = [values[0], values[1]];
    } else {
      if (values.some((v) => typeof v !== 'string')) return { error: msg('Filter má nesprávny tvar') };
      groups.push([code, values as string[]]);
    }
  }
  // fromEntries defines own properties, so a key like "__proto__" stays data (and is then unknown).
  return { criteria: { attributes: Object.fromEntries(groups), price } };
}
