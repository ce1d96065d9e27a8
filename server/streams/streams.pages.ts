import { Hono, type Context } from 'hono';
import { readBody } from '../http/body';
import type { AppEnv } from '../http/env';
import { ProblemError } from '../http/problem';
import type { RateLimiter } from '../http/rate-limit';
import { msg } from '../i18n/msg';
import { youtubeId } from '../product/youtube';
import type { Renderer } from '../render/renderer';
import { chapterViews } from './chapters';
import { eventsPath, foundStream, messageJson, postLike, postMessage } from './streams.api';
import { MAX_MESSAGE_LENGTH, MAX_NAME_LENGTH } from './streams.schemas';
import { hasLiked, recentMessages, type Stream } from './streams.service';
import type { StreamLive } from './stream-live';

/** The stream page (docs/decisions/242): /live/{id}, short and the same in every shop's language. */
export const STREAM_PAGE_PATH = '/live';
export const streamPagePath = (id: number) => `${STREAM_PAGE_PATH}/${id}`;

/** Spec 4, verbatim. */
export const STREAM_ENDED = msg('Stream skončil');
export const STREAM_WAITING = msg('Práve nevysielame');

export type StreamState = 'live' | 'ended' | 'waiting';
export const streamState = (s: Pick<Stream, 'live' | 'startedAt'>): StreamState => (s.live ? 'live' : s.startedAt !== null ? 'ended' : 'waiting');

interface FormView {
  values: { text: string; name: string };
  errors: Record<string, string>;
  formError: string;
}

/**
 * The stream page, complete without JavaScript: the player's tag, counts and the like form while
 * live, the chapters as what they name (all of a live stream; a recorded one's by the video time,
 * <shop-stream> reveals them), the chat with its form for a signed-in viewer, otherwise the sign-in
 * form. <shop-stream> then listens to the events and sends through the API.
 */
export function streamsPages(render: Renderer, live: StreamLive, limiter: RateLimiter) {
  const app = new Hono<AppEnv>();
  const page = (c: Context<AppEnv>, id: number, form: FormView = { values: { text: '', name: '' }, errors: {}, formError: '' }, status: 200 | 400 | 401 | 409 | 429 = 200) => {
    const stream = foundStream(c, id);
    const db = c.get('deps').db;
    const state = streamState(stream);
    const messages = recentMessages(db, stream.id).map(messageJson);
    const session = c.get('session');
    const i18n = c.get('i18n');
    const chapters = chapterViews(c, render, stream.chapters);
    return render(
      c,
      'pages/streams/stream',
      {
        stream: { ...stream, countUser: live.hub.viewers(stream.id) },
        state,
        stateText: state === 'ended' ? i18n._(STREAM_ENDED) : state === 'waiting' ? i18n._(STREAM_WAITING) : '',
        videoId: youtubeId(stream.url) ?? '',
        chapters,
        messages,
        lastId: messages.at(-1)?.id ?? 0,
        events: eventsPath(stream.id),
        signedIn: session.userId !== null,
        liked: state === 'live' && !session.fresh && hasLiked(db, stream.id, session.hash),
        maxText: MAX_MESSAGE_LENGTH,
        maxName: MAX_NAME_LENGTH,
        signInBack: streamPagePath(stream.id),
        ...form,
      },
      { title: stream.name, status, noStore: true, canonicalPath: streamPagePath(stream.id) },
    );
  };

  app.get(`${STREAM_PAGE_PATH}/:id{[0-9]{1,10}}`, (c) => page(c, Number(c.req.param('id'))));

  // The chat's no-JS form: the same rules as the API, answered as the page with the kept text and its errors.
  app.post(`${STREAM_PAGE_PATH}/:id{[0-9]{1,10}}/sprava`, async (c) => {
    const id = Number(c.req.param('id'));
    const body = await readBody(c);
    const values = { text: typeof body.text === 'string' ? body.text.slice(0, MAX_MESSAGE_LENGTH * 2) : '', name: typeof body.name === 'string' ? body.name.slice(0, MAX_NAME_LENGTH * 2) : '' };
    try {
      postMessage(c, { ...body, video_stream_id: id }, live, limiter);
    } catch (error) {
      if (!(error instanceof ProblemError) || ![400, 401, 429].includes(error.status)) throw error;
      const i18n = c.get('i18n');
      const errors = Object.fromEntries(Object.entries(error.errors ?? {}).map(([k, v]) => [k, i18n._(v, error.values)]));
      return page(c, id, { values, errors, formError: error.errors ? '' : i18n._(error.detail, error.values) }, error.status as 400 | 401 | 429);
    }
    return c.redirect(`${streamPagePath(id)}#chat`, 303);
  });

  app.post(`${STREAM_PAGE_PATH}/:id{[0-9]{1,10}}/paci-sa`, (c) => {
    const id = Number(c.req.param('id'));
    postLike(c, { video_stream_id: id }, live);
    return c.redirect(streamPagePath(id), 303);
  });
  return app;
}
