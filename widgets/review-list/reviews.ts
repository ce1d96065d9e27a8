/** Spec 4: expandable text is 80 px tall when collapsed and opens by itself under 100 px. */
export const COLLAPSED_HEIGHT = 80;
export const AUTO_EXPAND_BELOW = 100;
export { READ_MORE_CUTOFF, cutText } from './cut-text';
/** Spec 4: lazy images load at 30 % visibility. */
export const LAZY_IMAGE_THRESHOLD = 0.3;
/** Spec 9: review limit default 10. */
export const PAGE_SIZE = 10;

export type { Review, ReviewPage } from '../../server/product/review.service';
import type { Review, ReviewPage } from '../../server/product/review.service';

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** Keeps what looks like a review; a malformed prop or answer gives an empty page, never a throw. */
export function cleanPage(value: unknown): ReviewPage {
  const page = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const items = Array.isArray(page.items) ? page.items : [];
  const reviews = items.flatMap((raw): Review[] => {
    if (!raw || typeof raw !== 'object') return [];
    const r = raw as Record<string, unknown>;
    const rating = Number(r.rating);
    return [{
      name: str(r.name), text: str(r.text), pros: str(r.pros), cons: str(r.cons),
      rating: Number.isFinite(rating) ? Math.min(5, Math.max(0, rating)) : 0,
      recommends: typeof r.recommends === 'boolean' ? r.recommends : null,
      avatar: typeof r.avatar === 'string' && /^(\/[^/]|https:\/\/)/.test(r.avatar) ? r.avatar : null,
    }];
  });
  const total = Number(page.total);
  return { items: reviews, total: Number.isFinite(total) && total >= reviews.length ? total : reviews.length };
}

export async function fetchReviews(productId: number, offset: number, limit = PAGE_SIZE): Promise<ReviewPage> {
  const { api } = await import('../lib/api');
  const answer = await api.get('review', { searchParams: { product_id: productId, _limit: limit, _offset: offset } }).json<unknown>();
  return cleanPage(answer);
}
