import { z } from 'zod';
import { msg } from '../../i18n/msg';

/**
 * The live streams' forms in the back office (issue 22): a stream (name, description, the provider's
 * address, live when created) and a chapter (spec 3: type 1 html, 2 image, 3 product ids, 4 guide
 * ids, 5 category slugs, 6 static post slugs, 8 point items; sort; timestamp in seconds of the video).
 */
const required = (max: number) => z.string().trim().min(1, { error: msg('Toto pole je povinné') }).max(max, { error: msg('Text je príliš dlhý') });
const whole = (max: number) =>
  z
    .string()
    .trim()
    .default('')
    .refine((v) => v === '' || (/^\d{1,9}$/.test(v) && Number(v) <= max), { error: msg('Zadajte celé číslo') })
    .transform((v) => (v === '' ? 0 : Number(v)));

export const streamSchema = z.object({
  name: required(200),
  description: z.string().trim().max(2000, { error: msg('Text je príliš dlhý') }).default(''),
  url: required(500).pipe(z.url({ protocol: /^https?$/, error: msg('Zadajte adresu videa, napríklad https://www.youtube.com/watch?v=…') })),
  /** Only when created: a stream made live starts now (`started_at`); later the start/end buttons. */
  live: z.enum(['', '1']).default('').transform((v) => v === '1'),
});
export type StreamInput = z.output<typeof streamSchema>;

/** How many ids or slugs one chapter may name (the page shows at most 12: server/streams/chapters.ts). */
const MAX_ITEMS = 12;
const ITEMS = msg('Zadajte najviac 12 položiek oddelených čiarkou');
const IDS = msg('Zadajte čísla oddelené čiarkou, napríklad 12, 15');
const SLUGS = msg('Zadajte adresy (slug) oddelené čiarkou, napríklad kvety, zahrada');

export const chapterSchema = z
  .object({
    type: z.enum(['1', '2', '3', '4', '5', '6', '8'], { error: msg('Vyberte jednu z možností') }).transform(Number),
    value: required(20_000),
    sort: whole(10_000),
    /** Seconds into the video at which a recorded stream shows the chapter. */
    timestamp: whole(86_400),
  })
  .transform((v, ctx) => {
    if (v.type === 1 || v.type === 2) return { ...v, value: v.value, type: v.type as 1 | 2 };
    const items = [...new Set(v.value.split(',').map((x) => x.trim()).filter(Boolean))];
    const numeric = v.type === 3 || v.type === 4 || v.type === 8;
    if (items.length > MAX_ITEMS) ctx.addIssue({ code: 'custom', path: ['value'], message: ITEMS });
    else if (numeric && !items.every((x) => /^\d{1,10}$/.test(x))) ctx.addIssue({ code: 'custom', path: ['value'], message: IDS });
    else if (!numeric && !items.every((x) => /^[a-z0-9][a-z0-9-]{0,199}$/.test(x))) ctx.addIssue({ code: 'custom', path: ['value'], message: SLUGS });
    return { ...v, type: v.type as 3 | 4 | 5 | 6 | 8, value: items.join(',') };
  });
export type ChapterFormInput = z.output<typeof chapterSchema>;
