import { z } from 'zod';
import { msg } from '../../i18n/msg';
import { CHOOSE, FORMAT, REQUIRED, TOO_LONG } from '../form';
import { pageField } from '../list-fields';
import { localeSlug, localeText, localeTextsSchema } from '../locale-texts';
import { typedDay } from '../shop-days';

/**
 * The content section's forms (guides, static pages, banners, overlay messages): one schema per
 * form, over the text fields of a plain POST. Files are read apart (server/admin/content/images.ts).
 */
export const SLUG_FORMAT = msg('Adresa môže obsahovať len malé písmená bez diakritiky, číslice a pomlčky');
export const SLUG_TAKEN = msg('Táto adresa sa už používa');
export const CHANGED_MEANWHILE = msg('Záznam medzitým zmenil niekto iný. Načítajte ho znova; vaše zmeny sú ponechané vo formulári.');

const text = (max: number) => z.string().trim().max(max, { error: TOO_LONG });
const required = (max: number) => text(max).min(1, { error: REQUIRED });
const checkbox = z.string().optional().transform((v) => v === 'on' || v === '1' || v === 'true');
const slug = z
  .string()
  .trim()
  .min(1, { error: REQUIRED })
  .max(200, { error: TOO_LONG })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: SLUG_FORMAT });
const version = z.string().max(64).default('');
const day = z
  .string()
  .trim()
  .min(1, { error: REQUIRED })
  .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && typedDay(v) !== null, { error: msg('Zadajte dátum v tvare RRRR-MM-DD') });
const optionalDay = z.union([z.literal(''), day]).default('');
const id = z.coerce.number({ error: CHOOSE }).int({ error: CHOOSE }).min(1, { error: CHOOSE });
const count = (min: number, max: number) => z.coerce.number({ error: FORMAT }).int({ error: FORMAT }).min(min, { error: FORMAT }).max(max, { error: FORMAT });
const optionalCount = (min: number, max: number) =>
  z.preprocess((v) => (v === undefined || v === null ? '' : v), z.union([z.literal('').transform(() => null), count(min, max)]));

/** The list filters: a text and the page. */
export const listFilterSchema = z.object({ q: text(100).default(''), strana: pageField });
export type ListFilter = z.output<typeof listFilterSchema>;

export const POINTS_NEEDED = msg('Zadajte počet bodov');

export const guideSchema = z
  .object({
    title: required(200),
    slug,
    short: text(2000).default(''),
    categoryId: id,
    body: text(200_000).default(''),
    visible: checkbox,
    publishedAt: day,
    obtainMode: z.enum(['free', 'points', 'purchase'], { error: CHOOSE }),
    obtainPrice: optionalCount(1, 10_000_000),
    version,
  })
  .superRefine((v, ctx) => {
    if (v.obtainMode === 'points' && v.obtainPrice === null) ctx.addIssue({ code: 'custom', path: ['obtainPrice'], message: POINTS_NEEDED });
  })
  .transform((v) => ({ ...v, obtainPrice: v.obtainMode === 'free' ? null : v.obtainPrice }));
export type GuideForm = z.output<typeof guideSchema>;
export const GUIDE_FIELDS = ['title', 'slug', 'short', 'categoryId', 'body', 'visible', 'publishedAt', 'obtainMode', 'obtainPrice', 'version'] as const;

/** A guide's texts in cs, en, de, ro, hu (templates/admin/_locale-texts.eta); empty = the Slovak one. */
export const guideTextsSchema = localeTextsSchema({ title: localeText(200), slug: localeSlug(), short: localeText(2000), body: localeText(200_000) });
export type GuideTextsForm = z.output<typeof guideTextsSchema>;
export const GUIDE_TEXT_FIELDS = ['title', 'slug', 'short', 'body'] as const;

export const pageSchema = z.object({
  title: required(200),
  slug,
  shop: z.enum(['', 'sk', 'cz'], { error: CHOOSE }).default(''),
  body: text(200_000).default(''),
  visible: checkbox,
  version,
});
export type PageForm = z.output<typeof pageSchema>;
export const PAGE_FIELDS = ['title', 'slug', 'shop', 'body', 'visible', 'version'] as const;

/** A static page's texts in cs, en, de, ro, hu; empty = the Slovak one. */
export const pageTextsSchema = localeTextsSchema({ title: localeText(200), slug: localeSlug(), body: localeText(200_000) });
export type PageTextsForm = z.output<typeof pageTextsSchema>;
export const PAGE_TEXT_FIELDS = ['title', 'slug', 'body'] as const;

export const LINK_FORMAT = msg('Zadajte adresu v obchode (začína /) alebo adresu https://');
/** A banner's link: a path of the shop ("/akcia", not "//host") or an https address. */
const link = z
  .string()
  .trim()
  .min(1, { error: REQUIRED })
  .max(500, { error: TOO_LONG })
  .refine((v) => {
    if (v.startsWith('/')) return !v.startsWith('//') && !v.includes('\\') && !/\s/.test(v);
    try {
      return new URL(v).protocol === 'https:';
    } catch {
      return false;
    }
  }, { error: LINK_FORMAT });

export const DATES_REVERSED = msg('Koniec platnosti je pred jej začiatkom');

export const bannerSchema = z
  .object({
    name: required(200),
    shop: z.enum(['', 'sk', 'cz'], { error: CHOOSE }).default(''),
    url: link,
    alt: text(300).default(''),
    /** The copy over the image: a headline (required for a new banner; older ones may have none), a short text, the call to action's label (the link is `url`). */
    headline: text(80).default(''),
    text: text(160).default(''),
    cta: text(30).default(''),
    position: count(0, 100_000),
    validFrom: optionalDay,
    validTo: optionalDay,
    visible: checkbox,
    version,
  })
  .superRefine((v, ctx) => {
    if (v.validFrom && v.validTo && v.validFrom > v.validTo) ctx.addIssue({ code: 'custom', path: ['validTo'], message: DATES_REVERSED });
    // A new banner (no version yet) says something; a banner saved before headlines existed may keep none.
    if (!v.version && !v.headline) ctx.addIssue({ code: 'custom', path: ['headline'], message: REQUIRED });
  });
export type BannerForm = z.output<typeof bannerSchema>;
export const BANNER_FIELDS = ['name', 'shop', 'url', 'alt', 'headline', 'text', 'cta', 'position', 'validFrom', 'validTo', 'visible', 'version'] as const;

export const ROUTE_FORMAT = msg('Zadajte cestu začínajúcu /, napríklad / alebo /navody-inspiracie ($ na konci = len táto stránka)');
export const TARGET_FORMAT = msg('Zadajte id prvku stránky (písmená, číslice, - a _)');
export const HIDE_BEFORE_SHOW = msg('Skrytie musí nastať po zobrazení');

export const overlaySchema = z
  .object({
    text: required(1000),
    shop: z.enum(['', 'sk', 'cz'], { error: CHOOSE }).default(''),
    severity: z.enum(['info', 'success', 'warn', 'error'], { error: CHOOSE }),
    position: z.enum(['top-left', 'top-right', 'bottom-left', 'bottom-right', 'top', 'bottom', 'left', 'right'], { error: CHOOSE }),
    target: z
      .string()
      .trim()
      .max(100, { error: TOO_LONG })
      .refine((v) => v === '' || /^[A-Za-z][\w-]*$/.test(v), { error: TARGET_FORMAT })
      .default(''),
    route: z
      .string()
      .trim()
      .min(1, { error: REQUIRED })
      .max(300, { error: TOO_LONG })
      .refine((v) => /^\/[\w\-./~%]*\$?$/.test(v) && !v.startsWith('//'), { error: ROUTE_FORMAT }),
    showDelay: count(0, 3_600_000),
    hideDelay: optionalCount(1, 3_600_000),
    sequence: optionalCount(0, 1000),
    visible: checkbox,
    version,
  })
  .superRefine((v, ctx) => {
    if (v.hideDelay !== null && v.hideDelay <= v.showDelay) ctx.addIssue({ code: 'custom', path: ['hideDelay'], message: HIDE_BEFORE_SHOW });
  });
export type OverlayForm = z.output<typeof overlaySchema>;
export const OVERLAY_FIELDS = ['text', 'shop', 'severity', 'position', 'target', 'route', 'showDelay', 'hideDelay', 'sequence', 'visible', 'version'] as const;

/** The fields of a form as posted, cut to a length the page can show again. */
export function postedValues(posted: Record<string, string>, fields: readonly string[]): Record<string, string> {
  return Object.fromEntries(fields.map((f) => [f, (posted[f] ?? '').slice(0, 200_000)]));
}
