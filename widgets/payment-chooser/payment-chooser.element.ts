import { defineWidget } from '../lib/define';
import { PaymentChooser } from './PaymentChooser';

/** <shop-payment-chooser hash banks='[{key,name}]' label> upgrading the tracking page's GET-form chooser. */
defineWidget('shop-payment-chooser', PaymentChooser, { props: { hash: 'string', banks: 'json', label: 'string' } });

declare global {
  interface HTMLElementTagNameMap {
    'shop-payment-chooser': HTMLElement;
  }
}
