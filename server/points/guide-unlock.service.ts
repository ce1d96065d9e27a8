import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import { NotFoundError, ProblemError } from '../http/problem';
import { msg } from '../i18n/msg';
import type { CatalogueLang } from '../catalog/catalogue-texts';
import { guidesByIds, type Guide, type ObtainMode } from '../content/blog.service';
import { NOT_ENOUGH_POINTS, spendPoints } from './points.service';

/**
 * Guides obtained for points, for free or bought (spec 4 "Guide obtain modes"). A points spend is
 * a point_item debit whose item_id is the guide's id negated: the ledger has no guide column, and a
 * negative id can never collide with a point item (docs/decisions/142).
 */
export const GUIDE_UNKNOWN = msg('Návod neexistuje');
export const GUIDE_FOR_SALE = msg('Tento návod sa dá len kúpiť.');
/** Guides per page of the Návody tab. */
export const MY_GUIDES_PAGE_SIZE = 12;

export function guideLedgerId(blogId: number): number {
  return -blogId;
}

interface GuideAccessRow {
  id: number;
  title: string;
  obtainMode: ObtainMode;
  obtainPrice: number | null;
}

function statements(db: Db) {
  const s = db.$client;
  return {
    guide: s.prepare<[number], GuideAccessRow>(
      `SELECT b.id, b.title, b.obtain_mode AS obtainMode, b.obtain_price AS obtainPrice
         FROM blog_posts b JOIN categories c ON c.id = b.category_id
        WHERE b.id = ? AND b.visible = 1 AND c.visible = 1 AND c.type = 'blog'`,
    ),
    unlocked: s.prepare<[number, number], { via: ObtainMode }>('SELECT via FROM guide_unlocks WHERE user_id = ? AND blog_id = ?'),
    record: s.prepare<[number, number, string, number]>(
      'INSERT INTO guide_unlocks (user_id, blog_id, via, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
    ),
    count: s.prepare<[number], { n: number }>(
      `SELECT COUNT(*) AS n FROM guide_unlocks u JOIN blog_posts b ON b.id = u.blog_id WHERE u.user_id = ? AND b.visible = 1`,
    ),
    page: s.prepare<[number, number, number], { blogId: number; via: ObtainMode; createdAt: number }>(
      `SELECT u.blog_id AS blogId, u.via, u.created_at AS createdAt FROM guide_unlocks u JOIN blog_posts b ON b.id = u.blog_id
        WHERE u.user_id = ? AND b.visible = 1 ORDER BY u.created_at DESC, u.blog_id DESC LIMIT ? OFFSET ?`,
    ),
  };
}

const sql = perDatabase(statements);

export function isGuideUnlocked(db: Db, userId: number | null, blogId: number): boolean {
  return userId !== null && sql(db).unlocked.get(userId, blogId) !== undefined;
}

/** Free guides are open to everyone; the others only to a signed-in user who obtained them. */
export function canReadGuide(db: Db, userId: number | null, guide: { id: number; obtain_mode: ObtainMode }): boolean {
  return guide.obtain_mode === 'free' || isGuideUnlocked(db, userId, guide.id);
}

export interface UnlockResult {
  blogId: number;
  /** False when the user had the guide already (nothing was charged). */
  unlocked: boolean;
  via: ObtainMode;
  spent: number;
}

/**
 * Obtains a guide for a signed-in user in one immediate transaction: an earlier unlock answers
 * without charging, a points guide is paid by a conditional debit (never below zero, never twice:
 * concurrent calls serialise on the write lock and the second sees the first's unlock), a free one
 * is only recorded, and a purchase guide is refused (it is sold outside the points, decisions/142).
 */
export function unlockGuide(db: Db, input: { userId: number; blogId: number; now: Date }): UnlockResult {
  return db.$client
    .transaction((): UnlockResult => {
      const s = sql(db);
      const guide = s.guide.get(input.blogId);
      if (!guide) throw new NotFoundError(GUIDE_UNKNOWN);
      const had = s.unlocked.get(input.userId, guide.id);
      if (had) return { blogId: guide.id, unlocked: false, via: had.via, spent: 0 };
      if (guide.obtainMode === 'purchase') throw new ProblemError(409, GUIDE_FOR_SALE);
      const price = guide.obtainMode === 'points' ? Math.max(0, guide.obtainPrice ?? 0) : 0;
      const at = input.now.getTime();
      if (price > 0 && spendPoints(db, { userId: input.userId, price, itemType: 'point_item', itemId: guideLedgerId(guide.id), at }) === null) {
        throw new ProblemError(409, NOT_ENOUGH_POINTS);
      }
      s.record.run(input.userId, guide.id, guide.obtainMode, at);
      return { blogId: guide.id, unlocked: true, via: guide.obtainMode, spent: price };
    })
    .immediate();
}

/** Records a guide bought outside the points (the operator, after payment); idempotent. */
export function grantGuide(db: Db, input: { userId: number; blogId: number; now: Date }): boolean {
  return sql(db).record.run(input.userId, input.blogId, 'purchase', input.now.getTime()).changes === 1;
}

/** The Návody tab: guides the user obtained, newest first. */
export function myGuides(db: Db, input: { userId: number; page: number; lang?: CatalogueLang }): { items: (Guide & { via: ObtainMode; unlockedAt: number })[]; total: number; page: number; pages: number } {
  const s = sql(db);
  const total = s.count.get(input.userId)!.n;
  const pages = Math.max(1, Math.ceil(total / MY_GUIDES_PAGE_SIZE));
  const page = Math.min(Math.max(1, input.page), pages);
  const rows = s.page.all(input.userId, MY_GUIDES_PAGE_SIZE, (page - 1) * MY_GUIDES_PAGE_SIZE);
  const meta = new Map(rows.map((r) => [r.blogId, r]));
  const items = guidesByIds(db, rows.map((r) => r.blogId), input.lang).map((g) => ({ ...g, via: meta.get(g.id)!.via, unlockedAt: meta.get(g.id)!.createdAt }));
  return { items, total, page, pages };
}
