import { defineWidget } from '../lib/define';
import { ReviewList } from './ReviewList';

/**
 * <shop-review-list product-id="1" total="12" layout="list" reviews='{"items":[…],"total":12}'>
 * upgrading the server's first page (<div class="review-list">…</div>).
 */
defineWidget('shop-review-list', ReviewList, { props: { productId: 'number', total: 'number', layout: 'string', reviews: 'json' } });

declare global {
  interface HTMLElementTagNameMap {
    'shop-review-list': HTMLElement;
  }
}
