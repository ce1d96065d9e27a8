import { defineWidget } from '../lib/define';
import { PointCount } from './PointCount';

/** <shop-point-count href="/moje/body"> upgrading <a class="point-count">Body</a> (signed-in headers only). */
defineWidget('shop-point-count', PointCount, { props: { href: 'string' } });

declare global {
  interface HTMLElementTagNameMap {
    'shop-point-count': HTMLElement;
  }
}
