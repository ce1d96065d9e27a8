import { defineWidget } from '../lib/define';
import { FavouritesSync } from './FavouritesSync';

/** <shop-favourites-sync hidden>: the local → server favourites push after sign-in. */
defineWidget('shop-favourites-sync', FavouritesSync);

declare global {
  interface HTMLElementTagNameMap {
    'shop-favourites-sync': HTMLElement;
  }
}
