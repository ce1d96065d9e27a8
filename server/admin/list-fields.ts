import { z } from 'zod';
import { msg } from '../i18n/msg';

/** Fields every back-office list filter shares: a day (YYYY-MM-DD, the date input's value) and the page. */
export const dayField = z.union([z.literal(''), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: msg('Zadajte dátum v tvare RRRR-MM-DD') })]).default('');

/** A page number; anything else is the first page (a link, not something a person types). */
export const pageField = z.coerce.number().int().min(1).max(100_000).catch(1).default(1);

export const DAYS_REVERSED = msg('Koniec obdobia je pred jeho začiatkom');

/** Refuses a range whose end is before its start, on the `do` field. */
export function daysInOrder(value: { od: string; do: string }, ctx: z.RefinementCtx): void {
  if (value.od && value.do && value.od > value.do) ctx.addIssue({ code: 'custom', path: ['do'], message: DAYS_REVERSED });
}
