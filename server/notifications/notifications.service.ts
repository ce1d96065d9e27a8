import type { I18n } from '@lingui/core';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import { queueMail } from '../mail/outbox';
import { sellerMessageText } from '../admin/people/approval-mails';

/**
 * Messages between a signed-in user and the shop (issue 21; table `notifications`): the user writes
 * to the shop (recipientId 1), the shop answers from the back office (server/admin/messages), and a
 * seller's approval notices arrive here too (a trigger mirrors seller_messages). One home for the
 * list, the unread count, sending, mark-seen and the shop's reply with its mail.
 */
export const REPLY_MAIL = 'notification.reply';

interface Row {
  id: number;
  direction: 'sent' | 'received';
  title: string;
  text: string;
  sentAt: number;
  seenAt: number | null;
  kind: string | null;
  body: string | null;
  productName: string | null;
  sellerName: string | null;
}

/** A message as the spec's "Notification" (isSent from the reader's side; dates as ISO text). */
export interface NotificationView {
  id: number;
  isSent: boolean;
  sentAt: string;
  title: string;
  text: string;
  seenAt: string | null;
}

const FROM = `notifications n LEFT JOIN seller_messages m ON m.id = n.seller_message_id LEFT JOIN sellers s ON s.id = m.seller_id
  LEFT JOIN products p ON p.id = m.product_id`;
const COLUMNS = `n.id, n.direction, n.title, n.text, n.sent_at AS sentAt, n.seen_at AS seenAt, m.kind, m.body, p.name AS productName, s.name AS sellerName`;
/** The newest messages a list holds (the spec's table pages them in the browser). */
export const LIST_LIMIT = 500;

const sql = perDatabase((db: Db) => {
  const s = db.$client;
  return {
    list: s.prepare<[number, number, number], Row>(`SELECT ${COLUMNS} FROM ${FROM} WHERE n.user_id = ? ORDER BY n.sent_at DESC, n.id DESC LIMIT ? OFFSET ?`),
    count: s.prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM notifications WHERE user_id = ?'),
    sentSince: s.prepare<[number, number], { n: number }>("SELECT COUNT(*) AS n FROM notifications WHERE user_id = ? AND direction = 'sent' AND sent_at > ?"),
    insert: s.prepare<[number, string, string, string, number, number | null], { id: number }>(
      'INSERT INTO notifications (user_id, direction, title, text, sent_at, staff_id) VALUES (?, ?, ?, ?, ?, ?) RETURNING id',
    ),
    mine: s.prepare<[number, number], { direction: string; seenAt: number | null }>('SELECT direction, seen_at AS seenAt FROM notifications WHERE id = ? AND user_id = ?'),
    seen: s.prepare<[number, number, number]>("UPDATE notifications SET seen_at = ? WHERE id = ? AND user_id = ? AND direction = 'received' AND seen_at IS NULL"),
    user: s.prepare<[number], { id: number; email: string }>('SELECT id, email FROM users WHERE id = ? AND deleted_at IS NULL'),
  };
});

/** The words of a row: its own, or an approval notice composed in the reader's language. */
function wordsOf(row: Row, i18n: I18n): { title: string; text: string } {
  if (row.kind === null) return { title: row.title, text: row.text };
  const words = sellerMessageText(i18n, row.kind, row.productName ?? '', row.sellerName ?? '');
  return { title: words?.subject ?? '', text: [words?.intro, row.body].filter(Boolean).join(' ') };
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function viewOf(row: Row, i18n: I18n): NotificationView {
  return { id: row.id, isSent: row.direction === 'sent', sentAt: iso(row.sentAt)!, ...wordsOf(row, i18n), seenAt: iso(row.seenAt) };
}

/** One page of the user's messages, newest first, and how many there are. */
export function listNotifications(db: Db, userId: number, i18n: I18n, page = 1, size = LIST_LIMIT): { items: NotificationView[]; total: number; page: number; pages: number } {
  const total = Math.min(sql(db).count.get(userId)!.n, LIST_LIMIT);
  const pages = Math.max(1, Math.ceil(total / size));
  const shown = Math.min(Math.max(1, page), pages);
  const items = sql(db).list.all(userId, size, (shown - 1) * size).map((row) => viewOf(row, i18n));
  return { items, total, page: shown, pages };
}

export { unreadCount } from './unread';

export type SendResult = { ok: true; id: number } | { ok: false; reason: 'limit' };

/** The user writes to the shop; at most MAX_SENT_PER_DAY a day, counted in the same transaction. */
export function sendNotification(db: Db, userId: number, text: string, now: Date, perDay: number): SendResult {
  return db.$client
    .transaction((): SendResult => {
      if (sql(db).sentSince.get(userId, now.getTime() - 24 * 3600_000)!.n >= perDay) return { ok: false, reason: 'limit' };
      return { ok: true, id: sql(db).insert.get(userId, 'sent', '', text, now.getTime(), null)!.id };
    })
    .immediate();
}

/**
 * Marks one of the user's received messages read (the first date stays). false: no such message of
 * theirs (another user's id, or one they sent), which the callers answer with 404.
 */
export function markSeen(db: Db, userId: number, id: number, now: Date): boolean {
  const row = sql(db).mine.get(id, userId);
  if (!row || row.direction !== 'received') return false;
  sql(db).seen.run(now.getTime(), id, userId);
  return true;
}

/**
 * The shop's reply to a user (inside the caller's transaction: the back office's `audited`): the
 * message and its mail (server/notifications/notification-mails.ts) commit together. null: no such user.
 */
export function replyTo(db: Db, userId: number, staffId: number | null, message: { title: string; text: string }, from: { shopId: number; locale: string }, now: Date): number | null {
  if (!sql(db).user.get(userId)) return null;
  const { id } = sql(db).insert.get(userId, 'received', message.title, message.text, now.getTime(), staffId)!;
  queueMail(db, REPLY_MAIL, { notification: id, shop: from.shopId, locale: from.locale }, now);
  return id;
}
