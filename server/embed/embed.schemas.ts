import { z } from 'zod';
import { msg } from '../i18n/msg';
import { LOCALES } from '../i18n/locales';
import { CATEGORY_SLUG, EMBED_DEFAULT_LIMIT, EMBED_MAX_PRODUCTS } from './embed.limits';

const TOO_MANY = msg('Najviac 48 produktov naraz');
const BAD_ID = msg('Neplatné ID');

/** "12,15,18" → [12, 15, 18] in that order, each once; any part that is not an id is a 400. */
const ids = z
  .string()
  .max(4000, { error: TOO_MANY })
  .transform((text) => text.split(',').map((part) => part.trim()).filter(Boolean))
  .pipe(
    z
      .array(z.string().regex(/^[1-9][0-9]{0,9}$/, { error: BAD_ID }).transform(Number).refine((n) => n <= 2_147_483_647, { error: BAD_ID }))
      .min(1, { error: msg('Zadajte aspoň jedno ID') })
      .max(EMBED_MAX_PRODUCTS, { error: TOO_MANY }),
  )
  .transform((list) => [...new Set(list)]);

/**
 * GET /api/embed/products: a partner carousel's one request. Products by `ids` (in that order) or
 * the first `limit` of a category (`category`, its slug), priced and worded for `shop` and `locale`.
 */
export const embedProductsQuery = z
  .object({
    shop: z.enum(['sk', 'cz'], { error: msg('Obchod je sk alebo cz') }),
    locale: z.enum(LOCALES, { error: msg('Neznámy jazyk') }).optional(),
    ids: ids.optional(),
    category: z.string().regex(CATEGORY_SLUG, { error: msg('Neplatná kategória') }).optional(),
    limit: z.coerce
      .number({ error: msg('Limit musí byť celé číslo od 1 do 48') })
      .int({ error: msg('Limit musí byť celé číslo od 1 do 48') })
      .min(1, { error: msg('Limit musí byť celé číslo od 1 do 48') })
      .max(EMBED_MAX_PRODUCTS, { error: msg('Limit musí byť celé číslo od 1 do 48') })
      .default(EMBED_DEFAULT_LIMIT),
  })
  .refine((q) => (q.ids === undefined) !== (q.category === undefined), { path: ['ids'], error: msg('Zadajte ids alebo category') });

export type EmbedProductsQuery = z.output<typeof embedProductsQuery>;
