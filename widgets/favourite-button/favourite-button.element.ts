import { defineWidget } from '../lib/define';
import { FavouriteButton, type FavouriteButtonProps } from './FavouriteButton';

/**
 * <shop-favourite-button product-id="12"> or blog-id="3", upgrading the POST form of
 * templates/partials/favourite-button.eta.
 */
defineWidget<FavouriteButtonProps>('shop-favourite-button', FavouriteButton, { props: { productId: 'number', blogId: 'number' } });

declare global {
  interface HTMLElementTagNameMap {
    'shop-favourite-button': HTMLElement;
  }
}
