import type { Db } from '../../db/client';
import { msg } from '../../i18n/msg';
import { addChapter, createStream, deleteChapter, findStream, hideMessage, setLive, updateChapter, updateStream, type ChapterInput, type Stream } from '../../streams/streams.service';
import { audited, type Actor } from '../audit';
import { CHANGED, refused, rowVersion, type RuleSave } from '../selling/rules.shared';
import type { StreamInput } from './streams.schemas';

/**
 * The back office's writes to live streams (issue 22), each through the streams service in one
 * transaction with its audit row. The counts change on their own (likes, viewers), so a stream's
 * version covers only what the operator edits.
 */
const NO_STREAM = msg('Taký stream neexistuje');
const NO_CHAPTER = msg('Taká kapitola neexistuje');

const edited = (s: Stream) => ({ name: s.name, description: s.description, url: s.url, live: s.live, startedAt: s.startedAt });
export const streamVersion = (s: Stream) => rowVersion(edited(s));
export const chapterVersion = (ch: Stream['chapters'][number]) => rowVersion(ch);

export function createStreamAudited(db: Db, actor: Actor, d: StreamInput, now: Date): RuleSave {
  return audited<RuleSave>(db, actor, now, () => {
    const id = createStream(db, { name: d.name, description: d.description, url: d.url, live: d.live, startedAt: d.live ? now : null });
    return { value: { ok: true, id }, audit: { section: 'streams', action: 'streams.stream.create', subject: String(id), after: edited(findStream(db, id)!) } };
  });
}

export function updateStreamAudited(db: Db, actor: Actor, id: number, d: StreamInput, version: string, now: Date): RuleSave {
  return audited<RuleSave>(db, actor, now, () => {
    const before = findStream(db, id);
    if (!before) return refused({ _form: NO_STREAM }, 404);
    if (streamVersion(before) !== version) return refused({ _form: CHANGED }, 409);
    updateStream(db, id, d);
    const after = edited(findStream(db, id)!);
    if (JSON.stringify(after) === JSON.stringify(edited(before))) return { value: { ok: true, id }, audit: null };
    return { value: { ok: true, id }, audit: { section: 'streams', action: 'streams.stream.update', subject: String(id), before: edited(before), after } };
  });
}

/** Start (live, `started_at` set the first time) or end (not live, `started_at` kept: "Stream skončil"). */
export function setLiveAudited(db: Db, actor: Actor, id: number, live: boolean, now: Date): boolean {
  return audited(db, actor, now, () => {
    const before = findStream(db, id);
    if (!before) return { value: false, audit: null };
    if (before.live === live) return { value: true, audit: null };
    setLive(db, id, live, now);
    return { value: true, audit: { section: 'streams', action: live ? 'streams.stream.start' : 'streams.stream.end', subject: String(id), before: edited(before), after: edited(findStream(db, id)!) } };
  });
}

/** A new chapter (`chapterId` null) or a change to one, refused over a change made meanwhile (`version`). */
export function saveChapterAudited(db: Db, actor: Actor, streamId: number, chapterId: number | null, ch: ChapterInput, version: string, now: Date): RuleSave {
  return audited<RuleSave>(db, actor, now, () => {
    const stream = findStream(db, streamId);
    if (!stream) return refused({ _form: NO_STREAM }, 404);
    if (chapterId === null) {
      const id = addChapter(db, streamId, ch);
      return { value: { ok: true, id }, audit: { section: 'streams', action: 'streams.chapter.create', subject: `${streamId}/${id}`, after: ch } };
    }
    const before = stream.chapters.find((x) => x.id === chapterId);
    if (!before) return refused({ _form: NO_CHAPTER }, 404);
    if (chapterVersion(before) !== version) return refused({ _form: CHANGED }, 409);
    updateChapter(db, streamId, chapterId, ch);
    const { id: _id, ...was } = before;
    return { value: { ok: true, id: chapterId }, audit: { section: 'streams', action: 'streams.chapter.update', subject: `${streamId}/${chapterId}`, before: was, after: ch } };
  });
}

export function deleteChapterAudited(db: Db, actor: Actor, streamId: number, chapterId: number, now: Date): boolean {
  return audited(db, actor, now, () => {
    const before = findStream(db, streamId)?.chapters.find((x) => x.id === chapterId);
    if (!before || !deleteChapter(db, streamId, chapterId)) return { value: false, audit: null };
    return { value: true, audit: { section: 'streams', action: 'streams.chapter.delete', subject: `${streamId}/${chapterId}`, before } };
  });
}

/** Hides a message (kept, never sent again); the stream it belonged to, or null when unknown or hidden already. */
export function hideMessageAudited(db: Db, actor: Actor, messageId: number, now: Date): number | null {
  return audited(db, actor, now, () => {
    const streamId = hideMessage(db, messageId, now);
    const audit = { section: 'streams' as const, action: 'streams.message.hide', subject: `${streamId}/${messageId}`, before: { hidden: false }, after: { hidden: true } };
    return { value: streamId, audit: streamId === null ? null : audit };
  });
}
