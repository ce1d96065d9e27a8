import { defineWidget } from '../lib/define';
import { GuideUnlock } from './GuideUnlock';

/** <shop-guide-unlock guide price href [hide-card]> over a link to the no-JS confirmation page. */
defineWidget('shop-guide-unlock', GuideUnlock, { props: { guide: 'number', price: 'number', href: 'string', hideCard: 'boolean' } });

declare global {
  interface HTMLElementTagNameMap {
    'shop-guide-unlock': HTMLElement;
  }
}
