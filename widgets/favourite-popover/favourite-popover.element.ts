import { defineWidget } from '../lib/define';
import { FavouritePopover, type FavouritePopoverProps } from './FavouritePopover';

/** <shop-favourite-popover product-id="12">: the category choice for a favourite product (the favourite button opens it itself). */
defineWidget<FavouritePopoverProps>('shop-favourite-popover', FavouritePopover, { props: { productId: 'number' } });

declare global {
  interface HTMLElementTagNameMap {
    'shop-favourite-popover': HTMLElement;
  }
}
