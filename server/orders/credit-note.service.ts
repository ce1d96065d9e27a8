import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import type { OrderSummary } from './order-summary';

/**
 * Credit notes (dobropis, an opravný daňový doklad): a paid order that is cancelled gets one, which
 * reverses its invoice line by line. Its own number series per year, D + year + six digits
 * (D2026000001), counted inside the issuing transaction like invoices; one per order.
 */
export interface CreditNote {
  number: string;
  invoiceNumber: string;
  issuedAt: number;
}

const sql = perDatabase((db: Db) => {
  const s = db.$client;
  return {
    order: s.prepare<[number], { paidAt: number | null; cancelledAt: number | null; invoice: string | null }>(
      `SELECT o.paid_at AS paidAt, o.cancelled_at AS cancelledAt, (SELECT number FROM invoices WHERE order_id = o.id) AS invoice FROM orders o WHERE o.id = ?`,
    ),
    count: s.prepare<[string], { n: number }>("SELECT COUNT(*) AS n FROM credit_notes WHERE number LIKE ? || '%'"),
    insert: s.prepare<[string, number, string, number]>('INSERT OR IGNORE INTO credit_notes (number, order_id, invoice_number, issued_at) VALUES (?, ?, ?, ?)'),
    of: s.prepare<[number], CreditNote>('SELECT number, invoice_number AS invoiceNumber, issued_at AS issuedAt FROM credit_notes WHERE order_id = ?'),
  };
});

export function creditNoteOf(db: Db, orderId: number): CreditNote | undefined {
  return sql(db).of.get(orderId);
}

export type CreditNoteRefusal = 'not-cancelled' | 'not-paid' | 'exists';

/** Why an order cannot get a credit note, or null when it can. */
export function creditNoteRefusal(db: Db, orderId: number): CreditNoteRefusal | null {
  const order = sql(db).order.get(orderId);
  if (!order || order.cancelledAt === null) return 'not-cancelled';
  if (order.paidAt === null || order.invoice === null) return 'not-paid';
  if (sql(db).of.get(orderId)) return 'exists';
  return null;
}

/** Issues the credit note; call inside the caller's immediate transaction (the number is counted there). */
export function issueCreditNote(db: Db, orderId: number, now: Date): CreditNote | CreditNoteRefusal {
  const refusal = creditNoteRefusal(db, orderId);
  if (refusal) return refusal;
  const prefix = `D${now.getUTCFullYear()}`;
  const number = `${prefix}${String(sql(db).count.get(prefix)!.n + 1).padStart(6, '0')}`;
  sql(db).insert.run(number, orderId, sql(db).order.get(orderId)!.invoice!, now.getTime());
  return sql(db).of.get(orderId)!;
}

/** The order's summary reversed: every line, charge, VAT row and total negative (quantities too). */
export function reversedSummary(summary: OrderSummary): OrderSummary {
  const minus = (n: number) => (n === 0 ? 0 : -n);
  return {
    ...summary,
    items: summary.items.map((item) => ({ ...item, quantity: minus(item.quantity), amount: minus(item.amount) })),
    subtotal: minus(summary.subtotal),
    charges: summary.charges.map((charge) => ({ ...charge, amount: minus(charge.amount) })),
    vatRows: summary.vatRows.map((row) => ({ ...row, base: minus(row.base), vat: minus(row.vat) })),
    totalWithoutVat: minus(summary.totalWithoutVat),
    vat: minus(summary.vat),
    total: minus(summary.total),
    paid: minus(summary.paid),
  };
}
