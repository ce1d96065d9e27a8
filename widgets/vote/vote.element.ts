import { defineWidget } from '../lib/define';
import { readPoll } from './poll';
import { Vote } from './Vote';

/** <shop-vote vote-id="…" [inactive="true"]> upgrading the server's plain POST form (<form class="vote">). */
defineWidget('shop-vote', Vote, { props: { voteId: 'string', inactive: 'boolean' }, readFallback: readPoll });

declare global {
  interface HTMLElementTagNameMap {
    'shop-vote': HTMLElement;
  }
}
