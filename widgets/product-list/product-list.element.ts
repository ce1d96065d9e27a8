import { defineProductList } from './define-product-list';

/**
 * <shop-product-list layout-key="search" page="1" total="40" page-size="12" …> upgrading the server's
 * complete list (templates/partials/product-list.eta): cards, then a paginator of real links.
 */
defineProductList();

declare global {
  interface HTMLElementTagNameMap {
    'shop-product-list': HTMLElement;
  }
}
