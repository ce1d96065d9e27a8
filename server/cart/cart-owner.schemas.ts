import { z } from 'zod';
import { msg } from '../i18n/msg';

/** The answer to "continue a cart started on another device" (form or JSON); pure, widgets may import it. */
export const CONTINUE_CHOICES = ['continue', 'keep', 'merge'] as const;

export const continueSchema = z.object({
  cart_id: z
    .union([z.number().int().min(1).max(2_147_483_647), z.string().regex(/^\d{1,9}$/).transform(Number)])
    .refine((n) => n >= 1, { message: msg('Nesprávna hodnota') }),
  // A custom issue, so the problem's `errors` carry this text (cart.schemas.ts fieldErrors).
  choice: z.unknown().transform((value, ctx) => {
    const choice = CONTINUE_CHOICES.find((c) => c === value);
    if (!choice) {
      ctx.addIssue({ code: 'custom', message: msg('Vyberte jednu z možností') });
      return z.NEVER;
    }
    return choice;
  }),
});
export type ContinueInput = z.infer<typeof continueSchema>;
