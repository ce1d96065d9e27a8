import { defineWidget } from '../lib/define';
import { PickupPickerWidget } from './PickupPickerWidget';

/**
 * <shop-pickup-picker company="10" country="sk" chosen="{…}|null"> upgrading step 2's pickup box
 * (templates/pages/cart/shipping.eta: the select and the search form keep working without JS).
 */
defineWidget('shop-pickup-picker', PickupPickerWidget, { props: { company: 'number', country: 'string', chosen: 'json' } });

declare global {
  interface HTMLElementTagNameMap {
    'shop-pickup-picker': HTMLElement;
  }
}
