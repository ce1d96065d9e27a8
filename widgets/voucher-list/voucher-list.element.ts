import { defineWidget } from '../lib/define';
import { VoucherList } from './VoucherList';

/** <shop-voucher-list offers='[{id,name,price,disabled}]'> upgrading the offers' links to the no-JS confirmation page. */
defineWidget('shop-voucher-list', VoucherList, { props: { offers: 'json' } });

declare global {
  interface HTMLElementTagNameMap {
    'shop-voucher-list': HTMLElement;
  }
}
