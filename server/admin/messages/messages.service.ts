import type { Db } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { replyTo } from '../../notifications/notifications.service';
import { audited, type Actor } from '../audit';
import { pagedQuery, type Paged } from '../paged-query';

/**
 * The back office's side of the users' messages (issue 21): conversations (one per user who wrote,
 * the ones waiting for an answer first) and the shop's reply, an audited write that also queues the
 * user's mail (server/notifications). Approval notices are left out: the approvals page sends those.
 */
export const CONVERSATIONS_PAGE_SIZE = 20;

export interface Conversation {
  userId: number;
  email: string;
  lastAt: number;
  /** The user's messages since the shop's last reply. */
  waiting: number;
}

export interface ConversationMessage {
  id: number;
  direction: 'sent' | 'received';
  title: string;
  text: string;
  sentAt: number;
  seenAt: number | null;
  staffEmail: string | null;
}

const sql = perDatabase((db: Db) => {
  const s = db.$client;
  return {
    user: s.prepare<[number], { id: number; email: string }>('SELECT id, email FROM users WHERE id = ?'),
    messages: s.prepare<[number], ConversationMessage>(
      `SELECT n.id, n.direction, n.title, n.text, n.sent_at AS sentAt, n.seen_at AS seenAt, st.email AS staffEmail
         FROM notifications n LEFT JOIN staff st ON st.id = n.staff_id
        WHERE n.user_id = ? AND n.seller_message_id IS NULL ORDER BY n.sent_at, n.id LIMIT 500`,
    ),
  };
});

export function conversations(db: Db, page: number): Paged<Conversation> {
  return pagedQuery<Conversation>(
    db,
    {
      columns: 'userId, email, lastAt, waiting',
      from: `(SELECT u.id AS userId, u.email, MAX(n.sent_at) AS lastAt, SUM(n.direction = 'sent' AND n.sent_at > COALESCE(r.repliedAt, 0)) AS waiting
        FROM notifications n JOIN users u ON u.id = n.user_id
        LEFT JOIN (SELECT user_id, MAX(sent_at) AS repliedAt FROM notifications WHERE direction = 'received' AND seller_message_id IS NULL GROUP BY user_id) r ON r.user_id = n.user_id
        WHERE n.seller_message_id IS NULL AND n.user_id IN (SELECT user_id FROM notifications WHERE direction = 'sent') GROUP BY u.id) conv`,
      where: '',
      order: 'waiting > 0 DESC, lastAt DESC, userId',
    },
    [],
    page,
    CONVERSATIONS_PAGE_SIZE,
  );
}

export function conversation(db: Db, userId: number): { user: { id: number; email: string }; messages: ConversationMessage[] } | null {
  const user = sql(db).user.get(userId);
  return user ? { user, messages: sql(db).messages.all(userId) } : null;
}

/** The shop answers a user: the message, its mail and the audit row in one transaction; false: no such user. */
export function reply(db: Db, actor: Actor, userId: number, message: { title: string; text: string }, from: { shopId: number; locale: string }, now: Date): boolean {
  return audited(db, actor, now, () => {
    const id = replyTo(db, userId, actor.staffId, message, from, now);
    if (id === null) return { value: false, audit: null };
    return { value: true, audit: { section: 'messages', action: 'messages.reply', subject: String(userId), after: { id, title: message.title } } };
  });
}
