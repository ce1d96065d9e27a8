import { defineWidget } from '../lib/define';
import { Messages } from './Messages';

/** <shop-messages initial='{items,size}'> upgrading the server's Správy table, pager and send form (/moje/spravy). */
defineWidget('shop-messages', Messages, { props: { initial: 'json' } });

declare global {
  interface HTMLElementTagNameMap {
    'shop-messages': HTMLElement;
  }
}
