import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';

/**
 * Live streams (spec 3, 4, 8; docs/decisions/242): a stream with its chapters, its stored chat and
 * its likes (one per visit). Counts change in the same IMMEDIATE transaction as the row they count,
 * so nothing is double-counted; a like that exists already changes nothing.
 */
export const CHAPTER_TYPES = [1, 2, 3, 4, 5, 6, 8] as const;
export type ChapterType = (typeof CHAPTER_TYPES)[number];

export interface StreamChapter {
  id: number;
  type: ChapterType;
  value: string;
  sort: number;
  timestamp: number;
}

export interface Stream {
  id: number;
  name: string;
  description: string;
  url: string;
  live: boolean;
  startedAt: number | null;
  countUser: number;
  countLike: number;
  countComment: number;
  chapters: StreamChapter[];
}

export interface StreamMessage {
  id: number;
  name: string;
  text: string;
  createdAt: number;
}

/** How many stored messages a page shows and a connection without a last id catches up. */
export const RECENT_MESSAGES = 50;

type StreamRow = Omit<Stream, 'live' | 'chapters'> & { live: number };

const sql = perDatabase((db: Db) => {
  const s = db.$client;
  return {
    byId: s.prepare<[number], StreamRow>(
      'SELECT id, name, description, url, live, started_at AS startedAt, count_user AS countUser, count_like AS countLike, count_comment AS countComment FROM video_streams WHERE id = ?',
    ),
    all: s.prepare<[], { id: number; name: string; live: number }>('SELECT id, name, live FROM video_streams ORDER BY id'),
    chapters: s.prepare<[number], StreamChapter>('SELECT id, type, value, sort, timestamp FROM video_stream_chapters WHERE stream_id = ? ORDER BY sort, id'),
    recent: s.prepare<[number, number], StreamMessage>(
      'SELECT * FROM (SELECT id, name, text, created_at AS createdAt FROM video_stream_messages WHERE stream_id = ? AND hidden_at IS NULL ORDER BY id DESC LIMIT ?) ORDER BY id',
    ),
    after: s.prepare<[number, number, number], StreamMessage>(
      'SELECT id, name, text, created_at AS createdAt FROM video_stream_messages WHERE stream_id = ? AND id > ? AND hidden_at IS NULL ORDER BY id LIMIT ?',
    ),
    insertMessage: s.prepare<[number, number | null, string, string, number]>('INSERT INTO video_stream_messages (stream_id, user_id, name, text, created_at) VALUES (?, ?, ?, ?, ?)'),
    countComment: s.prepare<[number]>('UPDATE video_streams SET count_comment = count_comment + 1 WHERE id = ?'),
    insertLike: s.prepare<[number, string, number]>('INSERT INTO video_stream_likes (stream_id, visit, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING'),
    countLike: s.prepare<[number]>('UPDATE video_streams SET count_like = count_like + 1 WHERE id = ?'),
    liked: s.prepare<[number, string], { n: number }>('SELECT count(*) AS n FROM video_stream_likes WHERE stream_id = ? AND visit = ?'),
    hide: s.prepare<[number, number]>('UPDATE video_stream_messages SET hidden_at = ? WHERE id = ? AND hidden_at IS NULL'),
    messageStream: s.prepare<[number], { streamId: number }>('SELECT stream_id AS streamId FROM video_stream_messages WHERE id = ?'),
    uncountComment: s.prepare<[number]>('UPDATE video_streams SET count_comment = max(count_comment - 1, 0) WHERE id = ?'),
    setViewers: s.prepare<[number, number]>('UPDATE video_streams SET count_user = ? WHERE id = ?'),
    setLive: s.prepare<[number, number | null, number]>('UPDATE video_streams SET live = ?, started_at = coalesce(started_at, ?) WHERE id = ?'),
    insertStream: s.prepare<[string, string, string, number, number | null]>('INSERT INTO video_streams (name, description, url, live, started_at) VALUES (?, ?, ?, ?, ?)'),
    insertChapter: s.prepare<[number, number, string, number, number]>('INSERT INTO video_stream_chapters (stream_id, type, value, sort, timestamp) VALUES (?, ?, ?, ?, ?)'),
    summaries: s.prepare<[], StreamRow>(
      'SELECT id, name, description, url, live, started_at AS startedAt, count_user AS countUser, count_like AS countLike, count_comment AS countComment FROM video_streams ORDER BY id DESC',
    ),
    updateStream: s.prepare<[string, string, string, number]>('UPDATE video_streams SET name = ?, description = ?, url = ? WHERE id = ?'),
    updateChapter: s.prepare<[number, string, number, number, number, number]>('UPDATE video_stream_chapters SET type = ?, value = ?, sort = ?, timestamp = ? WHERE id = ? AND stream_id = ?'),
    deleteChapter: s.prepare<[number, number]>('DELETE FROM video_stream_chapters WHERE id = ? AND stream_id = ?'),
    newest: s.prepare<[number, number, number], StreamMessage & { hiddenAt: number | null }>(
      'SELECT id, name, text, created_at AS createdAt, hidden_at AS hiddenAt FROM video_stream_messages WHERE stream_id = ? ORDER BY id DESC LIMIT ? OFFSET ?',
    ),
    countMessages: s.prepare<[number], { n: number }>('SELECT count(*) AS n FROM video_stream_messages WHERE stream_id = ?'),
  };
});

export function findStream(db: Db, id: number): Stream | null {
  const row = sql(db).byId.get(id);
  return row ? { ...row, live: row.live === 1, chapters: sql(db).chapters.all(id) } : null;
}

export const listStreams = (db: Db) => sql(db).all.all().map((r) => ({ ...r, live: r.live === 1 }));

/** The last messages shown (not hidden), oldest first. */
export const recentMessages = (db: Db, streamId: number, limit = RECENT_MESSAGES): StreamMessage[] => sql(db).recent.all(streamId, limit);

/** What a reconnecting page missed: messages after its last event id (at most a page's worth). */
export const messagesAfter = (db: Db, streamId: number, lastId: number, limit = 500): StreamMessage[] => sql(db).after.all(streamId, lastId, limit);

/** Keeps a message and counts it, in one transaction; answers the stored message. */
export function addMessage(db: Db, input: { streamId: number; userId: number | null; name: string; text: string; now: Date }): StreamMessage {
  return db.$client
    .transaction(() => {
      const { lastInsertRowid } = sql(db).insertMessage.run(input.streamId, input.userId, input.name, input.text, input.now.getTime());
      sql(db).countComment.run(input.streamId);
      return { id: Number(lastInsertRowid), name: input.name, text: input.text, createdAt: input.now.getTime() };
    })
    .immediate();
}

/** One like per visit: true when this one counted, false when the visit had liked already. */
export function addLike(db: Db, input: { streamId: number; visit: string; now: Date }): boolean {
  return db.$client
    .transaction(() => {
      if (sql(db).insertLike.run(input.streamId, input.visit, input.now.getTime()).changes === 0) return false;
      sql(db).countLike.run(input.streamId);
      return true;
    })
    .immediate();
}

export const hasLiked = (db: Db, streamId: number, visit: string): boolean => sql(db).liked.get(streamId, visit)!.n > 0;

/** Hides a message (the operator); answers its stream, or null when unknown or hidden already. */
export function hideMessage(db: Db, messageId: number, now: Date): number | null {
  return db.$client
    .transaction(() => {
      const found = sql(db).messageStream.get(messageId);
      if (!found || sql(db).hide.run(now.getTime(), messageId).changes === 0) return null;
      sql(db).uncountComment.run(found.streamId);
      return found.streamId;
    })
    .immediate();
}

/** The viewer count as last seen by this process (the open connections). */
export const setViewers = (db: Db, streamId: number, viewers: number) => void sql(db).setViewers.run(viewers, streamId);

/** Starts or ends a stream; `started_at` is set the first time it goes live. */
export const setLive = (db: Db, streamId: number, live: boolean, now: Date) => sql(db).setLive.run(live ? 1 : 0, live ? now.getTime() : null, streamId).changes === 1;

export function createStream(db: Db, input: { name: string; description?: string; url: string; live: boolean; startedAt: Date | null; chapters?: { type: ChapterType; value: string; timestamp?: number }[] }): number {
  return db.$client
    .transaction(() => {
      const id = Number(sql(db).insertStream.run(input.name, input.description ?? '', input.url, input.live ? 1 : 0, input.startedAt?.getTime() ?? null).lastInsertRowid);
      (input.chapters ?? []).forEach((ch, sort) => sql(db).insertChapter.run(id, ch.type, ch.value, sort, ch.timestamp ?? 0));
      return id;
    })
    .immediate();
}

/** Every stream with its counts, newest first (the back office's list). */
export const streamSummaries = (db: Db): Omit<Stream, 'chapters'>[] => sql(db).summaries.all().map((r) => ({ ...r, live: r.live === 1 }));

/** A stream's texts and address; false when there is no such stream. */
export const updateStream = (db: Db, id: number, input: { name: string; description: string; url: string }) =>
  sql(db).updateStream.run(input.name, input.description, input.url, id).changes === 1;

export interface ChapterInput {
  type: ChapterType;
  value: string;
  sort: number;
  timestamp: number;
}

/** A new chapter of a stream; its id. */
export const addChapter = (db: Db, streamId: number, ch: ChapterInput) => Number(sql(db).insertChapter.run(streamId, ch.type, ch.value, ch.sort, ch.timestamp).lastInsertRowid);

/** Changes one of the stream's chapters; false when the stream has no such chapter. */
export const updateChapter = (db: Db, streamId: number, chapterId: number, ch: ChapterInput) =>
  sql(db).updateChapter.run(ch.type, ch.value, ch.sort, ch.timestamp, chapterId, streamId).changes === 1;

export const deleteChapter = (db: Db, streamId: number, chapterId: number) => sql(db).deleteChapter.run(chapterId, streamId).changes === 1;

/** The stream a message was sent to (hidden or not); null when there is no such message. */
export const streamOfMessage = (db: Db, messageId: number): number | null => sql(db).messageStream.get(messageId)?.streamId ?? null;

/** Every message of a stream, hidden ones too, newest first (the operator's moderation list). */
export function messagesNewestFirst(db: Db, streamId: number, limit: number, offset: number) {
  return { rows: sql(db).newest.all(streamId, limit, offset), total: sql(db).countMessages.get(streamId)!.n };
}
