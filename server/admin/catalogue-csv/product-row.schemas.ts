import { z } from 'zod';
import type { ShopCode } from '../../config';
import { msg } from '../../i18n/msg';
import { FORMAT, REQUIRED, TOO_LONG } from '../form';
import { PRICE_FIELDS, PRODUCT_COLUMNS, priceColumn } from './columns';

/**
 * The one schema of a CSV row (columns.ts): each cell as text in, typed values out. A column the file
 * does not have, or an empty cell of a column that cannot be empty, is `undefined` (the product
 * keeps that value); an empty cell of a column that can be empty clears it (`null`). Amounts are decimals with a comma or a dot ("12,90"), stored in minor units.
 * What needs the database (does the category exist, is the code free) is checked beside it
 * (products-import.ts), with the same kind of message per row and column.
 */
export const NOT_A_NUMBER = msg('Zadajte celé číslo');
export const NOT_AN_AMOUNT = msg('Zadajte sumu, napríklad 12,90');

/** A cell written by our CSV writer with a defusing apostrophe ('=1) reads back as it was. */
const cell = (value: string) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

const text = z.string().transform(cell);

const integer = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^-?\d+$/, NOT_A_NUMBER)
    .transform(Number)
    .pipe(z.number().int().min(min, FORMAT).max(max, FORMAT));

/** An empty cell of a column that cannot be empty: the product keeps its value. */
const keep = <T extends z.ZodType>(inner: T) => z.preprocess((value) => (value === '' ? undefined : value), inner.optional());

/** An empty cell = null. */
const nullable = <T extends z.ZodType>(inner: T) => z.preprocess((value) => (value === '' ? null : value), inner.nullable());

/** "12,90" / "12.9" / "1290" → 1290 (minor units), without float arithmetic. */
const money = z
  .string()
  .trim()
  .regex(/^\d{1,9}([.,]\d{1,2})?$/, NOT_AN_AMOUNT)
  .transform((value) => {
    const [whole, fraction = ''] = value.split(/[.,]/);
    return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  });

const productShape = {
  id: nullable(integer(1, Number.MAX_SAFE_INTEGER)).optional(),
  code: keep(text.pipe(z.string().trim().min(1, REQUIRED).max(64, TOO_LONG))),
  name: keep(text.pipe(z.string().trim().min(1, REQUIRED).max(255, TOO_LONG))),
  slug: z
    .string()
    .trim()
    .max(200, TOO_LONG)
    .regex(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, msg('Len malé písmená bez diakritiky, číslice a pomlčky'))
    .optional(),
  description: text.pipe(z.string().max(200_000, TOO_LONG)).optional(),
  category: keep(z.string().trim().min(1, REQUIRED).max(200, TOO_LONG)),
  seller_id: nullable(integer(1, Number.MAX_SAFE_INTEGER)).optional(),
  visible: keep(integer(0, 4)),
  stock: keep(integer(0, 1_000_000_000)),
  availability_days: keep(integer(-1, 365)),
  cart_limit: nullable(integer(1, 1_000_000)).optional(),
} satisfies Record<(typeof PRODUCT_COLUMNS)[number], z.ZodType>;

function priceShape(shops: readonly ShopCode[]) {
  const shape: Record<string, z.ZodType> = {};
  for (const shop of shops) {
    for (const field of PRICE_FIELDS) {
      // B2C, B2B and VAT empty: the product is not priced in that shop (left as it is).
      shape[priceColumn(field, shop)] = nullable(field === 'vat' ? integer(0, 99) : money).optional();
    }
  }
  return shape;
}

export function productRowSchema(shops: readonly ShopCode[]) {
  return z.object({ ...productShape, ...priceShape(shops) });
}

export type ProductRowSchema = ReturnType<typeof productRowSchema>;
export type ProductRow = z.output<ReturnType<typeof productRowSchema>> & Record<string, number | string | null | undefined>;
