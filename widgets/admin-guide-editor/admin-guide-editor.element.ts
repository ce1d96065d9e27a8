import { defineWidget } from '../lib/define';
import { GuideEditor } from './GuideEditor';

/** <shop-admin-guide-editor textarea="f-body" frame="…" removed="…" preview-url="…" tags="[…]"> beside a guide or page body. */
defineWidget('shop-admin-guide-editor', GuideEditor, { props: { textarea: 'string', frame: 'string', removed: 'string', previewUrl: 'string', tags: 'json' } });

declare global {
  interface HTMLElementTagNameMap {
    'shop-admin-guide-editor': HTMLElement;
  }
}
