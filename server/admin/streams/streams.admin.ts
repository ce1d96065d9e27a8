import type { Context } from 'hono';
import { z } from 'zod';
import { allowedImageSrc } from '../../content/image-rule';
import { sanitizeArticle } from '../../content/sanitize';
import { NotFoundError } from '../../http/problem';
import { msg } from '../../i18n/msg';
import type { StreamLive } from '../../streams/stream-live';
import { findStream, messagesNewestFirst, streamOfMessage, streamSummaries, type Stream } from '../../streams/streams.service';
import { actorOf } from '../audit';
import type { AdminEnv } from '../env';
import { checkForm, formFields } from '../form';
import { pageField } from '../list-fields';
import type { AdminRender } from '../render';
import { ruleCrud } from '../selling/rule-crud';
import { chapterVersion, createStreamAudited, deleteChapterAudited, hideMessageAudited, saveChapterAudited, setLiveAudited, streamVersion, updateStreamAudited } from './stream-writes';
import { chapterSchema, streamSchema } from './streams.schemas';

export const STREAMS_PATH = '/admin/streamy';
export const MESSAGES_PAGE_SIZE = 50;
const ID = '{[0-9]{1,9}}';
const messagesQuery = z.object({ strana: pageField });

const formValues = (s: Stream): Record<string, string> => ({ name: s.name, description: s.description, url: s.url, live: s.live ? '1' : '', version: streamVersion(s) });
/** A chapter form's fields in the page's values and errors: `c<id>.<field>`, `cnew.<field>` for the new one (the page's own message stays `_form`). */
const keyed = (key: string, fields: Record<string, string>) => Object.fromEntries(Object.entries(fields).map(([f, v]) => [f === '_form' ? f : `${key}.${f}`, v]));

/**
 * /admin/streamy (issue 22, admins): the live streams with their counts and a form for a new one;
 * /admin/streamy/<id>: its texts and address (a save over a change made meanwhile is refused), start
 * and end (spec states: live; ended with `started_at`; not started), its chapters (spec 3 types) and
 * its messages newest first, each with a button that hides it: through the streams service, and
 * StreamLive tells the open stream pages at once (they drop it). Every write audited.
 */
export function streamsAdmin(render: AdminRender, live: () => StreamLive | undefined) {
  return ruleCrud(render, {
    path: STREAMS_PATH,
    fields: ['name', 'description', 'url', 'live', 'version'],
    maxLength: { description: 2100 },
    schema: streamSchema,
    notices: {
      created: msg('Živé vysielanie je pridané.'),
      saved: msg('Živé vysielanie je uložené.'),
      started: msg('Vysielanie beží.'),
      ended: msg('Vysielanie je ukončené.'),
      chapter: msg('Kapitola je uložená.'),
      deleted: msg('Kapitola je odstránená.'),
      hidden: msg('Správa je skrytá.'),
    },
    choices: (c: Context<AdminEnv>) => {
      const t = c.get('i18n');
      return {
        chapterTypes: [
          ['1', t._('HTML')],
          ['2', t._('Obrázok (adresa)')],
          ['3', t._('Produkty (čísla)')],
          ['4', t._('Návody (čísla)')],
          ['5', t._('Kategórie (slug)')],
          ['6', t._('Stránky (slug)')],
          ['8', t._('Odmeny za body (čísla)')],
        ],
      };
    },
    list: { template: 'streams', title: (i18n) => i18n._('Živé vysielania'), data: (c) => ({ rows: streamSummaries(c.get('deps').db) }) },
    edit: {
      template: 'stream',
      name: 'stream',
      title: (i18n, s) => i18n._('Živé vysielanie: {name}', { name: s.name }),
      data: (c, s) => {
        const asked = messagesQuery.parse(c.req.query()).strana;
        const first = messagesNewestFirst(c.get('deps').db, s.id, MESSAGES_PAGE_SIZE, 0);
        const pages = Math.max(1, Math.ceil(first.total / MESSAGES_PAGE_SIZE));
        const page = Math.min(asked, pages);
        const messages = page === 1 ? first : messagesNewestFirst(c.get('deps').db, s.id, MESSAGES_PAGE_SIZE, (page - 1) * MESSAGES_PAGE_SIZE);
        return { messages: { ...messages, page, pages }, chapterVersion, pageLink: (n: number) => `${STREAMS_PATH}/${s.id}${n > 1 ? `?strana=${n}` : ''}#spravy` };
      },
    },
    byId: (db, id) => findStream(db, id) ?? undefined,
    idOf: (s) => s.id,
    formValues,
    create: createStreamAudited,
    update: updateStreamAudited,
    extend: (app, { edit, rowOf, translated }) => {
      const deps = (c: Context<AdminEnv>) => c.get('deps');

      app.post(`${STREAMS_PATH}/:id${ID}/stav`, async (c) => {
        const s = rowOf(c);
        const start = (await formFields(c)).state === 'start';
        setLiveAudited(deps(c).db, actorOf(c), s.id, start, deps(c).clock.now());
        live()?.countsChanged(s.id);
        return c.redirect(`${STREAMS_PATH}/${s.id}?ok=${start ? 'started' : 'ended'}`, 303);
      });

      // A new chapter (kapitoly) or one chapter's save or removal (kapitoly/<id>).
      app.post(`${STREAMS_PATH}/:id${ID}/kapitoly/:item{(new|[0-9]{1,9})}`, async (c) => {
        const s = rowOf(c);
        const param = c.req.param('item');
        const chapterId = param === 'new' ? null : Number(param);
        if (chapterId !== null && !s.chapters.some((x) => x.id === chapterId)) throw new NotFoundError();
        const fields = await formFields(c);
        if (chapterId !== null && fields.delete === '1') {
          deleteChapterAudited(deps(c).db, actorOf(c), s.id, chapterId, deps(c).clock.now());
          return c.redirect(`${STREAMS_PATH}/${s.id}?ok=deleted#kapitoly`, 303);
        }
        const values = Object.fromEntries(['type', 'value', 'sort', 'timestamp', 'version'].map((f) => [f, (fields[f] ?? '').slice(0, 20_100)]));
        const key = chapterId === null ? 'cnew' : `c${chapterId}`;
        const checked = checkForm(chapterSchema, values, c.get('i18n'));
        const refuse = (errors: Record<string, string>, status: 400 | 404 | 409) => edit(c, s, { values: { ...formValues(s), ...keyed(key, values) }, errors: keyed(key, errors), status });
        if (!checked.ok) return refuse(checked.errors, 400);
        // What the page will draw (server/streams/chapters.ts): HTML as the guides' sanitiser leaves it, an image the CSP allows.
        const hosts = deps(c).config.imageHosts;
        const chapter = { ...checked.data };
        if (chapter.type === 1) chapter.value = sanitizeArticle(chapter.value, hosts).trim();
        if (chapter.type === 1 && !chapter.value) return refuse({ value: c.get('i18n')._(msg('Po vyčistení z HTML nič nezostalo')) }, 400);
        if (chapter.type === 2 && !allowedImageSrc(chapter.value, hosts)) return refuse({ value: c.get('i18n')._(msg('Obrázok z tejto adresy obchod nezobrazí')) }, 400);
        const saved = saveChapterAudited(deps(c).db, actorOf(c), s.id, chapterId, chapter, values.version, deps(c).clock.now());
        if (!saved.ok) return refuse(translated(c, saved.errors), saved.status);
        return c.redirect(`${STREAMS_PATH}/${s.id}?ok=chapter#kapitoly`, 303);
      });

      app.post(`${STREAMS_PATH}/:id${ID}/spravy/:item${ID}/skryt`, (c) => {
        const s = rowOf(c);
        const messageId = Number(c.req.param('item'));
        // Only a message of the stream in the address (another stream's id there is a wrong link, not a hide).
        if (streamOfMessage(deps(c).db, messageId) !== s.id) throw new NotFoundError();
        const streamId = hideMessageAudited(deps(c).db, actorOf(c), messageId, deps(c).clock.now());
        // Committed: the open stream pages drop it now (a page opened later never gets it).
        if (streamId !== null) live()?.messageHidden(streamId, messageId);
        return c.redirect(`${STREAMS_PATH}/${s.id}?ok=hidden#spravy`, 303);
      });
    },
  });
}
