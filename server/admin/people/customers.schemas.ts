import { z } from 'zod';
import { msg } from '../../i18n/msg';
import { CHOOSE } from '../form';
import { pageField } from '../list-fields';

export const CUSTOMERS_PAGE_SIZE = 50;

/** The customer list's filter: a name, e-mail or phone, and the page. */
export const customerFilterSchema = z.object({
  q: z.string().trim().max(100, { error: msg('Hľadaný text je príliš dlhý') }).default(''),
  strana: pageField,
});
export type CustomerFilter = z.output<typeof customerFilterSchema>;

/** A manual points entry: credit or debit, a whole number of points, and why (kept in the audit log). */
export const pointsEntrySchema = z.object({
  direction: z.enum(['credit', 'debit'], { error: CHOOSE }),
  points: z.coerce
    .number({ error: msg('Zadajte celé číslo') })
    .int({ error: msg('Zadajte celé číslo') })
    .min(1, { error: msg('Zadajte počet bodov od 1 do 100 000') })
    .max(100_000, { error: msg('Zadajte počet bodov od 1 do 100 000') }),
  reason: z.string().trim().min(3, { error: msg('Napíšte dôvod') }).max(300),
});
export type PointsEntry = z.output<typeof pointsEntrySchema>;

/** Deleting a customer's personal data: the operator types the customer's e-mail to confirm. */
export const eraseSchema = z.object({ confirm: z.string().trim().toLowerCase().min(1) });
