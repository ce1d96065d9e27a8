import { z } from 'zod';
import { msg } from '../../i18n/msg';
import { day, money } from '../../vouchers/vouchers.schemas';

/**
 * The selling rules' forms (issue 20): shipping prices, payments with their carriers and the COD
 * fee, gifts and point items. One schema per form; money typed as "2,49" and kept in minor units.
 */
const AMOUNT = msg('Zadajte sumu, napríklad 2,49');
const shopCode = z.enum(['sk', 'cz'], { error: msg('Vyberte jednu z možností') });
const country = z.enum(['sk', 'cz'], { error: msg('Vyberte jednu z možností') });
const id = z.string().trim().regex(/^\d{1,4}$/, { error: msg('Vyberte jednu z možností') }).transform(Number);
const text = (max: number) => z.string().trim().max(max, { error: msg('Text je príliš dlhý') });
const required = (max: number) => text(max).min(1, { error: msg('Toto pole je povinné') });
const whole = (error: string, max = 1_000_000) =>
  z
    .string()
    .trim()
    .transform((typed, ctx) => {
      if (!typed) return null;
      if (/^\d{1,9}$/.test(typed) && Number(typed) <= max) return Number(typed);
      ctx.addIssue({ code: 'custom', message: error });
      return z.NEVER;
    });
/** Money that may be left empty (null); a wrong text gets the amount's own message. */
const optionalMoney = z
  .string()
  .trim()
  .transform((typed, ctx) => {
    if (!typed) return null;
    const parsed = money(AMOUNT).safeParse(typed);
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message: AMOUNT });
    return z.NEVER;
  });
/** Money that must be typed. */
const requiredMoney = z
  .string()
  .trim()
  .min(1, { error: msg('Toto pole je povinné') })
  .pipe(optionalMoney)
  .transform((n) => n ?? 0);
const GRAMS = msg('Zadajte hmotnosť v celých gramoch');
const flag = z.enum(['', '1']).default('').transform((v) => v === '1');

/** One shipping price rule: a carrier with a payment, for a subtotal range, in a shop and delivery country. */
export const shippingRuleSchema = z
  .object({
    shop: shopCode,
    country,
    companyId: id,
    paymentId: id,
    name: required(200),
    description: text(300).default(''),
    amountMin: money(AMOUNT).default(0),
    amountMax: optionalMoney.default(null),
    /** The cart's weight band in grams, typed as whole grams; empty: from 0, no upper limit. */
    weightMin: whole(GRAMS, 10_000_000).default(null).transform((n) => n ?? 0),
    weightMax: whole(GRAMS, 10_000_000).default(null),
    price: requiredMoney,
    sort: whole(msg('Zadajte celé číslo'), 10_000).default(null).transform((n) => n ?? 0),
  })
  .refine((v) => v.amountMax === null || v.amountMax >= v.amountMin, { path: ['amountMax'], error: msg('Horná hranica je pod dolnou') })
  .refine((v) => v.weightMax === null || v.weightMax >= v.weightMin, { path: ['weightMax'], error: msg('Horná hranica je pod dolnou') });
export type ShippingRuleInput = z.output<typeof shippingRuleSchema>;

/** A payment method: its texts, the countries it is offered in, the carriers it goes with in each shop and the shop's COD fee. */
export const paymentSchema = z.object({
  name: required(200),
  description: text(500).default(''),
  countries: z.enum(['', 'sk', 'cz'], { error: msg('Vyberte jednu z možností') }).default(''),
  /** Carrier ids per shop, as checked boxes ("sk:10\ncz:10"). */
  carriers: z
    .string()
    .default('')
    .transform((s) => s.split('\n').map((x) => x.trim()).filter(Boolean))
    .pipe(z.array(z.string().regex(/^(sk|cz):\d{1,4}$/, { error: msg('Vyberte jednu z možností') })).max(100)),
  /** Only on cash on delivery's form; empty there is refused by the save. */
  codFeeSk: optionalMoney.optional(),
  codFeeCz: optionalMoney.optional(),
});
export type PaymentInput = z.output<typeof paymentSchema>;

/** A gift the cart adds from a subtotal on (and shows as the motivation below it). */
export const giftSchema = z.object({
  shop: shopCode,
  value: required(200),
  amountMin: requiredMoney,
  active: flag,
  /** Shop days (RRRR-MM-DD), both inclusive; empty: no start or no end. */
  validFrom: day,
  validTo: day,
  /** Codes of the products that trigger the gift (separated by commas, spaces or lines); none: any cart. */
  products: z
    .string()
    .default('')
    .transform((s) => [...new Set(s.split(/[\s,;]+/).map((x) => x.trim()).filter(Boolean))])
    .pipe(z.array(z.string().max(64, { error: msg('Kód je príliš dlhý') })).max(200, { error: msg('Najviac 200 produktov') })),
}).refine((v) => !v.validFrom || !v.validTo || v.validFrom <= v.validTo, { path: ['validTo'], error: msg('Koniec platnosti je pred jej začiatkom') });
export type GiftInput = z.output<typeof giftSchema>;

/**
 * What points buy: name, price in points, stock and once-per-user limits, and for a 'voucher' item
 * the voucher it issues (type 1 an amount typed as "5,00", 2 a percent, 3 free shipping).
 */
export const pointItemSchema = z
  .object({
    name: required(200),
    price: z.string().trim().min(1, { error: msg('Toto pole je povinné') }).pipe(whole(msg('Zadajte celé číslo'))).transform((n) => n ?? 0),
    kind: z.enum(['voucher', 'guide', 'reward'], { error: msg('Vyberte jednu z možností') }),
    stock: whole(msg('Zadajte celé číslo')).default(null),
    oncePerUser: flag,
    disabled: flag,
    voucherType: z.enum(['', '1', '2', '3'], { error: msg('Vyberte jednu z možností') }).default('').transform((v) => (v ? Number(v) : null)),
    voucherValue: z.string().trim().max(20).default(''),
    voucherAmountFrom: optionalMoney.default(null),
    voucherDays: whole(msg('Zadajte celé číslo'), 3650).default(null),
  })
  .transform((v, ctx) => {
    if (v.price < 1) ctx.addIssue({ code: 'custom', path: ['price'], message: msg('Zadajte celé číslo') });
    let voucherValue: number | null = null;
    if (v.kind === 'voucher') {
      if (v.voucherType === null) ctx.addIssue({ code: 'custom', path: ['voucherType'], message: msg('Pri kupóne vyberte typ kupónu') });
      if (v.voucherType === 1) {
        const parsed = money(AMOUNT).safeParse(v.voucherValue);
        if (!parsed.success || parsed.data <= 0) ctx.addIssue({ code: 'custom', path: ['voucherValue'], message: AMOUNT });
        else voucherValue = parsed.data;
      } else if (v.voucherType === 2) {
        const n = Number(v.voucherValue);
        if (!/^\d{1,3}$/.test(v.voucherValue) || n < 1 || n > 100) ctx.addIssue({ code: 'custom', path: ['voucherValue'], message: msg('Zadajte percento od 1 do 100') });
        else voucherValue = n;
      } else if (v.voucherType === 3) voucherValue = 0;
    }
    return { ...v, voucherValue };
  });
export type PointItemInput = z.output<typeof pointItemSchema>;
