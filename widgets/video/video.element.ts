import { defineWidget } from '../lib/define';
import { Video } from './Video';

/**
 * <shop-video provider="youtube" video-id="dQw4w9WgXcQ" title="…" start="0" origin="https://www.youtube-nocookie.com">
 * upgrading the server's facade (templates/partials/video.eta): a link to the video, no third-party request.
 */
defineWidget('shop-video', Video, { props: { provider: 'string', videoId: 'string', title: 'string', start: 'number', origin: 'string' } });

declare global {
  interface HTMLElementTagNameMap {
    'shop-video': HTMLElement;
  }
}
