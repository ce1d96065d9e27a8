import { defineWidget } from '../lib/define';
import { OrderTabs } from './OrderTabs';

/** <shop-order-tabs> inside .order-tabs on /moje/objednavky; empty on the server (CSS :target is the fallback). */
defineWidget('shop-order-tabs', OrderTabs, { props: {} });

declare global {
  interface HTMLElementTagNameMap {
    'shop-order-tabs': HTMLElement;
  }
}
