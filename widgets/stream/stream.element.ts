import { defineWidget } from '../lib/define';
import { readStream } from './fallback';
import { Stream } from './Stream';

/** <shop-stream stream-id state events after [signed-in] [liked]> upgrading the stream page's counts, like and chat. */
defineWidget('shop-stream', Stream, {
  props: { streamId: 'number', state: 'string', events: 'string', after: 'number', signedIn: 'boolean', liked: 'boolean' },
  readFallback: readStream,
});

declare global {
  interface HTMLElementTagNameMap {
    'shop-stream': HTMLElement;
  }
}
