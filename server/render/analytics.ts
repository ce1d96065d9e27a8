/**
 * The page's own GA4 e-commerce event (issue 22), written as `<script type="application/json"
 * id="shop-analytics">` and pushed onto `window.dataLayer` by the site entry: view_item on a product,
 * view_item_list on a category, purchase on an order's page. Amounts in major units, as GA4 expects.
 * The widgets push the shopper's actions themselves (widgets/analytics.ts).
 */
export interface PageItem {
  id: number | string;
  name: string;
  /** Minor units; a list's cards carry none (GA4's price is optional there). */
  price?: number;
  quantity?: number;
}

const major = (minor: number) => Math.round(minor) / 100;

function items(list: PageItem[], listName?: string) {
  return list.map((item, index) => ({
    item_id: String(item.id),
    item_name: item.name,
    ...(item.price !== undefined ? { price: major(item.price) } : {}),
    quantity: item.quantity ?? 1,
    ...(listName !== undefined ? { index, item_list_name: listName } : {}),
  }));
}

const sum = (list: PageItem[]) => major(list.reduce((total, item) => total + (item.price ?? 0) * (item.quantity ?? 1), 0));

export const viewItem = (currency: string, item: PageItem) => ({ event: 'view_item', ecommerce: { currency, value: sum([item]), items: items([item]) } });

export const viewItemList = (listName: string, list: PageItem[]) => ({
  event: 'view_item_list',
  ecommerce: { item_list_name: listName, items: items(list, listName) },
});

/** GA4 counts a transaction_id once, so a second visit of the order's page adds nothing. */
export const purchase = (currency: string, order: { number: string; total: number; vat: number; shipping: number; coupon?: string | null }, list: PageItem[]) => ({
  event: 'purchase',
  ecommerce: {
    currency,
    transaction_id: order.number,
    value: major(order.total),
    tax: major(order.vat),
    shipping: major(order.shipping),
    ...(order.coupon ? { coupon: order.coupon } : {}),
    items: items(list),
  },
});
