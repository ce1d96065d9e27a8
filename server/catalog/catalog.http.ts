import type { Context } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../http/env';
import { ValidationError } from '../http/problem';
import { msg } from '../i18n/msg';
import { formatMoney } from '../render/format';
import type { ListedProduct } from './listing.service';
import { availabilityOf } from './product-card';
import { productImageUrl, productUrl } from './urls';

/**
 * The fields of a call as the spec's clients send them: JSON, urlencoded or multipart form data (a
 * repeated field, or "name[]", becomes a list). GET calls read the query string the same way.
 */
export async function readInput(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  if (c.req.method === 'GET') return normalise(Object.entries(c.req.queries()).map(([k, v]) => [k, v.length === 1 ? v[0] : v]));
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (type.startsWith('application/json')) {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      throw new ValidationError({ body: msg('Telo požiadavky nie je platný JSON') });
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ValidationError({ body: msg('Telo požiadavky nie je platný JSON') });
    return normalise(Object.entries(body));
  }
  if (type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data')) {
    const form = await c.req.parseBody({ all: true });
    return normalise(Object.entries(form).filter(([, v]) => typeof v === 'string' || Array.isArray(v)));
  }
  return {};
}

function normalise(entries: [string, unknown][]): Record<string, unknown> {
  return Object.fromEntries(entries.map(([k, v]) => [k.endsWith('[]') ? k.slice(0, -2) : k, v]));
}

/** Validates against a schema; each bad field answers 400 with its own message (problem+json). */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0] ?? 'body')] ??= issue.message;
  throw new ValidationError(errors);
}

/**
 * A product as the spec's Product entity (section 3), snake_case as listed there. Money is in minor
 * units of the shop currency (integers) with a formatted string beside it; `quantity` is sent only
 * when the caller asks with_availability.
 */
export function productJson(c: Context<AppEnv>, p: ListedProduct, withAvailability: boolean) {
  const shop = c.get('shop');
  const locale = c.get('locale');
  const i18n = c.get('i18n');
  const availability = availabilityOf(p.availabilityDays);
  return {
    id: p.id,
    parent_id: p.parentId,
    name: p.name,
    url: productUrl(p.slug),
    type: p.type,
    visible: p.visible,
    code_public: p.codePublic,
    image_filename: p.imageFilename,
    image_url: p.imageFilename ? productImageUrl(p.imageFilename) : null,
    price: p.price,
    priceOld: p.priceOld,
    price_formatted: formatMoney(p.price, shop.currency, locale),
    priceOld_formatted: p.priceOld === null ? null : formatMoney(p.priceOld, shop.currency, locale),
    currency: shop.currency,
    currencySymbol: shop.currencySymbol,
    price_is_b2c: p.priceIsB2c,
    quantity: withAvailability ? p.quantity : null,
    availability_text: i18n._(availability.text, availability.values),
    availability_days: p.availabilityDays,
    availability_severity: availability.severity,
    tags: p.tags,
    tags_public: p.tagsPublic,
    has_videos: p.hasVideos,
    seller: p.seller ? { name: p.seller.name, url: `/obchod/${p.seller.slug}` } : null,
    children_count: p.childrenCount,
    inventoryStatus: p.inventoryStatus,
    variant_view: p.variantView,
    variant_view_setting: p.variantViewSetting,
  };
}
