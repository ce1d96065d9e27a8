import { z } from 'zod';

/** Page and page size of the point history (spec 9: 10 rows, options 10/20/50). */
export const historyQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  size: z.coerce.number().int().pipe(z.union([z.literal(10), z.literal(20), z.literal(50)])).catch(10),
});

export const idParamSchema = z.coerce.number().int().min(1).max(2_147_483_647);

/** History type labels (spec 2, "Points screen"). */
export const POINT_TYPE_LABELS: Record<string, string> = {
  purchase: 'Nákup',
  point_item: 'Výhoda',
  manual: 'Manuálne',
  registration: 'Registrácia',
  referral: 'Odporúčanie',
};
