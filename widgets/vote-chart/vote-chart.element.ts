import { defineWidget } from '../lib/define';
import { readChart, VoteChart } from './VoteChart';

/** <shop-vote-chart vote-id="…"> upgrading the server's bars (<figure class="vote-chart">). */
defineWidget('shop-vote-chart', VoteChart, { props: { voteId: 'string' }, readFallback: readChart });

declare global {
  interface HTMLElementTagNameMap {
    'shop-vote-chart': HTMLElement;
  }
}
