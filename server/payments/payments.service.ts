import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import { markOrderPaid } from '../orders/order-lifecycle';
import type { PaymentResult } from './provider';

/**
 * Gateway bookkeeping: a pending transaction per attempt, the bank's verified answer applied once,
 * and a payment_events row for every start, return and notification.
 */

export interface PayableOrder {
  id: number;
  hash: string;
  total: number;
  currency: string;
  paymentId: number;
  paidAt: number | null;
  cancelledAt: number | null;
  pricePaid: number;
}

interface TransactionRow {
  id: number;
  orderId: number;
  bankKey: string;
  amount: number;
  currency: string;
  status: 'pending' | 'paid' | 'failed';
  orderHash: string;
}

function statements(db: Db) {
  const s = db.$client;
  return {
    order: s.prepare<[string, number], PayableOrder>(
      `SELECT id, hash, total, currency, payment_id AS paymentId, paid_at AS paidAt, cancelled_at AS cancelledAt, price_paid AS pricePaid
         FROM orders WHERE hash = ? AND shop_id = ?`,
    ),
    orderById: s.prepare<[number], PayableOrder>(
      `SELECT id, hash, total, currency, payment_id AS paymentId, paid_at AS paidAt, cancelled_at AS cancelledAt, price_paid AS pricePaid
         FROM orders WHERE id = ?`,
    ),
    insert: s.prepare<[number, string, string, number, string, number]>(
      `INSERT INTO payment_transactions (order_id, bank_key, reference, amount, currency, status, created_at) VALUES (?, ?, ?, ?, ?, 'pending', ?)`,
    ),
    byReference: s.prepare<[string], TransactionRow>(
      `SELECT t.id, t.order_id AS orderId, t.bank_key AS bankKey, t.amount, t.currency, t.status, o.hash AS orderHash
         FROM payment_transactions t JOIN orders o ON o.id = t.order_id WHERE t.reference = ?`,
    ),
    // A bank's "paid" wins over an earlier "failed" for the same attempt; "paid" is final.
    settlePaid: s.prepare<[number, number]>(`UPDATE payment_transactions SET status = 'paid', completed_at = ? WHERE id = ? AND status <> 'paid'`),
    settleFailed: s.prepare<[number, number]>(`UPDATE payment_transactions SET status = 'failed', completed_at = ? WHERE id = ? AND status = 'pending'`),
    event: s.prepare<[number, string, string, number]>('INSERT INTO payment_events (order_id, type, text, created_at) VALUES (?, ?, ?, ?)'),
  };
}

const sql = perDatabase(statements);

export function payableOrder(db: Db, hash: string, shopId: number): PayableOrder | undefined {
  if (!/^[A-Za-z0-9_-]{22}$/.test(hash)) return undefined;
  return sql(db).order.get(hash, shopId);
}

/** Opens a pending attempt with a fresh 192-bit reference and records the "start" event. */
export function startTransaction(db: Db, order: PayableOrder, bankKey: string, now: Date): { reference: string } {
  const reference = randomBytes(24).toString('base64url');
  db.$client
    .transaction(() => {
      const s = sql(db);
      s.insert.run(order.id, bankKey, reference, order.total, order.currency, now.getTime());
      s.event.run(order.id, 'start', `Presmerovanie do banky ${bankKey}, ${order.total} ${order.currency}, ref ${reference}`, now.getTime());
    })
    .immediate();
  return { reference };
}

/**
 * paid: this answer marked the order paid. already: it was paid before (duplicate return or
 * notification, or a second attempt paid at the bank — the event says to refund it).
 * failed: the bank declined. refused: unknown reference or an amount/currency that does not match
 * our transaction and order — nothing is written.
 */
export type Outcome = 'paid' | 'already' | 'failed' | 'refused';

export function applyBankResult(db: Db, result: PaymentResult, source: 'return' | 'notify', now: Date): { outcome: Outcome; orderHash?: string } {
  return db.$client
    .transaction(() => {
      const s = sql(db);
      const tx = s.byReference.get(result.reference);
      if (!tx) return { outcome: 'refused' as const };
      const order = s.orderById.get(tx.orderId)!;
      if (result.amount !== tx.amount || result.currency !== tx.currency || tx.amount !== order.total || tx.currency !== order.currency) {
        return { outcome: 'refused' as const, orderHash: tx.orderHash };
      }
      const at = now.getTime();
      const what = `${tx.bankKey}, ${result.amount} ${result.currency}, ref ${result.reference}`;
      if (result.status === 'failed') {
        s.settleFailed.run(at, tx.id);
        s.event.run(order.id, source, `Banka zamietla platbu: ${what}`, at);
        return { outcome: order.paidAt === null ? ('failed' as const) : ('already' as const), orderHash: tx.orderHash };
      }
      s.settlePaid.run(at, tx.id);
      const paid = markOrderPaid(db, { orderId: order.id, amount: result.amount, currency: result.currency, now }).paid;
      if (paid) {
        s.event.run(order.id, source, `Zaplatené: ${what}`, at);
        return { outcome: 'paid' as const, orderHash: tx.orderHash };
      }
      // Paid before (a repeated message, or another attempt paid too) or cancelled: the operator refunds.
      const again =
        tx.status === 'paid' ? 'Opakovaná správa banky' : order.cancelledAt !== null ? 'Objednávka je zrušená, platbu treba vrátiť' : 'Objednávka už bola zaplatená, platbu treba vrátiť';
      s.event.run(order.id, source, `${again}: ${what}`, at);
      return { outcome: 'already' as const, orderHash: tx.orderHash };
    })
    .immediate();
}
