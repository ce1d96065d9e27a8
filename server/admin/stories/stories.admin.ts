import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { msg } from '../../i18n/msg';
import { decideStory, pendingStories, storyImageUrl, type StoryDecision } from '../../stories/stories.service';
import { refuseStorySchema } from '../../stories/stories.schemas';
import { actorOf } from '../audit';
import type { AdminEnv } from '../env';
import { checkForm, formFields, noticeOf } from '../form';
import type { AdminRender } from '../render';

export const STORIES_PATH = '/admin/pribehy';
const NOTICES = {
  approved: msg('Príbeh je schválený a je na titulnej stránke.'),
  refused: msg('Príbeh je zamietnutý a autor vidí dôvod.'),
};

/**
 * /admin/pribehy (docs/decisions/245): Rakeťák's stories waiting for the operator, each with its
 * picture, text and linked products; approve, or refuse with the reason the author reads. Plain
 * forms, one audited transaction per decision (server/stories/stories.service.ts).
 */
export function storiesAdmin(render: AdminRender) {
  const app = new Hono<AdminEnv>();

  const page = (c: Context<AdminEnv>, state: { failed?: { id: number; reason: string; error: string }; formError?: string; status?: ContentfulStatusCode } = {}) =>
    render(
      c,
      'stories',
      {
        stories: pendingStories(c.get('deps').db).map((s) => ({ ...s, image: s.image ? storyImageUrl(s.image) : null })),
        failed: state.failed ?? null,
        formError: state.formError ?? null,
        notice: noticeOf(c, NOTICES),
      },
      { title: c.get('i18n')._('Príbehy'), status: state.status },
    );

  const after = (c: Context<AdminEnv>, result: StoryDecision, notice: keyof typeof NOTICES) =>
    result.ok ? c.redirect(`${STORIES_PATH}?ok=${notice}`, 303) : page(c, { formError: c.get('i18n')._(result.error), status: result.status });

  app.get(STORIES_PATH, (c) => page(c));

  app.post(`${STORIES_PATH}/:id{[0-9]{1,9}}/schvalit`, (c) => {
    const { db, clock } = c.get('deps');
    return after(c, decideStory(db, actorOf(c), Number(c.req.param('id')), { approve: true }, clock.now()), 'approved');
  });

  app.post(`${STORIES_PATH}/:id{[0-9]{1,9}}/zamietnut`, async (c) => {
    const { db, clock } = c.get('deps');
    const id = Number(c.req.param('id'));
    const fields = await formFields(c);
    const checked = checkForm(refuseStorySchema, fields, c.get('i18n'));
    if (!checked.ok) return page(c, { failed: { id, reason: (fields.reason ?? '').slice(0, 2000), error: checked.errors.reason ?? '' }, status: 400 });
    return after(c, decideStory(db, actorOf(c), id, { approve: false, reason: checked.data.reason }, clock.now()), 'refused');
  });

  return app;
}
