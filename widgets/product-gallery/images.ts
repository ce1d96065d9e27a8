export interface GalleryImage {
  id: number;
  url: string;
  thumbnailUrl: string;
  alt: string;
  text: string;
}

/** Swipes shorter than this many pixels are taps. */
export const SWIPE_PX = 40;

const localPath = (v: unknown) => (typeof v === 'string' && /^\/[^/]/.test(v) ? v : null);

/** Images as GET /api/product/{id}/images answers ({ thumbnail_url, text, alt, id }); junk is dropped. */
export function cleanImages(value: unknown): GalleryImage[] | null {
  if (!Array.isArray(value)) return null;
  return value.flatMap((raw): GalleryImage[] => {
    if (!raw || typeof raw !== 'object') return [];
    const i = raw as Record<string, unknown>;
    const thumbnail = localPath(i.thumbnail_url);
    if (!thumbnail) return [];
    return [{
      id: Number(i.id) || 0,
      url: localPath(i.url) ?? thumbnail,
      thumbnailUrl: thumbnail,
      alt: typeof i.alt === 'string' ? i.alt : '',
      text: typeof i.text === 'string' ? i.text : '',
    }];
  });
}

export async function fetchImages(productId: number): Promise<GalleryImage[]> {
  const { api } = await import('../lib/api');
  return cleanImages(await api.get(`product/${productId}/images`).json<unknown>()) ?? [];
}
