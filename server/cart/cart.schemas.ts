import { z } from 'zod';
import { msg } from '../i18n/msg';

/**
 * Input of the cart calls; pure, so widgets may import them. Form posts send strings and JSON sends
 * numbers: both are accepted, but only whole numbers written plainly ("2", 2) — never "2.5", "1e1",
 * " 3" or true. Prices, totals or discounts in a body are not part of any schema: they are dropped.
 */
const wholeNumber = (message: string) =>
  z.union([z.number(), z.string()]).transform((value, ctx) => {
    const n = typeof value === 'number' ? value : /^-?\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isSafeInteger(n)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n;
  });

const id = (message: string) => wholeNumber(message).pipe(z.number().int().min(0, { message }).max(2_147_483_647, { message }));

const PRODUCT = msg('Vyberte produkt');
const ADD_QUANTITY = msg('Zadajte počet od 1 do 99');
const QUANTITY = msg('Zadajte počet od 0 do 99');

export const addSchema = z.object({
  product_id: id(PRODUCT),
  quantity: wholeNumber(ADD_QUANTITY)
    .pipe(z.number().min(1, { message: ADD_QUANTITY }).max(99, { message: ADD_QUANTITY }))
    .optional()
    .default(1),
});

export const updateSchema = z.object({
  product_id: id(PRODUCT),
  quantity: wholeNumber(QUANTITY).pipe(z.number().min(0, { message: QUANTITY }).max(99, { message: QUANTITY })),
});

export const deliverySchema = z.object({ id: id(msg('Vyberte spôsob dopravy')) });
export const paymentSchema = z.object({ id: id(msg('Vyberte spôsob platby')) });
export const pickupSchema = z.object({
  pickup_point_id: id(msg('Vyberte výdajné miesto')),
  company_id: id(msg('Vyberte spôsob dopravy')),
});

export const pickupSearchSchema = z.object({
  company_id: id(msg('Vyberte spôsob dopravy')),
  q: z.string().trim().max(60, { message: msg('Zadajte mesto alebo PSČ') }).optional().default(''),
});

/** Spec 9 countries; which of them a buyer may pick is the role's question (cart.service.ts). */
export const COUNTRY_CODES = ['sk', 'cz'] as const;
export const countrySchema = z.object({
  country: z
    .string({ message: msg('Do tejto krajiny nedoručujeme') })
    .trim()
    .toLowerCase()
    .refine((v): v is (typeof COUNTRY_CODES)[number] => (COUNTRY_CODES as readonly string[]).includes(v), { message: msg('Do tejto krajiny nedoručujeme') }),
});

const NEAR = msg('Poloha musí byť zemepisná šírka a dĺžka, napríklad 48.1486,17.1077');

/**
 * GET /api/pickup-points (the pickup dialog): one carrier's points in one delivery country (the
 * shop's own when not given), searched by words (as the step-2 search form) and/or nearest first to
 * `near` ("lat,lng", WGS 84 degrees: the map's centre).
 */
export const pickupPointsSchema = z.object({
  company: id(msg('Vyberte spôsob dopravy')),
  country: countrySchema.shape.country.optional(),
  q: z.string().trim().max(60, { message: msg('Zadajte mesto alebo PSČ') }).optional().default(''),
  near: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return null;
      const match = /^\s*(-?\d{1,2}(?:\.\d{1,8})?)\s*,\s*(-?\d{1,3}(?:\.\d{1,8})?)\s*$/.exec(value);
      const [lat, lng] = match ? [Number(match[1]), Number(match[2])] : [NaN, NaN];
      if (!(Math.abs(lat) <= 90 && Math.abs(lng) <= 180)) {
        ctx.addIssue({ code: 'custom', message: NEAR });
        return z.NEVER;
      }
      return { lat, lng };
    }),
});

export type AddInput = z.infer<typeof addSchema>;
export type UpdateInput = z.infer<typeof updateSchema>;

/** The first message per field, in the shape of the problem's `errors`. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '_');
    // A missing field arrives as zod's own type message; ours are the Slovak source texts.
    out[field] ??= issue.code === 'custom' || issue.code === 'too_small' || issue.code === 'too_big' ? issue.message : fallbackMessage(field);
  }
  return out;
}

function fallbackMessage(field: string): string {
  switch (field) {
    case 'quantity':
      return QUANTITY;
    case 'product_id':
      return PRODUCT;
    case 'pickup_point_id':
      return msg('Vyberte výdajné miesto');
    case 'country':
      return msg('Do tejto krajiny nedoručujeme');
    case 'company_id':
    case 'id':
      return msg('Vyberte možnosť zo zoznamu');
    default:
      return msg('Nesprávna hodnota');
  }
}
