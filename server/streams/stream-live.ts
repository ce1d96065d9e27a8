import type { Db } from '../db/client';
import { findStream, setViewers, type StreamMessage } from './streams.service';
import type { StreamEvent, StreamHub } from './stream-hub';

/** Viewer counts follow joins and leaves at most this often: a thousand arrivals are one broadcast, not a million writes. */
export const VIEWERS_EVERY_MS = 500;

/**
 * What a stream's open connections are told, and when: a message as soon as it is stored, the
 * counts after a like or a hidden message, the viewer count (open connections) coalesced. The one
 * place that turns a committed write into events (docs/decisions/242).
 */
export class StreamLive {
  private readonly due = new Map<number, NodeJS.Timeout>();

  constructor(
    readonly hub: StreamHub,
    private readonly db: Db,
  ) {}

  private counts(streamId: number): StreamEvent | null {
    const stream = findStream(this.db, streamId);
    if (!stream) return null;
    const data = { count_user: this.hub.viewers(streamId), count_like: stream.countLike, count_comment: stream.countComment };
    return { event: 'counts', data: JSON.stringify(data) };
  }

  /** A new connection: it hears the stream from now on and gets the counts (itself counted) at once. */
  join(streamId: number, send: (event: StreamEvent) => void): () => void {
    const leave = this.hub.subscribe(streamId, send);
    const counts = this.counts(streamId);
    if (counts) send(counts);
    this.viewersChanged(streamId);
    return () => {
      leave();
      this.viewersChanged(streamId);
    };
  }

  /** The message carries the new comment count: one event per connection, not two. */
  messageAdded(streamId: number, message: StreamMessage): void {
    const stream = findStream(this.db, streamId);
    const data = JSON.stringify({ id: message.id, name: message.name, text: message.text, created_at: new Date(message.createdAt).toISOString(), count_comment: stream?.countComment });
    this.hub.publish(streamId, { event: 'message', id: String(message.id), data });
  }

  messageHidden(streamId: number, messageId: number): void {
    this.hub.publish(streamId, { event: 'hide', data: JSON.stringify({ id: messageId }) });
    this.countsChanged(streamId);
  }

  countsChanged(streamId: number): void {
    const counts = this.counts(streamId);
    if (counts) this.hub.publish(streamId, counts);
  }

  private viewersChanged(streamId: number): void {
    if (this.due.has(streamId)) return;
    const timer = setTimeout(() => {
      this.due.delete(streamId);
      // The shop may have closed meanwhile (a test's database, a shutdown): nothing to tell.
      if (!this.db.$client.open) return;
      setViewers(this.db, streamId, this.hub.viewers(streamId));
      this.countsChanged(streamId);
    }, VIEWERS_EVERY_MS);
    timer.unref();
    this.due.set(streamId, timer);
  }
}
