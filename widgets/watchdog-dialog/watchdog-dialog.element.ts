import { defineWidget } from '../lib/define';
import { WatchdogDialog } from './WatchdogDialog';

/**
 * <shop-watchdog-dialog product-id="12" name="…" price="990" currency="EUR" quantity="0"> upgrading
 * the server's link to the no-JS form (<a href="/sledovanie-ceny/12">Sledovať cenu a dostupnosť</a>).
 */
defineWidget('shop-watchdog-dialog', WatchdogDialog, {
  props: { productId: 'number', name: 'string', price: 'number', currency: 'string', quantity: 'number' },
});

declare global {
  interface HTMLElementTagNameMap {
    'shop-watchdog-dialog': HTMLElement;
  }
}
