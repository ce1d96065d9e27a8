import type { Db } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import type { ShopContext } from '../../http/env';
import { creditNoteOf, creditNoteRefusal, type CreditNote } from '../../orders/credit-note.service';
import { orderById, type OrderView } from '../../orders/order-view';
import { withdrawalsOf, type Withdrawal } from '../../withdrawal/withdrawal.service';

/**
 * One order as the back office shows it: what the shopper's tracking page shows (order-view.ts),
 * plus what only staff read: where it stands, the payment log, the gateway's attempts, its claims,
 * withdrawals and credit note. Found by its number across both shops.
 */
export interface OrderDetail {
  id: number;
  shop: ShopContext;
  view: OrderView;
  stage: number;
  paidAt: number | null;
  createdAt: number;
  userId: number | null;
  /** The partner whose embed brought the shopper (server/embed/partner-origins.ts partnerId), or null. */
  partner: string | null;
  payments: { type: string; text: string; createdAt: number }[];
  transactions: { bankKey: string; amount: number; currency: string; status: string; createdAt: number }[];
  claims: { number: string; type: string; note: string; createdAt: number; closedAt: number | null }[];
  withdrawals: Withdrawal[];
  creditNote: CreditNote | null;
  mayCreditNote: boolean;
}

/** The lifecycle's columns of an order: the audit log's before and after of every order action. */
export interface OrderState {
  stage: number;
  paidAt: number | null;
  sentAt: number | null;
  deliveredAt: number | null;
  cancelledAt: number | null;
  trackingNumber: string;
  pricePaid: number;
}

const sql = perDatabase((db: Db) => {
  const s = db.$client;
  return {
    find: s.prepare<[string], { id: number; shopId: number; stage: number; paidAt: number | null; createdAt: number; userId: number | null; partner: string | null }>(
      'SELECT id, shop_id AS shopId, stage, paid_at AS paidAt, created_at AS createdAt, user_id AS userId, partner FROM orders WHERE document_number = ?',
    ),
    state: s.prepare<[number], OrderState>(
      `SELECT stage, paid_at AS paidAt, sent_at AS sentAt, delivered_at AS deliveredAt, cancelled_at AS cancelledAt,
              tracking_number AS trackingNumber, price_paid AS pricePaid FROM orders WHERE id = ?`,
    ),
    payments: s.prepare<[number], OrderDetail['payments'][number]>('SELECT type, text, created_at AS createdAt FROM payment_events WHERE order_id = ? ORDER BY created_at, id'),
    transactions: s.prepare<[number], OrderDetail['transactions'][number]>(
      'SELECT bank_key AS bankKey, amount, currency, status, created_at AS createdAt FROM payment_transactions WHERE order_id = ? ORDER BY created_at, id',
    ),
    claims: s.prepare<[number], OrderDetail['claims'][number]>(
      `SELECT c.number, t.name AS type, c.note, c.created_at AS createdAt, c.closed_at AS closedAt
         FROM claims c JOIN claim_types t ON t.id = c.type_id WHERE c.order_id = ? ORDER BY c.created_at, c.id`,
    ),
  };
});

export function orderRef(db: Db, number: string): { id: number; shopId: number } | undefined {
  return /^\d{10}$/.test(number) ? sql(db).find.get(number) : undefined;
}

export function orderState(db: Db, orderId: number): OrderState | undefined {
  return sql(db).state.get(orderId);
}

export function orderDetail(db: Db, shops: ShopContext[], number: string): OrderDetail | undefined {
  const row = /^\d{10}$/.test(number) ? sql(db).find.get(number) : undefined;
  const shop = row && shops.find((s) => s.id === row.shopId);
  const view = row && shop && orderById(db, shop, row.id);
  if (!row || !shop || !view) return undefined;
  return {
    id: row.id,
    shop,
    view,
    stage: row.stage,
    paidAt: row.paidAt,
    createdAt: row.createdAt,
    userId: row.userId,
    partner: row.partner,
    payments: sql(db).payments.all(row.id),
    transactions: sql(db).transactions.all(row.id),
    claims: sql(db).claims.all(row.id),
    withdrawals: withdrawalsOf(db, row.id),
    creditNote: creditNoteOf(db, row.id) ?? null,
    mayCreditNote: creditNoteRefusal(db, row.id) === null,
  };
}
