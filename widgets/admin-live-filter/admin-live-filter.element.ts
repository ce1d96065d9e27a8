import { defineWidget } from '../lib/define';
import { LiveFilter, readFilterFallback } from './LiveFilter';

/** <shop-admin-live-filter results="order-results"> around a list's GET form; the results region is swapped live. */
defineWidget('shop-admin-live-filter', LiveFilter, { props: { results: 'string' }, readFallback: readFilterFallback });

declare global {
  interface HTMLElementTagNameMap {
    'shop-admin-live-filter': HTMLElement;
  }
}
