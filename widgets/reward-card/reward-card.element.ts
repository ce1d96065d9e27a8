import { defineWidget } from '../lib/define';
import { RewardCard } from './RewardCard';

/** <shop-reward-card item name image price disabled> upgrading the card's POST-form fallback (/moje/body). */
defineWidget('shop-reward-card', RewardCard, { props: { item: 'number', name: 'string', image: 'string', price: 'number', disabled: 'boolean' } });

declare global {
  interface HTMLElementTagNameMap {
    'shop-reward-card': HTMLElement;
  }
}
