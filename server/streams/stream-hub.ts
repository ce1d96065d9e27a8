/**
 * The in-process fan-out of a stream's events (docs/decisions/242): each open event connection
 * subscribes to its stream; a write that committed publishes to every subscriber of that stream in
 * this process. The database stays the source: messages carry their row id as the event id, so a
 * page that reconnects (or is served by another process later) catches up from the table, and the
 * hub only carries what happened since. Past one process, publish() is where a pub/sub goes.
 */
export interface StreamEvent {
  event: 'message' | 'hide' | 'counts';
  data: string;
  /** Messages only: the row id a reconnect resumes after (Last-Event-ID). */
  id?: string;
}

export type Listener = (event: StreamEvent) => void;

export class StreamHub {
  private readonly listeners = new Map<number, Set<Listener>>();

  /** Adds a viewer of the stream; answers the function that removes it. */
  subscribe(streamId: number, listener: Listener): () => void {
    let set = this.listeners.get(streamId);
    if (!set) this.listeners.set(streamId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(streamId) === set) this.listeners.delete(streamId);
    };
  }

  /** The open connections of the stream: its viewer count. */
  viewers(streamId: number): number {
    return this.listeners.get(streamId)?.size ?? 0;
  }

  publish(streamId: number, event: StreamEvent): void {
    const set = this.listeners.get(streamId);
    if (!set) return;
    for (const listener of set) listener(event);
  }
}

const frames = new WeakMap<StreamEvent, Uint8Array>();
const encoder = new TextEncoder();

/**
 * The event as the wire carries it (`event:`, `data:`, `id:` lines), encoded once however many
 * connections it goes to: a thousand viewers cost a thousand writes of the same bytes, not a
 * thousand formattings.
 */
export function frameOf(event: StreamEvent): Uint8Array {
  let frame = frames.get(event);
  if (!frame) {
    const data = event.data.split(/\r\n|\r|\n/).map((line) => `data: ${line}`).join('\n');
    frame = encoder.encode(`event: ${event.event}\n${data}\n${event.id !== undefined ? `id: ${event.id}\n` : ''}\n`);
    frames.set(event, frame);
  }
  return frame;
}
