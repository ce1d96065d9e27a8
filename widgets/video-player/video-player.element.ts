import { defineWidget } from '../lib/define';
import { VideoPlayer } from './VideoPlayer';

/**
 * <shop-video-player video-id="dQw4w9WgXcQ" label="…" chapters='[{"id":1,"name":"Úvod","time":0}]'>
 * upgrading the server's facade (<a class="video-player__facade" href="https://www.youtube.com/…">) and chapter links.
 */
defineWidget('shop-video-player', VideoPlayer, { props: { videoId: 'string', label: 'string', chapters: 'json', start: 'number' } });

declare global {
  interface HTMLElementTagNameMap {
    'shop-video-player': HTMLElement;
  }
}
