import { z } from 'zod';
import { msg } from '../i18n/msg';
import { NAME_REQUIRED, TOO_LONG } from '../sellers/seller-limits';

/**
 * Rakeťák's form (issue 21, docs/decisions/245): title, text, linked products (codes or ids), an
 * image checked apart (bytes, the sellers' product-image rules: server/sellers/seller-images.ts).
 */
export const MAX_STORY_PRODUCTS = 4;
export const MAX_TITLE = 120;
export const MAX_BODY = 4000;

export const STORY_SAVED = msg('Príbeh bol uložený.');
export const STORY_SUBMITTED = msg('Príbeh bol odoslaný na schválenie.');
export const BODY_REQUIRED = msg('Napíšte text príbehu.');
export const IMAGE_REQUIRED = msg('Pridajte obrázok.');
export const PRODUCT_UNKNOWN = msg('Niektorý z produktov sme nenašli. Skontrolujte kódy.');
export const PRODUCTS_TOO_MANY = msg('Príbeh môže ukázať najviac 4 produkty.');
export const STORY_PENDING = msg('Príbeh čaká na schválenie, nedá sa upravovať.');
export const STORY_APPROVED = msg('Príbeh je schválený. Už ho nemôžete upravovať.');
export const STORY_MISSING = msg('Príbeh neexistuje');
export const FIX_FIELDS = msg('Vyplňte povinné polia');

const text = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' ? v.replace(/\r\n/g, '\n').trim() : v === undefined || v === null ? '' : v), z.string().max(max, { message: TOO_LONG }));

/** "12, S1A2B3 7": product ids or public codes, split on commas, spaces and new lines. */
const productRefs = z.preprocess(
  (v) => (typeof v === 'string' ? v : ''),
  z
    .string()
    .max(400, { message: TOO_LONG })
    .transform((v) => [...new Set(v.split(/[\s,;]+/).filter(Boolean))])
    .refine((refs) => refs.length <= MAX_STORY_PRODUCTS, { message: PRODUCTS_TOO_MANY })
    .refine((refs) => refs.every((r) => /^[A-Za-z0-9_-]{1,40}$/.test(r)), { message: PRODUCT_UNKNOWN }),
);

export const storySchema = z.object({
  title: text(MAX_TITLE).refine((v) => v.length > 0, { message: NAME_REQUIRED }),
  body: text(MAX_BODY),
  products: productRefs,
  /** Which button: save the draft, or submit it for approval. */
  action: z.enum(['save', 'submit']).catch('save'),
});
export type StoryForm = z.infer<typeof storySchema>;

/** The operator's refusal: the reason the author reads (required). */
export const refuseStorySchema = z.object({
  reason: z.string().trim().min(3, { error: msg('Napíšte autorovi, prečo príbeh zamietate') }).max(2000),
});
