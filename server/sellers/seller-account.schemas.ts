import { z } from 'zod';
import { FILL_ALL_REQUIRED, NAME_REQUIRED, parsePrice, parseStock, TOO_LONG } from './seller-limits';

export * from './seller-limits';

/** The seller's own forms (spec 3 "Seller shop data", "Seller product create / Edit"); limits and texts in seller-limits.ts. */
const text = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() : v === undefined || v === null ? '' : v), z.string().max(max, { message: TOO_LONG }));

/** Spec 3 "Seller shop data": name required, description optional; the image is checked apart (bytes). */
export const sellerProfileSchema = z.object({
  name: text(120).refine((v) => v.length > 0, { message: NAME_REQUIRED }),
  description: text(2000),
});
export type SellerProfileForm = z.infer<typeof sellerProfileSchema>;

// optional(): a left-out key reaches the transform (zod 4 would answer an untranslated "nonoptional").
const price = z.unknown().optional().transform((v, ctx) => {
  const parsed = parsePrice(v);
  if (!parsed.ok) {
    ctx.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  }
  return parsed.cents;
});

/**
 * Pieces in stock (decision 253): typed but empty is "Vyplňte všetky povinné polia"; left out it is
 * null, which a create refuses (required, like the image) and an edit reads as "unchanged".
 */
const quantity = z.unknown().optional().transform((v, ctx) => {
  if (v === undefined || v === null) return null;
  const parsed = parseStock(v);
  if (!parsed.ok || parsed.quantity === null) {
    ctx.addIssue({ code: 'custom', message: parsed.ok ? FILL_ALL_REQUIRED : parsed.message });
    return z.NEVER;
  }
  return parsed.quantity;
});

/** Create and edit share it: name, price and stock required ("Vyplňte všetky povinné polia"), description optional. */
export const sellerProductSchema = z.object({
  name: text(200).refine((v) => v.length > 0, { message: FILL_ALL_REQUIRED }),
  description: text(5000),
  price,
  quantity,
});
export type SellerProductForm = z.infer<typeof sellerProductSchema>;

