import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import { productImageUrl } from '../catalog/urls';

/** Orders per page of the Tovary tab. */
export const MY_ORDERS_PAGE_SIZE = 10;
/** Spec 2: an order in the list shows at most 5 product thumbnails. */
export const MAX_THUMBNAILS = 5;

export interface MyOrderRow {
  id: number;
  hash: string;
  documentNumber: string;
  createdAt: number;
  status: number;
  total: number;
  currency: string;
  paidAt: number | null;
  cancelledAt: number | null;
  deliveredAt: number | null;
  /** When the shopper first withdrew from this order (server/withdrawal), null when never. */
  withdrawnAt: number | null;
  invoiceNumber: string | null;
}

export interface Thumbnail {
  productId: number | null;
  name: string;
  image: string | null;
}

export interface MyOrder extends MyOrderRow {
  thumbnails: Thumbnail[];
  /** Products beyond the thumbnails shown ("+3"). */
  moreProducts: number;
}

export interface OwnedInvoice {
  number: string;
  issuedAt: number;
  orderHash: string;
}

function statements(db: Db) {
  const s = db.$client;
  return {
    count: s.prepare<[number, number], { n: number }>('SELECT COUNT(*) AS n FROM orders WHERE user_id = ? AND shop_id = ?'),
    page: s.prepare<[number, number, number, number], MyOrderRow>(
      `SELECT o.id, o.hash, o.document_number AS documentNumber, o.created_at AS createdAt, o.status, o.total, o.currency,
              o.paid_at AS paidAt, o.cancelled_at AS cancelledAt, o.delivered_at AS deliveredAt, i.number AS invoiceNumber,
              (SELECT MIN(w.created_at) FROM withdrawals w WHERE w.order_id = o.id) AS withdrawnAt
         FROM orders o LEFT JOIN invoices i ON i.order_id = o.id
        WHERE o.user_id = ? AND o.shop_id = ? ORDER BY o.created_at DESC, o.id DESC LIMIT ? OFFSET ?`,
    ),
    // One row per product (a product bought at two prices is still one thumbnail), in the order's line order.
    products: s.prepare<[number], { productId: number | null; name: string; image: string | null }>(
      `SELECT i.product_id AS productId, MIN(i.name) AS name, p.image_filename AS image
         FROM order_items i LEFT JOIN products p ON p.id = i.product_id
        WHERE i.order_id = ? GROUP BY COALESCE(i.product_id, -i.id) ORDER BY MIN(i.id)`,
    ),
    // The owner check is part of the query: another user's number and a missing one are the same nothing.
    invoice: s.prepare<[string, number, number], OwnedInvoice>(
      `SELECT i.number, i.issued_at AS issuedAt, o.hash AS orderHash
         FROM invoices i JOIN orders o ON o.id = i.order_id
        WHERE i.number = ? AND o.user_id = ? AND o.shop_id = ?`,
    ),
  };
}

const sql = perDatabase(statements);

/** The orders a signed-in user placed in this shop (orders.user_id), newest first, a page at a time. */
export function myOrders(db: Db, input: { userId: number; shopId: number; page: number }): { items: MyOrder[]; total: number; page: number; pages: number } {
  const s = sql(db);
  const total = s.count.get(input.userId, input.shopId)!.n;
  const pages = Math.max(1, Math.ceil(total / MY_ORDERS_PAGE_SIZE));
  const page = Math.min(Math.max(1, input.page), pages);
  const rows = s.page.all(input.userId, input.shopId, MY_ORDERS_PAGE_SIZE, (page - 1) * MY_ORDERS_PAGE_SIZE);
  const items = rows.map((row) => {
    const products = s.products.all(row.id);
    return {
      ...row,
      thumbnails: products.slice(0, MAX_THUMBNAILS).map((p) => ({ productId: p.productId, name: p.name, image: p.image ? productImageUrl(p.image) : null })),
      moreProducts: Math.max(0, products.length - MAX_THUMBNAILS),
    };
  });
  return { items, total, page, pages };
}

/** An invoice of this user's order in this shop, or undefined (missing and foreign alike). */
export function ownedInvoice(db: Db, input: { number: string; userId: number; shopId: number }): OwnedInvoice | undefined {
  if (!/^[0-9A-Za-z-]{1,40}$/.test(input.number)) return undefined;
  return sql(db).invoice.get(input.number, input.userId, input.shopId);
}
