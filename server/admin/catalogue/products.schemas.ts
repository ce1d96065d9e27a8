import { z } from 'zod';
import { msg } from '../../i18n/msg';
import { CHOOSE } from '../form';
import { pageField } from '../list-fields';

/**
 * The catalogue's forms (issue 20, "Catalogue"): the product list's filter (a GET form) and the
 * product's edit form. Prices are typed as money ("12,90") and kept in minor units; a shop whose
 * B2C price is left empty does not sell the product.
 */
export const PRODUCT_PAGE_SIZE = 50;

/** What `visible` means to the shop (server/catalog/sellable.ts): 0 hidden, 2 offered, 4 shown without a cart button (waiting for approval). */
export const VISIBILITY = {
  '2': msg('Schválený, v predaji'),
  '4': msg('Čaká na schválenie'),
  '0': msg('Skrytý'),
} as const;
export type VisibilityKey = keyof typeof VISIBILITY;
const VISIBILITY_KEYS = Object.keys(VISIBILITY) as [VisibilityKey, ...VisibilityKey[]];

/** Ribbon types the shop draws (server/product/availability.ts). */
export const RIBBONS = { novinka: msg('Novinka'), zlava: msg('Zľava'), top: msg('Top'), akcia: msg('Akcia') } as const;
export type RibbonKey = keyof typeof RIBBONS;

const idText = z.union([z.literal(''), z.string().regex(/^[1-9]\d{0,9}$/, { error: CHOOSE })]).default('');

export const productFilterSchema = z.object({
  q: z.string().trim().max(100, { error: msg('Hľadaný text je príliš dlhý') }).default(''),
  kategoria: idText,
  viditelnost: z.enum(['', ...VISIBILITY_KEYS], { error: CHOOSE }).default(''),
  /** '' any, 'obchod' the shop's own products, or a seller's id. */
  predajca: z.union([z.literal(''), z.literal('obchod'), z.string().regex(/^[1-9]\d{0,9}$/, { error: CHOOSE })]).default(''),
  sklad: z.enum(['', 'ano', 'nie'], { error: CHOOSE }).default(''),
  strana: pageField,
});
export type ProductFilter = z.output<typeof productFilterSchema>;
export const EMPTY_PRODUCT_FILTER: ProductFilter = { q: '', kategoria: '', viditelnost: '', predajca: '', sklad: '', strana: 1 };

export function productFilterQuery(filter: ProductFilter, page?: number): string {
  const params = new URLSearchParams();
  for (const key of ['q', 'kategoria', 'viditelnost', 'predajca', 'sklad'] as const) if (filter[key]) params.set(key, filter[key]);
  if (page && page > 1) params.set('strana', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const MONEY_FORMAT = msg('Zadajte sumu, napríklad 12,90');
export const SLUG_FORMAT = msg('Len malé písmená bez diakritiky, číslice a pomlčky');

/** Money as typed ("12,90", "12.9", "1290") → minor units; '' → null. */
const money = z
  .string()
  .trim()
  .regex(/^(\d{1,7}([.,]\d{1,2})?)?$/, { error: MONEY_FORMAT })
  .transform((text) => (text === '' ? null : Math.round(Number(text.replace(',', '.')) * 100)))
  .prefault('');

const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^-?\d{1,7}$/, { error: msg('Zadajte celé číslo') })
    .transform(Number)
    .pipe(z.number().min(min, { error: msg('Hodnota je mimo povoleného rozsahu') }).max(max, { error: msg('Hodnota je mimo povoleného rozsahu') }));

const optionalWhole = (min: number, max: number) => z.union([z.literal('').transform(() => null), wholeNumber(min, max)]).prefault('');

export const slugField = z
  .string()
  .trim()
  .max(120, { error: msg('Text je príliš dlhý') })
  .regex(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, { error: SLUG_FORMAT })
  .default('');

const shopPrices = (code: 'sk' | 'cz') => ({
  [`b2c_${code}`]: money,
  [`b2b_${code}`]: money,
  [`stara_${code}`]: money,
  [`dph_${code}`]: wholeNumber(0, 99),
});

export const PRICE_MISSING = msg('Zadajte cenu pre obchod alebo nechajte prázdne aj veľkoobchodnú');

export const productFormSchema = z
  .object({
    name: z.string().trim().min(1).max(200),
    description: z.string().max(20_000).default(''),
    code: z
      .string()
      .trim()
      .min(1)
      .max(60)
      .regex(/^[A-Za-z0-9._-]+$/, { error: msg('Kód obsahuje len písmená, číslice, bodky, pomlčky a podčiarkovníky') }),
    slug: slugField,
    category: z.string().regex(/^[1-9]\d{0,9}$/, { error: CHOOSE }).transform(Number),
    seller: z.union([z.literal('').transform(() => null), z.string().regex(/^[1-9]\d{0,9}$/, { error: CHOOSE }).transform(Number)]).prefault(''),
    visible: z.enum(VISIBILITY_KEYS, { error: CHOOSE }).transform(Number),
    quantity: wholeNumber(0, 1_000_000),
    availability: wholeNumber(-1, 365),
    cartLimit: optionalWhole(1, 10_000),
    /** One piece's weight in grams; empty = 0 (not stated). */
    weight: optionalWhole(0, 10_000_000).transform((n) => n ?? 0),
    ribbons: z.array(z.enum(Object.keys(RIBBONS) as [RibbonKey, ...RibbonKey[]], { error: CHOOSE })).max(4).default([]),
    ...shopPrices('sk'),
    ...shopPrices('cz'),
    version: z.string().regex(/^\d{0,15}$/).default(''),
  })
  .superRefine((v, ctx) => {
    for (const code of ['sk', 'cz']) {
      const b2c = (v as Record<string, unknown>)[`b2c_${code}`];
      const b2b = (v as Record<string, unknown>)[`b2b_${code}`];
      if (b2c === null && b2b !== null) ctx.addIssue({ code: 'custom', path: [`b2c_${code}`], message: PRICE_MISSING });
    }
  });

export type ProductForm = {
  name: string;
  description: string;
  code: string;
  slug: string;
  category: number;
  seller: number | null;
  visible: number;
  quantity: number;
  availability: number;
  cartLimit: number | null;
  weight: number;
  ribbons: RibbonKey[];
  version: string;
} & Record<`b2c_${'sk' | 'cz'}` | `b2b_${'sk' | 'cz'}` | `stara_${'sk' | 'cz'}`, number | null> &
  Record<`dph_${'sk' | 'cz'}`, number>;

/** An image's alt text and position, the row's own small form. */
export const imageFormSchema = z.object({
  alt: z.string().trim().max(200).default(''),
  position: wholeNumber(0, 10_000),
});

/** The family panel's small forms: a product by its code (a variant or a set's component), a quantity, a variant's value. */
const productCode = z.string().trim().min(1, { error: msg('Zadajte kód produktu') }).max(64, { error: msg('Kód je príliš dlhý') });
export const variantAddSchema = z.object({ variant: productCode });
export const componentAddSchema = z.object({ component: productCode, quantity: wholeNumber(1, 99) });
export const componentQuantitySchema = z.object({ quantity: wholeNumber(1, 99) });
export const variantValueSchema = z.object({
  option: z
    .union([z.literal(''), z.string().regex(/^[1-9]\d{0,9}$/, { error: CHOOSE })])
    .default('')
    .transform((v) => (v === '' ? null : Number(v))),
});
