import { z } from 'zod';
import { msg } from '../i18n/msg';
import { youtubeId } from './youtube';

/** Input schemas of the product area; pure, so widgets may import them for instant feedback. */
export const MAX_ID = 2 ** 31 - 1;
export const REVIEW_LIMIT_DEFAULT = 10;
export const REVIEW_LIMIT_MAX = 50;

/** Form fields arrive as text; an empty field counts as absent. */
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** A positive integer id from route or form text; null for anything else ("abc", "-1", "1e3", huge). */
export function parseId(raw: unknown): number | null {
  const value = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= MAX_ID ? id : null;
}

const ID_ERROR = (issue: { input?: unknown }) => (issue.input === undefined ? msg('Zadajte ID produktu') : msg('Neplatné ID produktu'));

export const idField = z.preprocess((value) => parseId(value) ?? blankToUndefined(value), z.number({ error: ID_ERROR }).int({ error: ID_ERROR }).min(1, { error: ID_ERROR }).max(MAX_ID, { error: ID_ERROR }));

const count = (min: number, max: number, fallback: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: msg('Zadajte celé číslo') })
      .int({ error: msg('Zadajte celé číslo') })
      .min(min, { error: msg('Hodnota je mimo povoleného rozsahu') })
      .max(max, { error: msg('Hodnota je mimo povoleného rozsahu') })
      .default(fallback),
  );

/** GET /api/review (query) and POST /api/review (form): spec 7, `_limit` default 10. */
export const reviewQuerySchema = z.object({
  product_id: idField,
  _limit: count(1, REVIEW_LIMIT_MAX, REVIEW_LIMIT_DEFAULT),
  _offset: count(0, 1_000_000, 0),
});
export type ReviewQuery = z.infer<typeof reviewQuerySchema>;

/** POST /api/video/chapter: a product id or a video link that yields an 11-character id. */
export const videoChapterSchema = z
  .object({
    product_id: z.preprocess(blankToUndefined, idField.optional()),
    url: z.preprocess(blankToUndefined, z.string().max(2000, { error: msg('Odkaz je príliš dlhý') }).optional()),
  })
  .superRefine((value, ctx) => {
    if (value.url !== undefined && youtubeId(value.url) === null) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: msg('Odkaz na video musí obsahovať 11-znakové ID videa') });
    }
    if (value.url === undefined && value.product_id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['product_id'], message: msg('Zadajte ID produktu alebo odkaz na video') });
    }
  });
