/**
 * A video provider as <shop-video> needs it: where its privacy-enhanced player lives, what a plain
 * link to a video is, and how to talk to the player in its frame. YouTube first; another provider
 * (Vimeo's player speaks postMessage too) is one more file of this shape.
 */
export interface PlayerEvents {
  /** The player reported its time (seconds) and whether it is playing. */
  onTime(seconds: number, playing: boolean): void;
}

export interface PlayerConnection {
  seek(seconds: number): void;
  play(): void;
  /** Stops listening to the frame. */
  close(): void;
}

export interface VideoProvider {
  /** Setting the frame origin in the provider's name (`youtube` → `VIDEO_EMBED_ORIGIN`'s value). */
  readonly name: string;
  /** The privacy-enhanced player's origin when the page names none. */
  readonly defaultOrigin: string;
  /** Which consent category its player needs before it may load (it sets or reads cookies). */
  readonly consent: 'marketing';
  /** The player's address in the frame: autoplaying at `start`, its messages addressed to `pageOrigin`. */
  embedUrl(origin: string, videoId: string, start: number, pageOrigin: string): string;
  /** A plain link to the video at `start` (what works without JavaScript). */
  watchUrl(videoId: string, start: number): string;
  /** Talks to the player in `frame` (served from `origin`) once it loaded. */
  connect(frame: HTMLIFrameElement, origin: string, events: PlayerEvents): PlayerConnection;
}
