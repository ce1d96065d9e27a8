import { defineWidget } from '../lib/define';
import { OverlayMessages } from './OverlayMessages';

/**
 * <shop-overlay-messages> before </body>, empty on the server: it asks GET /api/overlay for the
 * current path (X-Referrer-Route) and shows toasts and popovers. `messages` may carry them instead.
 */
defineWidget('shop-overlay-messages', OverlayMessages, { props: { messages: 'json', route: 'string' } });

declare global {
  interface HTMLElementTagNameMap {
    'shop-overlay-messages': HTMLElement;
  }
}
