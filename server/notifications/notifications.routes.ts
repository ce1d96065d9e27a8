import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/env';
import { readBody } from '../http/body';
import { NotFoundError, ProblemError, ValidationError } from '../http/problem';
import { requireUser } from '../accounts/roles';
import { fieldErrors } from '../accounts/accounts.schemas';
import { attrJson } from '../render/json';
import { intlLocale } from '../render/format';
import type { Render } from '../render/renderer';
import { listNotifications, markSeen, sendNotification } from './notifications.service';
import { MAX_MESSAGE_LENGTH, MAX_SENT_PER_DAY, MESSAGE_PAGE_SIZES, messagesQuerySchema, NOTIFICATION_TEXTS, sendNotificationSchema } from './notifications.schemas';

export const MESSAGES_PATH = '/moje/spravy';
export const NOTIFICATION_API = {
  list: '/api/consumer/notification/list',
  send: '/api/consumer/notification/send',
  markSeen: '/api/consumer/notification/mark-seen/:id',
} as const;

const userOf = (c: Context<AppEnv>) => c.get('session').userId!;

/** The path's id: digits only, else not one of the user's messages (404). */
function idOf(c: Context<AppEnv>): number {
  const raw = c.req.param('id') ?? '';
  if (!/^[1-9]\d{0,9}$/.test(raw)) throw new NotFoundError();
  return Number(raw);
}

/** Validates and sends; a ProblemError (400 with the field's message, 429 over the day's limit) otherwise. */
async function sendFrom(c: Context<AppEnv>): Promise<number> {
  const parsed = sendNotificationSchema.safeParse(await readBody(c));
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    throw new ValidationError(errors, errors.text ?? Object.values(errors)[0]);
  }
  const { db, clock } = c.get('deps');
  const sent = sendNotification(db, userOf(c), parsed.data.text, clock.now(), MAX_SENT_PER_DAY);
  if (!sent.ok) throw new ProblemError(429, NOTIFICATION_TEXTS.sendFailed);
  return sent.id;
}

function seenFrom(c: Context<AppEnv>): number {
  const id = idOf(c);
  if (!markSeen(c.get('deps').db, userOf(c), id, c.get('deps').clock.now())) throw new NotFoundError();
  return id;
}

/**
 * Messages for every signed-in user (spec 6, 9, 10; issue 21): the spec's three calls under
 * /api/consumer/notification (behind the account guards too), and /moje/spravy, a complete page
 * whose send and mark-read forms work without JavaScript; <shop-messages> enhances it.
 */
export function notificationsRoutes(render: Render) {
  const app = new Hono<AppEnv>();
  app.use('/api/consumer/notification/*', requireUser);
  app.use(MESSAGES_PATH, requireUser);
  app.use(`${MESSAGES_PATH}/*`, requireUser);

  app.get(NOTIFICATION_API.list, (c) => c.json(listNotifications(c.get('deps').db, userOf(c), c.get('i18n')).items, 200, { 'Cache-Control': 'no-store' }));
  app.post(NOTIFICATION_API.send, async (c) => c.json({ id: await sendFrom(c), message: c.get('i18n')._(NOTIFICATION_TEXTS.sent) }, 201));
  app.post(NOTIFICATION_API.markSeen, (c) => c.json({ id: seenFrom(c), message: c.get('i18n')._(NOTIFICATION_TEXTS.seen) }));

  const page = (c: Context<AppEnv>, form: { text: string; error: string } | null = null, status: 200 | 400 | 429 = 200) => {
    const i18n = c.get('i18n');
    const q = messagesQuerySchema.parse(c.req.query());
    // The whole list once (at most LIST_LIMIT): this page's rows drawn here, all of them for the widget's paging.
    const all = listNotifications(c.get('deps').db, userOf(c), i18n).items;
    const pages = Math.max(1, Math.ceil(all.length / q.pocet));
    const shown = Math.min(q.strana, pages);
    const list = { items: all.slice((shown - 1) * q.pocet, shown * q.pocet), page: shown, pages, total: all.length };
    const date = new Intl.DateTimeFormat(intlLocale(c.get('locale')), { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Bratislava' });
    const rows = list.items.map((m) => ({ ...m, sentText: date.format(new Date(m.sentAt)), seenText: m.seenAt ? date.format(new Date(m.seenAt)) : null }));
    const done = c.req.query('ok');
    return render(
      c,
      'pages/account/messages',
      {
        rows,
        page: list.page,
        pages: list.pages,
        size: q.pocet,
        sizes: MESSAGE_PAGE_SIZES,
        total: list.total,
        form,
        notice: !form && done === 'odoslana' ? i18n._(NOTIFICATION_TEXTS.sent) : !form && done === 'precitana' ? i18n._(NOTIFICATION_TEXTS.seen) : null,
        maxLength: MAX_MESSAGE_LENGTH,
        initialJson: attrJson({ items: all, size: q.pocet }),
        texts: NOTIFICATION_TEXTS,
      },
      { title: i18n._('Správy'), noStore: true, status },
    );
  };

  app.get(MESSAGES_PATH, (c) => page(c));
  app.post(MESSAGES_PATH, async (c) => {
    try {
      await sendFrom(c);
    } catch (error) {
      if (!(error instanceof ProblemError) || (error.status !== 400 && error.status !== 429)) throw error;
      const text = String((await readBody(c)).text ?? '').slice(0, MAX_MESSAGE_LENGTH);
      return page(c, { text, error: c.get('i18n')._(error.errors?.text ?? error.detail) }, error.status as 400 | 429);
    }
    return c.redirect(`${MESSAGES_PATH}?ok=odoslana`, 303);
  });
  app.post(`${MESSAGES_PATH}/:id/precitane`, (c) => {
    seenFrom(c);
    return c.redirect(`${MESSAGES_PATH}?ok=precitana`, 303);
  });
  return app;
}
