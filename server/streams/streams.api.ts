import { Hono, type Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { readBody } from '../http/body';
import type { AppEnv } from '../http/env';
import { ProblemError, ValidationError } from '../http/problem';
import { TOO_MANY_ATTEMPTS, type RateLimiter } from '../http/rate-limit';
import { rememberVisitor } from '../http/session';
import { msg } from '../i18n/msg';
import { streamCallSchema, streamMessageSchema, fieldErrors, MAX_MESSAGE_LENGTH, MAX_NAME_LENGTH } from './streams.schemas';
import { addLike, addMessage, findStream, messagesAfter, recentMessages, type Stream, type StreamMessage } from './streams.service';
import { frameOf, type StreamEvent, type StreamHub } from './stream-hub';
import type { StreamLive } from './stream-live';

export const STREAM_UNKNOWN = msg('Stream neexistuje');
export const SIGN_IN_TO_WRITE = msg('Správy môžu posielať len prihlásení používatelia.');
export const STREAM_NOT_LIVE = msg('Stream práve nevysiela.');
/** A comment line every 15 s keeps proxies and browsers from closing a quiet connection. */
export const HEARTBEAT_MS = 15_000;

export const eventsPath = (id: number) => `/api/video-stream/${id}/events`;

/** The message as the API and the events carry it. */
export const messageJson = (m: StreamMessage) => ({ id: m.id, name: m.name, text: m.text, created_at: new Date(m.createdAt).toISOString() });

/** The stream as spec 3 names its fields; count_user is the open connections now. */
export const streamJson = (s: Stream, viewers: number) => ({
  id: s.id,
  name: s.name,
  description: s.description,
  url: s.url,
  live: s.live,
  started_at: s.startedAt === null ? null : new Date(s.startedAt).toISOString(),
  count_user: viewers,
  count_like: s.countLike,
  count_comment: s.countComment,
  chapters: s.chapters.map((ch) => ({ id: ch.id, stream: s.id, type: ch.type, value: ch.value, sort: ch.sort, timestamp: ch.timestamp })),
});

export const foundStream = (c: Context<AppEnv>, id: number): Stream => {
  const stream = Number.isSafeInteger(id) && id > 0 ? findStream(c.get('deps').db, id) : null;
  if (!stream) throw new ProblemError(404, STREAM_UNKNOWN);
  return stream;
};

const pathStream = (c: Context<AppEnv>) => foundStream(c, /^\d{1,10}$/.test(c.req.param('id') ?? '') ? Number(c.req.param('id')) : NaN);

/** The body's stream, or the 404 every call answers for an unknown or malformed id. */
function callStream(c: Context<AppEnv>, body: unknown): Stream {
  const parsed = streamCallSchema.safeParse(body);
  return foundStream(c, parsed.success ? parsed.data.video_stream_id : NaN);
}

/**
 * Sends one message for the signed-in viewer (API and no-JS form): 401 signed out, 429 past the
 * per-user limit, 404 unknown stream, 400 with field errors; stored, counted and pushed to every
 * open connection of the stream.
 */
export function postMessage(c: Context<AppEnv>, body: Record<string, unknown>, live: StreamLive, limiter: RateLimiter): StreamMessage {
  const userId = c.get('session').userId;
  if (userId === null) throw new ProblemError(401, SIGN_IN_TO_WRITE);
  const wait = limiter.take(`user:${userId}`);
  if (wait > 0) {
    c.header('Retry-After', String(wait));
    throw new ProblemError(429, TOO_MANY_ATTEMPTS, undefined, { seconds: wait });
  }
  const stream = callStream(c, body);
  const parsed = streamMessageSchema.safeParse(body);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    throw new ProblemError(400, Object.values(errors)[0], errors, { max: errors.name ? MAX_NAME_LENGTH : MAX_MESSAGE_LENGTH });
  }
  const message = addMessage(c.get('deps').db, { streamId: stream.id, userId, name: parsed.data.name, text: parsed.data.text, now: c.get('deps').clock.now() });
  live.messageAdded(stream.id, message);
  return message;
}

/** One like per visit (the session): the first counts and is pushed, a repeat is a no-op; only while live. */
export function postLike(c: Context<AppEnv>, body: unknown, live: StreamLive): { liked: boolean; stream: Stream } {
  const stream = callStream(c, body);
  if (!stream.live) throw new ProblemError(409, STREAM_NOT_LIVE);
  const session = c.get('session');
  const liked = addLike(c.get('deps').db, { streamId: stream.id, visit: session.hash, now: c.get('deps').clock.now() });
  // The visit is the session: a visitor without a cookie gets one, so a second press is the same visit.
  rememberVisitor(c);
  const after = findStream(c.get('deps').db, stream.id)!;
  if (liked) live.countsChanged(stream.id);
  return { liked, stream: after };
}

export function streamsApi(hub: StreamHub, live: StreamLive, limiter: RateLimiter) {
  const app = new Hono<AppEnv>();
  app.get('/api/video-stream/:id{[0-9]+}', (c) => {
    const stream = pathStream(c);
    c.header('Cache-Control', 'no-store');
    return c.json({ ...streamJson(stream, hub.viewers(stream.id)), messages: recentMessages(c.get('deps').db, stream.id).map(messageJson) });
  });

  app.post('/api/video-stream/message', async (c) => {
    const message = postMessage(c, await readBody(c), live, limiter);
    return c.json(messageJson(message), 201);
  });

  app.post('/api/video-stream/like', async (c) => {
    const { liked, stream } = postLike(c, await readBody(c), live);
    return c.json({ liked, count_like: stream.countLike });
  });

  // Spec 5, 7: the page's realtime connection is initialised here (its configuration was not shown): where to listen, and the counts now.
  app.post('/api/video-stream/connect', async (c) => {
    const stream = callStream(c, await readBody(c));
    return c.json({ ...streamJson(stream, hub.viewers(stream.id)), events: eventsPath(stream.id) });
  });

  /**
   * Server-Sent Events of a stream: `message` (id = the row id), `hide` (an id the operator hid) and
   * `counts` (viewers, likes, comments). A reconnect's Last-Event-ID (or `?after=` on the first
   * connection, from the page's last shown message) catches up from the table; without either, the
   * recent messages come first. Subscribing and catching up happen in one synchronous step, so no
   * message falls between them.
   */
  app.get('/api/video-stream/:id{[0-9]+}/events', (c) => {
    const stream = pathStream(c);
    const db = c.get('deps').db;
    const given = c.req.header('last-event-id') ?? c.req.query('after');
    const lastId = given !== undefined && /^\d{1,12}$/.test(given) ? Number(given) : null;
    const response = streamSSE(c, async (sse) => {
      // The writer queues writes in order (WHATWG streams), so each frame is handed over at once:
      // no promise chain per viewer between a publish and the socket.
      const write = (bytes: Uint8Array | string) => void sse.write(bytes).catch(() => undefined);
      let sent = lastId ?? 0;
      const send = (event: StreamEvent) => {
        if (event.id !== undefined) {
          if (Number(event.id) <= sent) return;
          sent = Number(event.id);
        }
        write(frameOf(event));
      };
      const missed = lastId === null ? recentMessages(db, stream.id) : messagesAfter(db, stream.id, lastId);
      for (const m of missed) send({ event: 'message', id: String(m.id), data: JSON.stringify(messageJson(m)) });
      const leave = live.join(stream.id, send);
      const heartbeat = setInterval(() => write(': ping\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      await new Promise<void>((resolve) => sse.onAbort(resolve));
      clearInterval(heartbeat);
      leave();
    });
    // Never cached or compressed on the way (deploy/nginx buffers nothing it is told not to). The
    // type again: the Node adapter's own Response class answered text/plain for this stream.
    response.headers.set('Content-Type', 'text/event-stream');
    response.headers.set('Cache-Control', 'no-store');
    response.headers.set('X-Accel-Buffering', 'no');
    return response;
  });
  return app;
}
