import { CATEGORY_SLUG, EMBED_DEFAULT_LIMIT, EMBED_MAX_PRODUCTS, EMBED_PRODUCTS_PATH } from '../../server/embed/embed.limits';

/** What the bundle was told by its <script> tag (embed.ts): the shop and language, our origin, the partner. */
export interface EmbedConfig {
  shop: string;
  locale: string;
  /** The shop's origin the bundle came from: where its one request goes. */
  origin: string;
  /** Who to credit with the order (data-partner, else the page's host name): sent as `partner`. */
  partner: string;
}

export const SHOPS = ['sk', 'cz'];
export const LOCALES = ['sk', 'cs', 'en', 'de', 'ro', 'hu'];

export interface EmbedCard {
  id: number;
  name: string;
  url: string;
  image: string | null;
  price: string;
  priceOld: string | null;
  /** EU Omnibus: "Najnižšia cena za posledných 30 dní: …", worded by the shop. */
  lowest: string | null;
  availability: string;
  severity: string;
  ribbons: { type: string; label: string }[];
  cartUrl: string;
}

/** "12, 15,18,12" → [12, 15, 18]: whole ids only, each once, at most 48 (the endpoint's limit). */
export function parseIds(value: string | null): number[] {
  const ids = (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^[1-9]\d{0,9}$/.test(part))
    .map(Number)
    .filter((n) => n <= 2 ** 31 - 1);
  return [...new Set(ids)].slice(0, EMBED_MAX_PRODUCTS);
}

export type Source = { ids: number[] } | { category: string; limit: number };

/** What the tag asks for, or null when its attributes name nothing we could show. */
export function sourceOf(attributes: { ids: string | null; category: string | null; limit: string | null }): Source | null {
  if (attributes.ids !== null) {
    const ids = parseIds(attributes.ids);
    return ids.length ? { ids } : null;
  }
  const category = attributes.category?.trim() ?? '';
  if (!CATEGORY_SLUG.test(category)) return null;
  const limit = Number(attributes.limit ?? EMBED_DEFAULT_LIMIT);
  return { category, limit: Number.isInteger(limit) && limit >= 1 ? Math.min(limit, EMBED_MAX_PRODUCTS) : EMBED_DEFAULT_LIMIT };
}

/** The one request of a carousel; its address is the cache key, so it is written the same way each time. */
export function productsUrl(config: EmbedConfig, source: Source): string {
  const query = new URLSearchParams({ shop: config.shop, locale: config.locale });
  if ('ids' in source) query.set('ids', source.ids.join(','));
  else {
    query.set('category', source.category);
    query.set('limit', String(source.limit));
  }
  return `${config.origin}${EMBED_PRODUCTS_PATH}?${query}`;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Only addresses on our own origin are followed or shown: an answer is data, never a redirect elsewhere. */
const ours = (value: unknown, origin: string): string | null => (typeof value === 'string' && value.startsWith(`${origin}/`) ? value : null);

/** One product of the answer as a card, or null when it is not shaped as the endpoint writes them. */
export function toCard(raw: unknown, config: EmbedConfig): EmbedCard | null {
  if (!raw || typeof raw !== 'object') return null;
  const p = raw as Record<string, unknown>;
  const url = ours(p.url, config.origin);
  const cart = ours(p.cart_url, config.origin);
  if (typeof p.id !== 'number' || !text(p.name) || !url || !cart) return null;
  const cartUrl = new URL(cart);
  if (config.partner) cartUrl.searchParams.set('partner', config.partner);
  return {
    id: p.id,
    name: text(p.name),
    url,
    image: ours(p.image, config.origin),
    price: text(p.price_formatted),
    priceOld: text(p.price_old_formatted) || null,
    lowest: text(p.price_lowest_text) || null,
    availability: text(p.availability),
    severity: text(p.availability_severity),
    ribbons: (Array.isArray(p.ribbons) ? p.ribbons : []).flatMap((r: { type?: unknown; label?: unknown }) => (text(r?.label) ? [{ type: text(r.type), label: text(r.label) }] : [])),
    cartUrl: cartUrl.href,
  };
}

/** GET /api/embed/products without cookies; throws on anything but a 200 with a product list. */
export async function loadProducts(config: EmbedConfig, source: Source, signal?: AbortSignal): Promise<EmbedCard[]> {
  const response = await fetch(productsUrl(config, source), { credentials: 'omit', signal });
  if (!response.ok) throw new Error(`embed products: ${response.status}`);
  const body = (await response.json()) as { products?: unknown };
  if (!Array.isArray(body?.products)) throw new Error('embed products: no list');
  return body.products.flatMap((p) => toCard(p, config) ?? []);
}
