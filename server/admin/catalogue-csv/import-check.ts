import type { I18n } from '@lingui/core';
import { closeSync, openSync, readSync } from 'node:fs';
import type { Db } from '../../db/client';
import { slugify } from '../../db/seed/slug';
import type { ShopContext } from '../../http/env';
import { msg } from '../../i18n/msg';
import { checkForm } from '../form';
import { PRICE_FIELDS, priceColumn } from './columns';
import { statements } from './import-statements';
import type { productRowSchema, ProductRow } from './product-row.schemas';

/** How a file and each of its rows are checked before anything is staged, and the texts of refusals (Slovak source, translated on the page). */
export const UNKNOWN_COLUMN = msg('Neznámy stĺpec');
export const DUPLICATE_COLUMN = msg('Stĺpec je v súbore dvakrát');
export const KEY_COLUMN = msg('Súbor musí mať stĺpec id alebo code');
export const NO_PRODUCT = msg('Produkt neexistuje');
export const NO_CATEGORY = msg('Kategória neexistuje');
export const NO_SELLER = msg('Predajca neexistuje');
export const CODE_TAKEN = msg('Kód už má iný produkt');
export const SLUG_TAKEN = msg('Adresa je už obsadená');
export const TWICE = msg('Produkt je v súbore viackrát');
export const NEW_NEEDS = msg('Nový produkt potrebuje kód, názov a kategóriu');
export const PRICE_NEEDS = msg('Cena bez ceny pre koncových zákazníkov');
export const UNREADABLE = msg('Súbor sa nedá prečítať ako CSV');
export const WRITE_FAILED = msg('Zápis zlyhal, nič sa nezmenilo');

/** checkForm translates its messages; the job keeps the source texts and the page translates them. */
export const SOURCE = { _: (id: string) => id } as unknown as I18n;

/** The separator of the header line: a semicolon (Slovak and Czech Excel) unless the line has only commas. */
export function sniff(file: string): { delimiter: string; lines: number } {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(1 << 16);
    let lines = 0;
    let first = '';
    let read: number;
    while ((read = readSync(fd, buffer, 0, buffer.length, null)) > 0) {
      if (!first) first = buffer.subarray(0, read).toString('utf8').split('\n')[0];
      for (let i = 0; i < read; i++) if (buffer[i] === 10) lines++;
    }
    const delimiter = first.includes(';') || !first.includes(',') ? ';' : ',';
    return { delimiter, lines: Math.max(0, lines - 1) };
  } finally {
    closeSync(fd);
  }
}

/** A checked row, as staged: the product it updates (null = a new one) and the typed values of the file's columns. */
export interface Staged {
  productId: number | null;
  categoryId?: number;
  values: ProductRow;
}

export interface Seen {
  seenIds: Set<number>;
  seenCodes: Set<string>;
  seenSlugs: Set<string>;
}

export function checkRow(
  db: Db,
  schema: ReturnType<typeof productRowSchema>,
  input: Record<string, string>,
  row: number,
  shops: ShopContext[],
  fail: (row: number, column: string, message: string) => void,
  seen: Seen,
): Staged | null {
  const checked = checkForm(schema, input, SOURCE);
  if (!checked.ok) {
    for (const [column, message] of Object.entries(checked.errors)) fail(row, column, message);
    return null;
  }
  const s = statements(db);
  const values = checked.data as ProductRow;
  let ok = true;
  const bad = (column: string, message: string) => {
    ok = false;
    fail(row, column, message);
  };
  type Found = { id: number; code: string; slug: string } | undefined;
  let product: Found;
  if (values.id != null) {
    product = s.productById.get(values.id) as Found;
    if (!product) bad('id', NO_PRODUCT);
  } else if (values.code !== undefined) {
    product = s.productByCode.get(values.code) as Found;
  }
  if (!ok) return null;
  if (product) {
    if (seen.seenIds.has(product.id)) bad(values.id != null ? 'id' : 'code', TWICE);
    seen.seenIds.add(product.id);
  } else if (values.code === undefined || values.name === undefined || values.category === undefined) {
    bad(values.code === undefined ? 'code' : values.name === undefined ? 'name' : 'category', NEW_NEEDS);
    return null;
  }
  if (values.code !== undefined) {
    const owner = s.productByCode.get(values.code) as Found;
    if (owner && owner.id !== product?.id) bad('code', CODE_TAKEN);
    else if (seen.seenCodes.has(values.code)) bad('code', TWICE);
    seen.seenCodes.add(values.code);
  }
  // A new product's address is its name and code, as the seed makes them.
  const slug = values.slug || (product ? undefined : slugify(`${values.name}-${values.code}`));
  if (slug) {
    const owner = s.productBySlug.get(slug) as number | undefined;
    if ((owner !== undefined && owner !== product?.id) || s.categorySlug.get(slug) !== undefined) bad(values.slug ? 'slug' : 'name', SLUG_TAKEN);
    else if (seen.seenSlugs.has(slug)) bad(values.slug ? 'slug' : 'name', TWICE);
    seen.seenSlugs.add(slug);
    values.slug = slug;
  } else if (values.slug === '') delete values.slug;
  let categoryId: number | undefined;
  if (values.category !== undefined) {
    categoryId = s.productCategory.get(values.category) as number | undefined;
    if (categoryId === undefined) bad('category', NO_CATEGORY);
  }
  if (values.seller_id != null && s.seller.get(values.seller_id) === undefined) bad('seller_id', NO_SELLER);
  for (const shop of shops) {
    const b2c = values[priceColumn('price_b2c', shop.code)];
    const others = PRICE_FIELDS.filter((f) => f !== 'price_b2c').map((f) => priceColumn(f, shop.code));
    // Old prices, B2B or VAT for a shop without a B2C price there: nothing to attach them to.
    if (b2c == null && others.some((c) => values[c] != null) && !(product && s.price.get(product.id, shop.id))) bad(priceColumn('price_b2c', shop.code), PRICE_NEEDS);
  }
  return ok ? { productId: product?.id ?? null, categoryId, values } : null;
}
