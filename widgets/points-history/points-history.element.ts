import { defineWidget } from '../lib/define';
import { PointsHistory } from './PointsHistory';

/** <shop-points-history initial='{items,total,page,size}'> upgrading the server's table and GET pager (/moje/body). */
defineWidget('shop-points-history', PointsHistory, { props: { initial: 'json' } });

declare global {
  interface HTMLElementTagNameMap {
    'shop-points-history': HTMLElement;
  }
}
