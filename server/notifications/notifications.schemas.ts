import { z } from 'zod';
import { msg } from '../i18n/msg';

/** The spec's texts (spec 6, 10): the toasts of the messages page and the empty-text warning. */
export const NOTIFICATION_TEXTS = {
  empty: msg('Vyplňte text správy'),
  sent: msg('Správa bola odoslaná'),
  sendFailed: msg('Nepodarilo sa odoslať správu'),
  seen: msg('Správa bola označená ako prečítaná'),
  seenFailed: msg('Nepodarilo sa označiť správu ako prečítanú'),
  loadFailed: msg('Nepodarilo sa načítať správy'),
  none: msg('Nemáte žiadne správy.'),
} as const;

export const MAX_MESSAGE_LENGTH = 2000;
/** How many messages one user may send in a day (the shop reads every one). */
export const MAX_SENT_PER_DAY = 30;
export const MESSAGE_PAGE_SIZES = [10, 20, 50] as const;

/** POST /api/consumer/notification/send and the page's form: text and recipientId (only 1, the shop). */
export const sendNotificationSchema = z.object({
  text: z
    .string({ error: NOTIFICATION_TEXTS.empty })
    .trim()
    .min(1, NOTIFICATION_TEXTS.empty)
    .max(MAX_MESSAGE_LENGTH, msg('Text je príliš dlhý')),
  recipientId: z.coerce.number({ error: msg('Správu môžete poslať iba obchodu.') }).pipe(z.literal(1, msg('Správu môžete poslať iba obchodu.'))).default(1),
});

/** The list page's paging (spec: 10 rows, options 10/20/50). */
export const messagesQuerySchema = z.object({
  strana: z.coerce.number().int().min(1).max(100_000).catch(1),
  pocet: z.coerce.number().int().pipe(z.union([z.literal(10), z.literal(20), z.literal(50)])).catch(10),
});

/** The back office's reply: a subject and the text. */
export const replySchema = z.object({
  title: z.string().trim().min(1).max(200),
  text: z.string().trim().min(1).max(MAX_MESSAGE_LENGTH),
});
