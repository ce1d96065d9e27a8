import { z } from 'zod';
import { msg } from '../i18n/msg';

/** The cart's voucher box: one code (an empty one removes the voucher). */
export const voucherCodeSchema = z.object({
  code: z
    .string({ error: msg('Zadajte kód kupónu') })
    .trim()
    .max(64, { error: msg('Kupón neexistuje') }),
});
