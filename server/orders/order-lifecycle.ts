import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import { creditPurchasePoints, reversePurchasePoints } from '../points/points.service';
import { queueMail } from '../mail/outbox';
import { formatMoney } from '../render/format';
import { ORDER_MAIL, orderRef } from './order-mails';

/**
 * What happens to an order after it is placed: paid (gateway, bank transfer booked by the operator,
 * cash on delivery when delivered), sent, delivered, cancelled. Every step is one conditional update
 * in one immediate transaction, so a retried bank notification or a double click changes nothing.
 */

export type OrderStatus = 'received' | 'sent' | 'delivered';
const STATUS_CODE: Record<OrderStatus, number> = { received: 1, sent: 2, delivered: 3 };

/** Hooks run inside the "paid" transaction (e.g. the referral credit); they must not await. */
type PaidHook = (db: Db, order: { id: number; userId: number | null }, now: Date) => void;
const paidHooks: PaidHook[] = [];
export function onOrderPaid(hook: PaidHook): void {
  paidHooks.push(hook);
}

function statements(db: Db) {
  const s = db.$client;
  return {
    order: s.prepare<[number], { id: number; shopId: number; userId: number | null; total: number; currency: string; points: number; paymentId: number; status: number; paidAt: number | null; cancelledAt: number | null }>(
      `SELECT id, shop_id AS shopId, user_id AS userId, total, currency, points, payment_id AS paymentId, status, paid_at AS paidAt, cancelled_at AS cancelledAt
         FROM orders WHERE id = ?`,
    ),
    // The one guard for "paid exactly once": only an unpaid, not cancelled order with this amount changes.
    markPaid: s.prepare<[number, number, number, number, string]>(
      `UPDATE orders SET paid_at = ?, price_paid = ? WHERE id = ? AND paid_at IS NULL AND cancelled_at IS NULL AND total = ? AND currency = ?`,
    ),
    invoiceCount: s.prepare<[string], { n: number }>(`SELECT COUNT(*) AS n FROM invoices WHERE number LIKE ? || '%'`),
    insertInvoice: s.prepare<[string, number, number]>('INSERT INTO invoices (number, order_id, issued_at) VALUES (?, ?, ?)'),
    invoiceOf: s.prepare<[number], { number: string }>('SELECT number FROM invoices WHERE order_id = ?'),
    event: s.prepare<[number, string, string, number]>('INSERT INTO payment_events (order_id, type, text, created_at) VALUES (?, ?, ?, ?)'),
    setStatus: s.prepare<[number, number, number]>('UPDATE orders SET status = ? WHERE id = ? AND status < ? AND cancelled_at IS NULL'),
    sentAt: s.prepare<[number, string | null, number]>('UPDATE orders SET sent_at = ?, tracking_number = COALESCE(?, tracking_number) WHERE id = ?'),
    deliveredAt: s.prepare<[number, number, number]>('UPDATE orders SET delivered_at = ?, sent_at = COALESCE(sent_at, ?) WHERE id = ?'),
    cancel: s.prepare<[number, number]>('UPDATE orders SET cancelled_at = ? WHERE id = ? AND cancelled_at IS NULL AND status < 2'),
    // Named, not ?1: better-sqlite3 binds numbered parameters as named ones and rejects a positional value.
    restock: s.prepare<[{ order: number }]>(
      `UPDATE products SET quantity = quantity + (SELECT COALESCE(SUM(quantity), 0) FROM order_items WHERE order_id = @order AND product_id = products.id)
        WHERE id IN (SELECT product_id FROM order_items WHERE order_id = @order)`,
    ),
  };
}

const sql = perDatabase(statements);

function inTransaction<T>(db: Db, run: () => T): T {
  return db.$client.inTransaction ? run() : db.$client.transaction(run).immediate();
}

/** Invoice numbers run per year: 2026000001, 2026000002, … (counted inside the paying transaction). */
function nextInvoiceNumber(db: Db, now: Date): string {
  const year = String(now.getUTCFullYear());
  return `${year}${String(sql(db).invoiceCount.get(year)!.n + 1).padStart(6, '0')}`;
}

export interface PaidResult {
  /** True only for the call that marked the order paid; every later call answers false. */
  paid: boolean;
  invoiceNumber: string | null;
}

/**
 * Marks an order paid with the amount the bank reported. The amount and currency must equal the
 * order's total (a tampered or partial payment never marks it paid); the invoice is issued and the
 * purchase points credited in the same transaction.
 */
export function markOrderPaid(db: Db, input: { orderId: number; amount: number; currency: string; now?: Date; quiet?: boolean }): PaidResult {
  const now = input.now ?? new Date();
  return inTransaction(db, () => {
    const s = sql(db);
    const order = s.order.get(input.orderId);
    if (!order) return { paid: false, invoiceNumber: null };
    if (s.markPaid.run(now.getTime(), input.amount, order.id, input.amount, input.currency).changes !== 1) {
      return { paid: false, invoiceNumber: s.invoiceOf.get(order.id)?.number ?? null };
    }
    const invoiceNumber = nextInvoiceNumber(db, now);
    s.insertInvoice.run(invoiceNumber, order.id, now.getTime());
    if (order.userId !== null) creditPurchasePoints(db, { userId: order.userId, orderId: order.id, points: order.points, now });
    for (const hook of paidHooks) hook(db, order, now);
    // Cash on delivery is paid as it is delivered: the delivery mail says so, with the invoice (quiet).
    if (!input.quiet) queueMail(db, ORDER_MAIL.paid, orderRef(order), now);
    return { paid: true, invoiceNumber };
  });
}

/**
 * The operator books a payment that arrived outside the gateway (a bank transfer): the order is paid
 * with its own total, and the payment log says who booked it, in one transaction. The command line
 * and the back office both book through here.
 */
export function bookPayment(db: Db, input: { orderId: number; now: Date }): PaidResult {
  return inTransaction(db, () => {
    const order = sql(db).order.get(input.orderId);
    if (!order) return { paid: false, invoiceNumber: null };
    const result = markOrderPaid(db, { orderId: order.id, amount: order.total, currency: order.currency, now: input.now });
    if (result.paid) sql(db).event.run(order.id, 'operator', `Platba prevodom zaúčtovaná: ${formatMoney(order.total, order.currency, 'sk')}`, input.now.getTime());
    return result;
  });
}

/**
 * Moves the tracker forward (never back), stamping when it was sent (with the carrier's tracking
 * number) or delivered, and queues the shopper's mail. Cash on delivery is paid when delivered.
 */
export function setOrderStatus(db: Db, input: { orderId: number; status: OrderStatus; now?: Date; trackingNumber?: string }): boolean {
  const now = input.now ?? new Date();
  return inTransaction(db, () => {
    const s = sql(db);
    const code = STATUS_CODE[input.status];
    const changed = s.setStatus.run(code, input.orderId, code).changes === 1;
    const order = s.order.get(input.orderId);
    if (!changed || !order) return changed;
    if (input.status === 'sent') {
      s.sentAt.run(now.getTime(), input.trackingNumber?.trim() || null, order.id);
      queueMail(db, ORDER_MAIL.sent, orderRef(order), now);
    }
    if (input.status === 'delivered') {
      s.deliveredAt.run(now.getTime(), now.getTime(), order.id);
      if (order.paymentId === 1) markOrderPaid(db, { orderId: order.id, amount: order.total, currency: order.currency, now, quiet: true });
      queueMail(db, ORDER_MAIL.delivered, orderRef(order), now);
    }
    return changed;
  });
}

/**
 * Cancels an order that has not been sent: the pieces go back to stock and the purchase points are
 * taken back (never below a zero balance). A paid order is refunded by the operator outside the shop.
 */
export function cancelOrder(db: Db, input: { orderId: number; now?: Date }): boolean {
  const now = input.now ?? new Date();
  return inTransaction(db, () => {
    const s = sql(db);
    if (s.cancel.run(now.getTime(), input.orderId).changes !== 1) return false;
    s.restock.run({ order: input.orderId });
    const order = s.order.get(input.orderId)!;
    if (order.userId !== null) reversePurchasePoints(db, { userId: order.userId, orderId: order.id, now });
    queueMail(db, ORDER_MAIL.cancelled, orderRef(order), now);
    return true;
  });
}
