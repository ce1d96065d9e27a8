/** At most this many ids are read from product-ids (editors write short lists). */
export const MAX_IDS = 24;

export interface CarouselProduct {
  id: number;
  name: string;
  url: string;
  image: string | null;
  price: number;
  priceOld: number | null;
  /** EU Omnibus: "Najnižšia cena za posledných 30 dní: …", worded and formatted by the server. */
  lowestText: string | null;
  currency: string;
  availabilityText: string;
  availabilitySeverity: string;
}

/** "12, 15,18,12,x" → [12, 15, 18]: digits only, no repeats, at most MAX_IDS. */
export function parseIds(value: string | undefined): number[] {
  const ids = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^\d{1,10}$/.test(s))
    .map(Number)
    .filter((n) => n >= 1 && n <= 2 ** 31 - 1);
  return [...new Set(ids)].slice(0, MAX_IDS);
}

/** Same path as server/catalog/urls.ts (spec 9: the medium-size Slovak folder). */
const imageUrl = (filename: string) => `/data/product/image/medium/sk/${encodeURIComponent(filename)}`;

function toProduct(raw: unknown): CarouselProduct | null {
  if (!raw || typeof raw !== 'object') return null;
  const p = raw as Record<string, unknown>;
  if (typeof p.id !== 'number' || typeof p.name !== 'string' || typeof p.price !== 'number') return null;
  return {
    id: p.id,
    name: p.name,
    url: typeof p.url === 'string' && p.url.startsWith('/') ? p.url : '#',
    image: typeof p.image_filename === 'string' ? imageUrl(p.image_filename) : null,
    price: p.price,
    priceOld: typeof p.priceOld === 'number' ? p.priceOld : null,
    lowestText: typeof p.priceLowest_text === 'string' ? p.priceLowest_text : null,
    currency: typeof p.currency === 'string' ? p.currency : '',
    availabilityText: typeof p.availability_text === 'string' ? p.availability_text : '',
    availabilitySeverity: typeof p.availability_severity === 'string' ? p.availability_severity : 'success',
  };
}

/**
 * GET /api/product/{id} for each id, in the editor's order; unknown or hidden products (404) and
 * failures are left out rather than failing the whole carousel.
 */
export async function fetchProducts(ids: number[]): Promise<CarouselProduct[]> {
  const { api } = await import('../lib/api');
  const answers = await Promise.allSettled(ids.map((id) => api.get(`product/${id}`).json<unknown>()));
  return answers.flatMap((a) => {
    const product = a.status === 'fulfilled' ? toProduct(a.value) : null;
    return product ? [product] : [];
  });
}
