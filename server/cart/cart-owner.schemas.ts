import { z } from 'zod';
import { msg } from '../i18n/msg';

/** The answer to "continue a cart started on another device" (form or JSON); pure, widgets may import it. */
export const CONTINUE_CHOICES = ['continue', 'keep', 'merge'] as const;

export const continueSchema = z.object({
  cart_id: z
    .union([z.number().int().min(1).max(2_147_483_647), z.string().regex(/^\d{1,9}$/).transform(Number)])
    .refine((n) => n >= 1, { message: msg('Nesprávna hodnota') }),
  choice: z.enum(CONTINUE_CHOICES, { message: msg('Vyberte jednu z možností') }),
});
export type ContinueInput = z.infer<typeof continueSchema>;
