import { defineWidget } from '../lib/define';
import { CopyButton } from './CopyButton';

/** <shop-copy-button value="SK12 3456…" label="Kopírovať"> upgrading <span class="copy-button"><code>…</code></span>. */
defineWidget('shop-copy-button', CopyButton, { props: { value: 'string', label: 'string' } });

declare global {
  interface HTMLElementTagNameMap {
    'shop-copy-button': HTMLElement;
  }
}
