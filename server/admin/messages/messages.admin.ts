import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { NotFoundError } from '../../http/problem';
import { msg } from '../../i18n/msg';
import { replySchema } from '../../notifications/notifications.schemas';
import { actorOf } from '../audit';
import type { AdminEnv } from '../env';
import { checkForm, formFields, noticeOf } from '../form';
import type { AdminRender } from '../render';
import { conversation, conversations, reply } from './messages.service';

export const MESSAGES_ADMIN_PATH = '/admin/spravy';
const NOTICES = { sent: msg('Odpoveď je odoslaná a zákazník dostal e-mail.') };
const pageQuery = z.object({ strana: z.coerce.number().int().min(1).max(100_000).catch(1) });

/**
 * /admin/spravy: the users' conversations with the shop, the waiting ones first, and
 * /admin/spravy/{userId}: one conversation with the reply form (a plain form; the user is mailed).
 */
export function messagesAdmin(render: AdminRender) {
  const app = new Hono<AdminEnv>();

  app.get(MESSAGES_ADMIN_PATH, (c) => {
    const list = conversations(c.get('deps').db, pageQuery.parse(c.req.query()).strana);
    return render(
      c,
      'messages',
      { list, pageLink: (n: number) => `${MESSAGES_ADMIN_PATH}${n > 1 ? `?strana=${n}` : ''}` },
      { title: c.get('i18n')._('Správy zákazníkov') },
    );
  });

  const idOf = (c: Context<AdminEnv>) => Number(c.req.param('id'));

  const thread = (c: Context<AdminEnv>, form: { values: Record<string, string>; errors: Record<string, string> } | null = null, status: ContentfulStatusCode = 200) => {
    const found = conversation(c.get('deps').db, idOf(c));
    if (!found) throw new NotFoundError();
    const i18n = c.get('i18n');
    return render(
      c,
      'messages-thread',
      {
        ...found,
        values: form?.values ?? { title: i18n._('Odpoveď na vašu správu'), text: '' },
        errors: form?.errors ?? {},
        notice: noticeOf(c, NOTICES),
        back: MESSAGES_ADMIN_PATH,
      },
      { title: i18n._('Správy: {email}', { email: found.user.email }), status },
    );
  };

  app.get(`${MESSAGES_ADMIN_PATH}/:id{[0-9]{1,9}}`, (c) => thread(c));
  app.post(`${MESSAGES_ADMIN_PATH}/:id{[0-9]{1,9}}`, async (c) => {
    const fields = await formFields(c);
    const checked = checkForm(replySchema, fields, c.get('i18n'));
    const values = { title: (fields.title ?? '').slice(0, 200), text: (fields.text ?? '').slice(0, 5000) };
    if (!checked.ok) return thread(c, { values, errors: checked.errors }, 400);
    const { db, clock } = c.get('deps');
    if (!reply(db, actorOf(c), idOf(c), checked.data, { shopId: c.get('shop').id, locale: c.get('locale') }, clock.now())) throw new NotFoundError();
    return c.redirect(`${MESSAGES_ADMIN_PATH}/${idOf(c)}?ok=sent`, 303);
  });
  return app;
}
