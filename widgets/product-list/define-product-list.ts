import { defineWidget } from '../lib/define';
import { PRODUCT_LIST_PROPS, ProductList } from './ProductList';
import { snapshotLists } from './server-markup';

/** Reads the server's lists still in their tags, then defines the tag (which upgrades them). */
export function defineProductList(tag = 'shop-product-list'): void {
  snapshotLists(tag);
  defineWidget(tag, ProductList, { props: PRODUCT_LIST_PROPS });
}
