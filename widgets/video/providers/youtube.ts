import { watchUrl, YOUTUBE_ID } from '../../../server/product/youtube';
import type { PlayerConnection, PlayerEvents, VideoProvider } from './types';

/**
 * YouTube's privacy-enhanced player (youtube-nocookie.com) with `enablejsapi=1`, driven over the
 * messages its IFrame API sends (without loading that API's script): we post `listening`, the player
 * answers with `infoDelivery` carrying `currentTime` and `playerState` (1 = playing); commands are
 * `{event:'command', func:'seekTo'|'playVideo', args}`. Every message is a JSON string. A fake page
 * speaking the same messages (tests/fixtures/fake-youtube) stands in for it in tests.
 */
const PLAYING = 1;
/** `listening` is repeated until the player answers: the frame's load may come before its script. */
const HELLO_EVERY_MS = 250;
const HELLO_TRIES = 40;

function connect(frame: HTMLIFrameElement, origin: string, events: PlayerEvents): PlayerConnection {
  let heard = false;
  let tries = 0;
  let time = 0;
  let playing = false;
  const post = (message: Record<string, unknown>) => frame.contentWindow?.postMessage(JSON.stringify({ ...message, id: 1, channel: 'widget' }), origin);
  const hello = setInterval(() => {
    if (heard || ++tries > HELLO_TRIES) return clearInterval(hello);
    post({ event: 'listening' });
  }, HELLO_EVERY_MS);
  post({ event: 'listening' });

  const onMessage = (event: MessageEvent) => {
    if (event.origin !== origin || event.source !== frame.contentWindow || typeof event.data !== 'string') return;
    let data: { event?: string; info?: unknown };
    try {
      data = JSON.parse(event.data);
    } catch {
      return;
    }
    heard = true;
    clearInterval(hello);
    if (data.event !== 'infoDelivery' && data.event !== 'onStateChange') return;
    if (typeof data.info === 'number') playing = data.info === PLAYING;
    else if (data.info && typeof data.info === 'object') {
      const info = data.info as { currentTime?: unknown; playerState?: unknown };
      if (typeof info.currentTime === 'number' && Number.isFinite(info.currentTime)) time = info.currentTime;
      if (typeof info.playerState === 'number') playing = info.playerState === PLAYING;
    }
    events.onTime(time, playing);
  };
  window.addEventListener('message', onMessage);

  return {
    seek: (seconds) => post({ event: 'command', func: 'seekTo', args: [seconds, true] }),
    play: () => post({ event: 'command', func: 'playVideo', args: [] }),
    close: () => {
      clearInterval(hello);
      window.removeEventListener('message', onMessage);
    },
  };
}

export const youtube: VideoProvider = {
  name: 'youtube',
  defaultOrigin: 'https://www.youtube-nocookie.com',
  consent: 'marketing',
  embedUrl: (origin, videoId, start, pageOrigin) => {
    if (!YOUTUBE_ID.test(videoId)) throw new Error('not a YouTube video id');
    const query = new URLSearchParams({ enablejsapi: '1', autoplay: '1', rel: '0', origin: pageOrigin });
    if (start > 0) query.set('start', String(Math.floor(start)));
    return `${origin}/embed/${videoId}?${query}`;
  },
  watchUrl,
  connect,
};

/** The providers <shop-video provider="…"> knows. */
export const PROVIDERS: Record<string, VideoProvider> = { youtube };
