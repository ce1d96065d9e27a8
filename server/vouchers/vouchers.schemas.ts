import { z } from 'zod';
import { msg } from '../i18n/msg';

/** The cart's voucher box: one code (an empty one removes the voucher). */
export const voucherCodeSchema = z.object({
  code: z
    .string({ error: msg('Zadajte kód kupónu') })
    .trim()
    .max(64, { error: msg('Kupón neexistuje') }),
});

/** Letters and digits nobody misreads (no 0/O, 1/I/L): what generated codes are made of. */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export const money = (error: string) =>
  z
    .string()
    .trim()
    .transform((text) => text.replace(/\s/g, '').replace(',', '.'))
    .pipe(z.union([z.literal('').transform(() => 0), z.string().regex(/^\d{1,7}(\.\d{1,2})?$/, { error }).transform((t) => Math.round(Number(t) * 100))]));

export const day = z.union([z.literal(''), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: msg('Zadajte dátum v tvare RRRR-MM-DD') })]).default('');

/**
 * A voucher as the operator defines it (issue 20): a code (or, when new, a number of generated ones),
 * type 1 fixed (value in money) / 2 percent / 3 free shipping / 5 gift (the gift's name), the minimum
 * order, the validity days, single or multiple use and the influencer who shares it with their
 * commission (issue 21, given through the back office's form or the CLI). Money is typed as "5,00" and stored in minor units.
 */
export const voucherDefinitionSchema = z
  .object({
    code: z.string().trim().toUpperCase().max(64, { error: msg('Kód môže mať najviac 64 znakov') }).regex(/^[A-Z0-9_-]*$/, { error: msg('Kód smie obsahovať len písmená bez diakritiky, číslice, - a _') }).default(''),
    count: z.union([z.literal('').transform(() => 0), z.coerce.number().int({ error: msg('Zadajte počet od 1 do 1000') }).min(1, { error: msg('Zadajte počet od 1 do 1000') }).max(1000, { error: msg('Zadajte počet od 1 do 1000') })]).default(0),
    type: z.enum(['1', '2', '3', '5'], { error: msg('Vyberte jednu z možností') }).transform(Number),
    value: z.string().trim().default(''),
    amountFrom: money(msg('Zadajte sumu, napríklad 20,00')).default(0),
    giftItem: z.string().trim().max(200).default(''),
    validFrom: day,
    dateTo: day,
    singleUse: z.enum(['', '1']).default('').transform((v) => v === '1'),
    /** The influencer's account (its e-mail) who shares the code (/moje/influencer-kupony); empty: nobody's. */
    influencer: z.union([z.literal(''), z.email({ error: msg('Zadajte e-mail účtu influencera') }).max(254, { error: msg('Zadajte e-mail účtu influencera') })]).default(''),
    /** The influencer's commission in whole percent of the goods paid; empty: none. */
    commission: z
      .string()
      .trim()
      .default('')
      .refine((c) => c === '' || (/^\d{1,3}$/.test(c) && Number(c) <= 100), { error: msg('Zadajte províziu od 0 do 100 %') })
      .transform((c) => (c === '' ? null : Number(c))),
  })
  .transform((v, ctx) => {
    let value = 0;
    if (v.type === 1) {
      const parsed = money(msg('Zadajte sumu, napríklad 5,00')).safeParse(v.value);
      if (!parsed.success || parsed.data <= 0) ctx.addIssue({ code: 'custom', path: ['value'], message: msg('Zadajte sumu, napríklad 5,00') });
      else value = parsed.data;
    } else if (v.type === 2) {
      const n = Number(v.value);
      if (!/^\d{1,3}$/.test(v.value) || n < 1 || n > 100) ctx.addIssue({ code: 'custom', path: ['value'], message: msg('Zadajte percento od 1 do 100') });
      else value = n;
    }
    if (v.type === 5 && !v.giftItem) ctx.addIssue({ code: 'custom', path: ['giftItem'], message: msg('Napíšte, aký darček kupón dáva') });
    if (v.validFrom && v.dateTo && v.validFrom > v.dateTo) ctx.addIssue({ code: 'custom', path: ['dateTo'], message: msg('Koniec platnosti je pred jej začiatkom') });
    if (v.commission !== null && !v.influencer) ctx.addIssue({ code: 'custom', path: ['commission'], message: msg('Províziu má len kupón influencera') });
    return { ...v, influencer: v.influencer.toLowerCase(), value, giftItem: v.type === 5 ? v.giftItem : null };
  });

export type VoucherDefinition = z.output<typeof voucherDefinitionSchema>;
