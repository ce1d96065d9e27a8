import { defineWidget } from '../lib/define';
import { FavouritesList } from './FavouritesList';

/** <shop-favourites-list>: the anonymous /oblubene page, filled from local storage. */
defineWidget('shop-favourites-list', FavouritesList);

declare global {
  interface HTMLElementTagNameMap {
    'shop-favourites-list': HTMLElement;
  }
}
