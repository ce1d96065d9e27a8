import { Hono, type Context } from 'hono';
import { catalogAt, categoryIndex } from '../catalog/catalog-views';
import type { ShopCode } from '../config';
import type { AppEnv, ShopContext } from '../http/env';
import { LOCALE_NAMES, LOCALES, type Locale } from '../i18n/locales';
import type { Render } from '../render/renderer';
import { EMBED_DEFAULT_LIMIT, EMBED_LOADER_PATH } from './embed.limits';
import { embedProductsQuery } from './embed.schemas';
import { sampleIds } from './embed.service';

export const PARTNERS_PATH = '/pre-partnerov';

/** The form's fields as the partner typed them (strings, cut to a sane length), shown back in the form. */
const FIELDS = ['ids', 'category', 'shop', 'locale', 'label', 'limit'] as const;
type Values = Record<(typeof FIELDS)[number], string>;

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The two lines a partner pastes: the loader in <head>, the tag where the carousel goes. */
export function snippet(origin: string, input: { shop: string; locale: string; ids?: number[]; category?: string; limit?: number; label: string }): string {
  const what = input.ids ? `product-ids="${input.ids.join(',')}"` : `category="${input.category}"${input.limit && input.limit !== EMBED_DEFAULT_LIMIT ? ` limit="${input.limit}"` : ''}`;
  const label = input.label ? ` label="${attribute(input.label)}"` : '';
  return `<script src="${origin}${EMBED_LOADER_PATH}" data-shop="${input.shop}" data-locale="${input.locale}" async blocking="render"></script>\n<shop-product-carousel ${what}${label}></shop-product-carousel>`;
}

/** The Content-Security-Policy directives a partner's page needs for the embed (tests/e2e/embed.e2e.ts proves them). */
export const cspLines = (origin: string) => [`script-src ${origin}`, `connect-src ${origin}`, `img-src ${origin}`];

/**
 * The partners' page (issue 19): what the embed is, a form that works without JavaScript (GET) and
 * writes the snippet for chosen products or a category, shop and language, a live preview drawn by
 * the embed itself from this origin, the attributes, styling hooks and the CSP a partner needs.
 */
export function embedPages(render: Render, shops: Record<ShopCode, ShopContext>) {
  const app = new Hono<AppEnv>();

  app.get(PARTNERS_PATH, (c) => {
    const here = c.get('shop');
    const i18n = c.get('i18n');
    const query = c.req.query();
    const asked = FIELDS.some((f) => query[f] !== undefined);
    const values = Object.fromEntries(FIELDS.map((f) => [f, (query[f] ?? '').trim().slice(0, 400)])) as Values;
    if (!values.shop) values.shop = here.code;
    if (!values.locale) values.locale = c.get('locale');
    if (!asked) values.ids = sampleIds(c.get('deps').db, here.id, 4).join(',');

    const parsed = embedProductsQuery.safeParse({
      shop: values.shop,
      locale: values.locale,
      ids: values.ids || undefined,
      category: values.ids ? undefined : values.category || undefined,
      limit: values.limit || undefined,
    });
    const errors: Record<string, string> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'ids')] ??= i18n._(issue.message);
    const input = parsed.success ? parsed.data : null;
    const origin = input ? shops[input.shop].origin : shops[here.code].origin;
    const locale = (input?.locale ?? shops[input?.shop ?? here.code].locale) as Locale;
    const label = values.label.slice(0, 120);

    return render(
      c,
      'pages/embed/partners',
      {
        values,
        errors,
        categories: productCategories(c),
        shops: (['sk', 'cz'] as const).map((code) => ({ code, name: shops[code].name })),
        languages: LOCALES.map((code) => ({ code, name: LOCALE_NAMES[code] })),
        snippet: input ? snippet(origin, { ...input, locale, label }) : null,
        csp: cspLines(origin),
        // The preview runs on this page, so it shows this shop (its pictures are this origin's: our CSP).
        preview: input ? { shop: here.code, locale, ids: input.ids?.join(','), category: input.ids ? undefined : input.category, limit: input.limit, label } : null,
      },
      { title: i18n._('Pre partnerov'), description: i18n._('Ukážte produkty nášho obchodu na svojom webe: jeden skript a jedna značka.'), canonicalPath: PARTNERS_PATH, shared: !asked },
    );
  });

  return app;
}

/** Product categories of the first two levels, for the form's list ("Kategória"). */
function productCategories(c: Context<AppEnv>): { slug: string; name: string; depth: number }[] {
  const index = categoryIndex(catalogAt(c));
  return index
    .children(null)
    .filter((n) => n.type === 'product')
    .flatMap((root) => [{ slug: root.slug, name: root.name, depth: 0 }, ...index.children(root.id).map((child) => ({ slug: child.slug, name: child.name, depth: 1 }))]);
}
