import { defineWidget } from '../lib/define';
import { SalesChart } from './SalesChart';

/** <shop-admin-sales-chart days="[…]" revenue="[…]" orders="[…]" currency="EUR"> upgrading the 30 days' table. */
defineWidget('shop-admin-sales-chart', SalesChart, {
  props: { days: 'json', revenue: 'json', orders: 'json', currency: 'string', labelRevenue: 'string', labelOrders: 'string', labelDay: 'string' },
});

declare global {
  interface HTMLElementTagNameMap {
    'shop-admin-sales-chart': HTMLElement;
  }
}
