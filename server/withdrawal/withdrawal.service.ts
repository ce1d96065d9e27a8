import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import { queueMail } from '../mail/outbox';
import type { OrderView } from '../orders/order-view';
import { withdrawalPeriod } from './withdrawal-period';

/**
 * Withdrawal from a purchase contract (Art. 11a CRD, decision 210): who may open it, what is left to
 * withdraw, and the confirmation, which stores the withdrawal and queues its receipt and the
 * operator's mail in one immediate transaction, once per confirmation token.
 */

export const WITHDRAWAL_MAIL = {
  /** To the shopper: the receipt on a durable medium, with the date and time to the second. */
  receipt: 'withdrawal.receipt',
  /** To the operator (MAIL_OPERATOR, else the supplier's e-mail). */
  operator: 'withdrawal.operator',
} as const;

interface OrderRow {
  id: number;
  shopId: number;
  email: string;
  createdAt: number;
  deliveredAt: number | null;
  cancelledAt: number | null;
}

export interface WithdrawalItem {
  productId: number | null;
  name: string;
  unitPrice: number;
  quantity: number;
}

export interface Withdrawal {
  id: number;
  publicId: string;
  orderId: number;
  token: string;
  name: string;
  email: string;
  reason: string;
  locale: string;
  createdAt: number;
  items: WithdrawalItem[];
}

type WithdrawalRow = Omit<Withdrawal, 'items'>;

const WITHDRAWAL_COLUMNS = `id, public_id AS publicId, order_id AS orderId, token, name, email, reason, locale, created_at AS createdAt`;

const sql = perDatabase((db: Db) => {
  const s = db.$client;
  return {
    orderByHash: s.prepare<[string, number], OrderRow>(
      `SELECT id, shop_id AS shopId, email, created_at AS createdAt, delivered_at AS deliveredAt, cancelled_at AS cancelledAt FROM orders WHERE hash = ? AND shop_id = ?`,
    ),
    hashByDocument: s.prepare<[string, number], { hash: string; email: string }>('SELECT hash, email FROM orders WHERE document_number = ? AND shop_id = ?'),
    ofOrder: s.prepare<[number], WithdrawalRow>(`SELECT ${WITHDRAWAL_COLUMNS} FROM withdrawals WHERE order_id = ? ORDER BY created_at, id`),
    byToken: s.prepare<[string], WithdrawalRow>(`SELECT ${WITHDRAWAL_COLUMNS} FROM withdrawals WHERE token = ?`),
    byId: s.prepare<[number], WithdrawalRow>(`SELECT ${WITHDRAWAL_COLUMNS} FROM withdrawals WHERE id = ?`),
    byPublicId: s.prepare<[string, number], WithdrawalRow & { orderHash: string }>(
      `SELECT w.id, w.public_id AS publicId, w.order_id AS orderId, w.token, w.name, w.email, w.reason, w.locale, w.created_at AS createdAt, o.hash AS orderHash
         FROM withdrawals w JOIN orders o ON o.id = w.order_id WHERE w.public_id = ? AND o.shop_id = ?`,
    ),
    items: s.prepare<[number], WithdrawalItem>('SELECT product_id AS productId, name, unit_price AS unitPrice, quantity FROM withdrawal_items WHERE withdrawal_id = ? ORDER BY id'),
    insert: s.prepare<[string, number, string, string, string, string, string, number]>(
      'INSERT INTO withdrawals (public_id, order_id, token, name, email, reason, locale, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    insertItem: s.prepare<[number | bigint, number | null, string, number, number]>(
      'INSERT INTO withdrawal_items (withdrawal_id, product_id, name, unit_price, quantity) VALUES (?, ?, ?, ?, ?)',
    ),
  };
});

const withItems = (db: Db, row: WithdrawalRow): Withdrawal => ({ ...row, items: sql(db).items.all(row.id) });

/** A line of the order as its documents group it (order-view.ts): same product at the same unit price. */
const lineKey = (item: { productId: number | null; name: string; unitPrice: number }) => `${item.productId ?? item.name}:${item.unitPrice}`;

/**
 * The order's hash when the number and the e-mail both belong to one order of this shop; else
 * undefined, whichever was wrong. E-mails compare case-insensitively (people type them either way);
 * the name is not compared at all (decision 210), so it can never tell a stranger that a number exists.
 */
export function findOrderHash(db: Db, shopId: number, documentNumber: string, email: string): string | undefined {
  const row = sql(db).hashByDocument.get(documentNumber, shopId);
  return row && row.email.trim().toLowerCase() === email.trim().toLowerCase() ? row.hash : undefined;
}

export function withdrawalsOf(db: Db, orderId: number): Withdrawal[] {
  return sql(db).ofOrder.all(orderId).map((row) => withItems(db, row));
}

export function withdrawalById(db: Db, id: number): Withdrawal | undefined {
  const row = sql(db).byId.get(id);
  return row && withItems(db, row);
}

/** A withdrawal of this shop by its receipt's public id, with its order's hash; undefined for any other id. */
export function withdrawalByPublicId(db: Db, shopId: number, publicId: string): (Withdrawal & { orderHash: string }) | undefined {
  if (!/^[A-Za-z0-9_-]{22}$/.test(publicId)) return undefined;
  const row = sql(db).byPublicId.get(publicId, shopId);
  return row && { ...withItems(db, row), orderHash: row.orderHash };
}

export interface WithdrawalLine {
  /** The line's place in OrderView.items: the form's field is `qty_{index}`. */
  index: number;
  productId: number | null;
  name: string;
  unitPrice: number;
  ordered: number;
  /** Pieces not withdrawn yet. */
  remaining: number;
}

export type WithdrawalState = 'open' | 'expired' | 'cancelled' | 'withdrawn';

export interface WithdrawalOptions {
  orderId: number;
  state: WithdrawalState;
  /** When the period ends (null while the order is not delivered). */
  deadline: Date | null;
  deliveredAt: Date | null;
  lines: WithdrawalLine[];
  withdrawals: Withdrawal[];
}

/** What the shopper may still withdraw from this order now, and why not when nothing. */
export function withdrawalOptions(db: Db, order: Pick<OrderView, 'hash' | 'items'>, shopId: number, now: Date): WithdrawalOptions | undefined {
  const row = sql(db).orderByHash.get(order.hash, shopId);
  if (!row) return undefined;
  const withdrawals = withdrawalsOf(db, row.id);
  const taken = new Map<string, number>();
  for (const w of withdrawals) for (const item of w.items) taken.set(lineKey(item), (taken.get(lineKey(item)) ?? 0) + item.quantity);
  const lines = order.items.map((item, index) => {
    const line = { index, productId: item.product, name: item.name, unitPrice: item.price, ordered: item.quantity, remaining: 0 };
    return { ...line, remaining: Math.max(0, item.quantity - (taken.get(lineKey(line)) ?? 0)) };
  });
  const deliveredAt = row.deliveredAt === null ? null : new Date(row.deliveredAt);
  const period = withdrawalPeriod({ deliveredAt }, now);
  // A cancelled order has no contract left to withdraw from; past the period nothing may be; then all withdrawn.
  const state: WithdrawalState =
    row.cancelledAt !== null ? 'cancelled' : !period.open ? 'expired' : lines.every((l) => l.remaining === 0) ? 'withdrawn' : 'open';
  return { orderId: row.id, state, deadline: period.deadline, deliveredAt, lines, withdrawals };
}

export interface ConfirmInput {
  shopId: number;
  order: Pick<OrderView, 'hash' | 'items' | 'email'>;
  token: string;
  name: string;
  reason: string;
  locale: string;
  /** Pieces per line index; lines not named are not withdrawn. */
  quantities: Map<number, number>;
}

export type ConfirmResult =
  | { kind: 'confirmed'; withdrawal: Withdrawal; created: boolean }
  /** The period ended, the order was cancelled or everything is withdrawn since the form was shown. */
  | { kind: 'closed'; options: WithdrawalOptions }
  /** The form asked for more pieces than are left (another withdrawal came first). */
  | { kind: 'stale'; options: WithdrawalOptions };

/**
 * Confirms a withdrawal. One immediate transaction: the token is looked up first, so the same form
 * posted again (in parallel or later, even after the period) answers the first withdrawal; otherwise
 * the state is re-read, the withdrawal and its pieces stored and both mails queued with it.
 */
export function confirmWithdrawal(db: Db, input: ConfirmInput, now: Date): ConfirmResult {
  const s = sql(db);
  return db.$client
    .transaction((): ConfirmResult => {
      const options = withdrawalOptions(db, input.order, input.shopId, now);
      if (!options) throw new Error('the order of a withdrawal form is gone');
      const previous = s.byToken.get(input.token);
      // The token is bound to the order (withdrawal-token.ts), so a previous row is this order's.
      if (previous && previous.orderId === options.orderId) return { kind: 'confirmed', withdrawal: withItems(db, previous), created: false };
      if (previous || options.state !== 'open') return { kind: 'closed', options };
      const chosen = options.lines.filter((line) => (input.quantities.get(line.index) ?? 0) > 0);
      if (chosen.length === 0 || chosen.some((line) => input.quantities.get(line.index)! > line.remaining)) return { kind: 'stale', options };
      const publicId = randomBytes(16).toString('base64url');
      const id = s.insert.run(publicId, options.orderId, input.token, input.name, input.order.email, input.reason, input.locale, now.getTime()).lastInsertRowid;
      for (const line of chosen) s.insertItem.run(id, line.productId, line.name, line.unitPrice, input.quantities.get(line.index)!);
      const ref = { withdrawal: Number(id), shop: input.shopId };
      queueMail(db, WITHDRAWAL_MAIL.receipt, ref, now);
      queueMail(db, WITHDRAWAL_MAIL.operator, ref, now);
      return { kind: 'confirmed', withdrawal: withdrawalById(db, Number(id))!, created: true };
    })
    .immediate();
}
