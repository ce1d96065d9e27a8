/** The spec's Banner as the API and the page send it. */
export interface Banner {
  id: number;
  name: string;
  url: string;
  ecommerce: Record<string, unknown> | null;
  size: 'mobile' | 'pc';
  alt: string;
  /** The copy over the image ('' when none; older answers may lack it). */
  headline: string;
  text: string;
  cta: string;
  file: { path: string; name: string };
}

/** Phones (spec 9: below 576 px) get the mobile banners, everything wider the pc ones. */
export const MOBILE_QUERY = '(max-width: 575.98px)';
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';
/** Auto-play step; long enough to read a banner's headline. */
export const AUTOPLAY_MS = 5000;
export const BOX = { pc: { width: 1200, height: 300 }, mobile: { width: 600, height: 300 } } as const;

const isBanner = (b: unknown): b is Banner => {
  if (!b || typeof b !== 'object') return false;
  const x = b as Record<string, unknown>;
  const file = x.file as Record<string, unknown> | null;
  return (
    typeof x.id === 'number' &&
    typeof x.url === 'string' &&
    (x.size === 'mobile' || x.size === 'pc') &&
    !!file && typeof file === 'object' && typeof file.path === 'string'
  );
};

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** A JSON prop or an API answer may be anything; keep only well-formed banners (texts default to ''). */
export function cleanBanners(value: unknown): Banner[] {
  return Array.isArray(value) ? value.filter(isBanner).map((b) => ({ ...b, alt: str(b.alt), headline: str(b.headline), text: str(b.text), cta: str(b.cta) })) : [];
}

export async function fetchBanners(size: 'mobile' | 'pc'): Promise<Banner[]> {
  const { api } = await import('../lib/api');
  return cleanBanners(await api.get('banner', { searchParams: { size } }).json());
}
