import { z } from 'zod';
import { msg } from '../../i18n/msg';
import { CHOOSE } from '../form';
import { dayField, daysInOrder, pageField } from '../list-fields';
import { FILTER_KEYS, type QueueKey, type StageKey } from './order-stage';

/**
 * The order list's filter, from the query string of a plain GET form (also the CSV export's and the
 * admin API's). Unknown or malformed values are refused with a message per field, never guessed.
 */
export const PAGE_SIZE = 50;

export const orderFilterSchema = z
  .object({
    q: z.string().trim().max(100, { error: msg('Hľadaný text je príliš dlhý') }).default(''),
    stav: z.enum(['', ...FILTER_KEYS] as ['' | StageKey | QueueKey, ...('' | StageKey | QueueKey)[]], { error: CHOOSE }).default(''),
    obchod: z.enum(['', 'sk', 'cz'], { error: CHOOSE }).default(''),
    od: dayField,
    do: dayField,
    strana: pageField,
  })
  .superRefine(daysInOrder);

export type OrderFilter = z.output<typeof orderFilterSchema>;

export const EMPTY_FILTER: OrderFilter = { q: '', stav: '', obchod: '', od: '', do: '', strana: 1 };

/** The filter as a query string (without the page unless asked), for links that keep it. */
export function filterQuery(filter: OrderFilter, page?: number): string {
  const params = new URLSearchParams();
  for (const key of ['q', 'stav', 'obchod', 'od', 'do'] as const) if (filter[key]) params.set(key, filter[key]);
  if (page && page > 1) params.set('strana', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
}
