import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import { slugify } from '../db/seed/slug';
import type { Clock } from '../http/env';
import { NotFoundError, ProblemError, ValidationError } from '../http/problem';
import { priceForRole, type ProductCard } from '../catalog/product-card';
import { offeredSql, shownSql } from '../catalog/sellable';
import { productImageUrl, productUrl } from '../catalog/urls';
import { audited, type Actor } from '../admin/audit';
import { CHANGED_MEANWHILE } from '../admin/people/approvals.service';
import {
  BODY_REQUIRED,
  FIX_FIELDS,
  IMAGE_REQUIRED,
  PRODUCT_UNKNOWN,
  STORY_APPROVED,
  STORY_MISSING,
  STORY_PENDING,
  type StoryForm,
} from './stories.schemas';

/**
 * Rakeťák (issue 21, docs/decisions/245): a ROLE_STORY author's stories. Drafts and refused stories
 * can be edited; a submitted one waits (pending) for the operator, who approves it (the home strip
 * and /pribehy/{slug} show it) or refuses it with a reason the author reads. Every rule is checked
 * here, in IMMEDIATE transactions, for the signed-in author's own rows only (another's is a 404).
 */
export type StoryStatus = 'draft' | 'pending' | 'approved' | 'refused';

export interface AuthorStory {
  id: number;
  slug: string;
  title: string;
  body: string;
  image: string | null;
  status: StoryStatus;
  refusal: string | null;
  views: number;
  /** The linked products as the author typed them back: public codes, in order. */
  products: string;
}

export interface StoryTeaser {
  id: number;
  slug: string;
  title: string;
  image: string | null;
  url: string;
}

export interface PublicStory extends StoryTeaser {
  body: string;
  approvedAt: number;
}

export interface PendingStory {
  id: number;
  title: string;
  body: string;
  image: string | null;
  author: string;
  submittedAt: number | null;
  products: string;
}

/** Story pictures live in UPLOADS_DIR/stories, outside static/, under random names. */
export const storyImageDir = (uploadsDir: string) => join(uploadsDir, 'stories');
export const STORED_STORY = /^[A-Za-z0-9_-]{22}\.jpg$/;
export const storyImageUrl = (file: string) => `/data/story/image/${file}`;
export const storyUrl = (slug: string) => `/pribehy/${slug}`;
export const STORY_STRIP = 8;

const COLUMNS = `s.id, s.slug, s.title, s.body, s.image, s.status, s.refusal, COALESCE(v.views, 0) AS views,
  (SELECT group_concat(p.code_public, ', ') FROM (SELECT sp.product_id FROM story_products sp WHERE sp.story_id = s.id ORDER BY sp.position) x
     JOIN products p ON p.id = x.product_id) AS products`;

const sql = perDatabase((db: Db) => {
  const s = db.$client;
  return {
    mine: s.prepare<[number], AuthorStory>(`SELECT ${COLUMNS} FROM stories s LEFT JOIN story_views v ON v.story_id = s.id WHERE s.user_id = ? ORDER BY s.id DESC`),
    one: s.prepare<[number, number], AuthorStory>(`SELECT ${COLUMNS} FROM stories s LEFT JOIN story_views v ON v.story_id = s.id WHERE s.id = ? AND s.user_id = ?`),
    // Both by the primary key or the unique code's index (codes are upper case: OB-000123, S1A2…).
    byId: s.prepare<[number], { id: number }>(`SELECT id FROM products p WHERE p.id = ? AND ${shownSql()}`),
    byCode: s.prepare<[string], { id: number }>(`SELECT id FROM products p WHERE p.code_public = ? AND ${shownSql()}`),
    insert: s.prepare<[number, string, string, string, string | null, string, number, number, number | null]>(
      'INSERT INTO stories (user_id, slug, title, body, image, status, created_at, updated_at, submitted_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    update: s.prepare(
      `UPDATE stories SET slug = @slug, title = @title, body = @body, image = COALESCE(@image, image), status = @status,
         refusal = CASE WHEN @status = 'pending' THEN NULL ELSE refusal END, updated_at = @now, submitted_at = COALESCE(@submittedAt, submitted_at)
       WHERE id = @id AND user_id = @userId AND status IN ('draft', 'refused')`,
    ),
    slug: s.prepare<[string, number]>('UPDATE stories SET slug = ? WHERE id = ?'),
    unlink: s.prepare<[number]>('DELETE FROM story_products WHERE story_id = ?'),
    link: s.prepare<[number, number, number]>('INSERT INTO story_products (story_id, product_id, position) VALUES (?, ?, ?)'),
    strip: s.prepare<[number], Omit<StoryTeaser, 'url'>>(
      "SELECT id, slug, title, image FROM stories WHERE status = 'approved' ORDER BY approved_at DESC, id DESC LIMIT ?",
    ),
    public: s.prepare<[string], Omit<PublicStory, 'url'>>(
      "SELECT id, slug, title, image, body, approved_at AS approvedAt FROM stories WHERE slug = ? AND status = 'approved'",
    ),
    cards: s.prepare<[number, number], { id: number; name: string; slug: string; image: string | null; b2c: number; b2cOld: number | null; b2b: number; b2bOld: number | null; availabilityDays: number }>(
      `SELECT p.id, p.name, p.slug, p.image_filename AS image, pp.price_b2c AS b2c, pp.price_old_b2c AS b2cOld,
              pp.price_b2b AS b2b, pp.price_old_b2b AS b2bOld, p.availability_days AS availabilityDays
         FROM story_products sp JOIN products p ON p.id = sp.product_id JOIN product_prices pp ON pp.product_id = p.id AND pp.shop_id = ?
        WHERE sp.story_id = ? AND ${offeredSql()} ORDER BY sp.position`,
    ),
    view: s.prepare<[string]>(
      "INSERT INTO story_views (story_id, views) SELECT id, 1 FROM stories WHERE slug = ? AND status = 'approved' ON CONFLICT (story_id) DO UPDATE SET views = views + 1",
    ),
    pending: s.prepare<[], PendingStory>(
      `SELECT s.id, s.title, s.body, s.image, u.email AS author, s.submitted_at AS submittedAt,
        (SELECT group_concat(p.code_public, ', ') FROM story_products sp JOIN products p ON p.id = sp.product_id WHERE sp.story_id = s.id) AS products
         FROM stories s JOIN users u ON u.id = s.user_id WHERE s.status = 'pending' ORDER BY s.submitted_at, s.id`,
    ),
    status: s.prepare<[number], { status: StoryStatus; title: string }>('SELECT status, title FROM stories WHERE id = ?'),
    approve: s.prepare<[number, number, number]>("UPDATE stories SET status = 'approved', refusal = NULL, approved_at = ?, updated_at = ? WHERE id = ? AND status = 'pending'"),
    refuse: s.prepare<[string, number, number]>("UPDATE stories SET status = 'refused', refusal = ?, updated_at = ? WHERE id = ? AND status = 'pending'"),
  };
});

export const authorStories = (db: Db, userId: number): AuthorStory[] => sql(db).mine.all(userId).map((s) => ({ ...s, products: s.products ?? '' }));

/** One of the author's own stories; another author's (or none) is a 404. */
export function authorStory(db: Db, userId: number, id: number): AuthorStory {
  const story = sql(db).one.get(id, userId);
  if (!story) throw new NotFoundError(STORY_MISSING);
  return { ...story, products: story.products ?? '' };
}

/** What a locked story says when the author still tries to change it. */
const lockedMessage = (status: StoryStatus) => (status === 'pending' ? STORY_PENDING : STORY_APPROVED);
export const isEditable = (status: StoryStatus) => status === 'draft' || status === 'refused';
export const lockOf = (status: StoryStatus): string | null => (isEditable(status) ? null : lockedMessage(status));

export interface StorySave {
  id: number;
  status: StoryStatus;
  /** The picture the new one replaced: the caller removes its file after the commit. */
  replaced: string | null;
}

/**
 * Creates (id null) or changes a draft or refused story; `submit` sends it for approval, which needs
 * a text and a picture (new or kept). Linked products are public codes or ids of shown products.
 */
export function saveStory(db: Db, clock: Clock, userId: number, id: number | null, form: StoryForm, image: string | null): StorySave {
  return db.$client
    .transaction((): StorySave => {
      const s = sql(db);
      const before = id === null ? null : authorStory(db, userId, id);
      if (before && !isEditable(before.status)) throw new ProblemError(409, lockedMessage(before.status));
      const productIds: number[] = [];
      for (const ref of form.products) {
        const found = s.byCode.get(ref.toUpperCase()) ?? (/^\d{1,10}$/.test(ref) ? s.byId.get(Number(ref)) : undefined);
        if (!found) throw new ValidationError({ products: PRODUCT_UNKNOWN }, PRODUCT_UNKNOWN);
        if (!productIds.includes(found.id)) productIds.push(found.id);
      }
      const submit = form.action === 'submit';
      if (submit) {
        const errors: Record<string, string> = {};
        if (!form.body) errors.body = BODY_REQUIRED;
        if (!image && !before?.image) errors.image = IMAGE_REQUIRED;
        if (Object.keys(errors).length) throw new ValidationError(errors, FIX_FIELDS);
      }
      const now = clock.now().getTime();
      const status: StoryStatus = submit ? 'pending' : (before?.status ?? 'draft');
      const base = slugify(form.title).slice(0, 80) || 'pribeh';
      let storyId: number;
      if (before === null) {
        storyId = Number(s.insert.run(userId, `${base}-${randomUUID()}`, form.title, form.body, image, status, now, now, submit ? now : null).lastInsertRowid);
        s.slug.run(`${base}-${storyId}`, storyId);
      } else {
        storyId = before.id;
        const changed = s.update.run({ id: storyId, userId, slug: `${base}-${storyId}`, title: form.title, body: form.body, image, status, now, submittedAt: submit ? now : null });
        if (changed.changes !== 1) throw new ProblemError(409, lockedMessage(before.status));
      }
      s.unlink.run(storyId);
      productIds.forEach((productId, i) => s.link.run(storyId, productId, i + 1));
      return { id: storyId, status, replaced: image && before?.image ? before.image : null };
    })
    .immediate();
}

const teaser = (row: Omit<StoryTeaser, 'url'>): StoryTeaser => ({ ...row, image: row.image ? storyImageUrl(row.image) : null, url: storyUrl(row.slug) });

/** The home page's strip: the newest approved stories. */
export const storyStrip = (db: Db, limit = STORY_STRIP): StoryTeaser[] => sql(db).strip.all(limit).map(teaser);

/** An approved story by its address, or null (drafts, pending and refused stories are not public). */
export function publicStory(db: Db, slug: string): PublicStory | null {
  const row = sql(db).public.get(slug);
  return row ? { ...row, ...teaser(row) } : null;
}

/** The story's linked products the shop offers, as product cards in the author's order. */
export function storyProductCards(db: Db, storyId: number, shopId: number, wholesale: boolean): ProductCard[] {
  return sql(db)
    .cards.all(shopId, storyId)
    .map((r) => ({ id: r.id, name: r.name, url: productUrl(r.slug), image: r.image ? productImageUrl(r.image) : null, ...priceForRole(r, wholesale), availabilityDays: r.availabilityDays }));
}

/** Counts one view of an approved story (story_views has no catalogue trigger); false for any other slug. */
export const countStoryView = (db: Db, slug: string): boolean => sql(db).view.run(slug).changes > 0;

export const pendingStories = (db: Db): PendingStory[] => sql(db).pending.all();

export type StoryDecision = { ok: true } | { ok: false; status: 404 | 409; error: string };

/** The operator's word on a pending story, audited; a story decided meanwhile is a 409. */
export function decideStory(db: Db, actor: Actor, id: number, decision: { approve: true } | { approve: false; reason: string }, now: Date): StoryDecision {
  return audited(db, actor, now, () => {
    const s = sql(db);
    const before = s.status.get(id);
    if (!before) return { value: { ok: false, status: 404, error: STORY_MISSING } as StoryDecision, audit: null };
    const at = now.getTime();
    const changed = decision.approve ? s.approve.run(at, at, id) : s.refuse.run(decision.reason, at, id);
    if (changed.changes !== 1) return { value: { ok: false, status: 409, error: CHANGED_MEANWHILE } as StoryDecision, audit: null };
    return {
      value: { ok: true } as StoryDecision,
      audit: {
        section: 'stories',
        action: decision.approve ? 'story.approve' : 'story.refuse',
        subject: `#${id} ${before.title}`,
        before: { status: before.status },
        after: decision.approve ? { status: 'approved' } : { status: 'refused', reason: decision.reason },
      },
    };
  });
}
