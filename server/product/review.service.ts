import type { Db } from '../db/client';

/** Spec 3: a review as the API and the review list read it. */
export interface Review {
  name: string;
  text: string;
  pros: string;
  cons: string;
  /** 1–5 stars. */
  rating: number;
  /** true, false or null when the reviewer did not say. */
  recommends: boolean | null;
  /** URL of the reviewer's picture, or null. */
  avatar: string | null;
}

export interface ReviewPage {
  items: Review[];
  total: number;
}

export interface ReviewSummary {
  count: number;
  /** Mean rating rounded to one decimal, or null without reviews. */
  average: number | null;
}

/** Spec 9: review limit default 10. */
export const REVIEW_LIMIT = 10;
export const MAX_REVIEW_LIMIT = 50;

type Row = Omit<Review, 'recommends'> & { recommends: number | null };

interface Statements {
  page: (productId: number, limit: number, offset: number) => Row[];
  summary: (productId: number) => { count: number; average: number | null };
}

const cache = new WeakMap<Db, Statements>();

function statements(db: Db): Statements {
  let s = cache.get(db);
  if (s) return s;
  const page = db.$client.prepare(
    `SELECT name, text, pros, cons, rating, recommends, avatar FROM reviews
      WHERE product_id = ? AND visible = 1 ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
  );
  const summary = db.$client.prepare('SELECT count(*) AS count, avg(rating) AS average FROM reviews WHERE product_id = ? AND visible = 1');
  s = {
    page: (id, limit, offset) => page.all(id, limit, offset) as Row[],
    summary: (id) => summary.get(id) as { count: number; average: number | null },
  };
  cache.set(db, s);
  return s;
}

/** Seeded avatars are file names drawn by the media routes; a stored URL passes as it is. */
export function avatarUrl(avatar: string | null): string | null {
  if (!avatar) return null;
  return avatar.startsWith('/') || avatar.startsWith('https://') ? avatar : `/data/review/avatar/${avatar}`;
}

/** Visible reviews of a product, newest first. */
export function listReviews(db: Db, productId: number, limit = REVIEW_LIMIT, offset = 0): ReviewPage {
  const s = statements(db);
  const items = s.page(productId, limit, offset).map((r) => ({
    ...r,
    recommends: r.recommends === null ? null : r.recommends === 1,
    avatar: avatarUrl(r.avatar),
  }));
  return { items, total: s.summary(productId).count };
}

export function reviewSummary(db: Db, productId: number): ReviewSummary {
  const { count, average } = statements(db).summary(productId);
  return { count, average: average === null ? null : Math.round(average * 10) / 10 };
}
