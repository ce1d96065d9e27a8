import { z } from 'zod';

/** A favourite group name chosen in the popover ("Do kuchyne"); empty means none. */
export const categoryName = z
  .string()
  .trim()
  .max(60)
  .transform((s) => s.replace(/\s+/g, ' '))
  .transform((s) => (s === '' ? null : s))
  .nullable()
  .optional()
  .transform((s) => s ?? null);

export const MAX_IDS = 500;

/**
 * product_ids / blog_ids arrive as a JSON array (JSON body), a JSON string or a comma list
 * (form field); anything else is an empty list, never an exception.
 */
export function parseIds(value: unknown): number[] {
  let list: unknown = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      list = value.split(',');
    }
  }
  if (typeof list === 'number') list = [list];
  if (!Array.isArray(list)) return [];
  const ids = list.map((v) => (typeof v === 'string' ? Number(v.trim()) : v)).filter((v): v is number => Number.isSafeInteger(v) && v > 0);
  return [...new Set(ids)].slice(0, MAX_IDS);
}
