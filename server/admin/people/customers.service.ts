import { deleteAccount, exportUserData } from '../../accounts/accounts.service';
import type { Db } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { msg } from '../../i18n/msg';
import { addManualPoints, pointBalance, pointHistory } from '../../points/points.service';
import { audited, type Actor } from '../audit';
import { pagedQuery, whereOf, type Paged } from '../paged-query';
import { CUSTOMERS_PAGE_SIZE, type CustomerFilter, type PointsEntry } from './customers.schemas';

/**
 * Customers (issue 20, People): shopper accounts found by name, e-mail or phone; a customer's orders,
 * points and their history; the operator's manual entry through the points domain's one rule
 * (addManualPoints → spendPoints for a debit: never below zero); the GDPR export and erasure through
 * the shopper's own code (exportUserData, deleteAccount), plus what those do not cover here.
 */
export interface CustomerRow {
  id: number;
  email: string;
  phone: string | null;
  name: string | null;
  createdAt: number;
  status: string;
  roles: string;
  orders: number;
}

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

const NAME = `(SELECT a.first_name || ' ' || a.last_name FROM addresses a WHERE a.user_id = u.id AND a.first_name <> '' ORDER BY a.favourite DESC, a.id LIMIT 1)`;
const ORDER_NAME = `(SELECT o.first_name || ' ' || o.last_name FROM orders o WHERE o.user_id = u.id ORDER BY o.id DESC LIMIT 1)`;

export function customerPage(db: Db, filter: CustomerFilter): Paged<CustomerRow> {
  const parts = ['u.deleted_at IS NULL'];
  const params: string[] = [];
  const q = filter.q;
  if (q) {
    const digits = q.replace(/[\s+/()-]/g, '');
    if (q.includes('@')) {
      parts.push("u.email LIKE ? ESCAPE '\\'");
      params.push(`${likeText(q.toLowerCase()).slice(1)}`);
    } else if (/^\d{3,}$/.test(digits)) {
      parts.push("replace(replace(u.phone, ' ', ''), '+', '') LIKE ? ESCAPE '\\'");
      params.push(likeText(digits.length > 9 ? digits.slice(-9) : digits));
    } else {
      const like = likeText(q);
      parts.push(`(u.email LIKE ? ESCAPE '\\' OR EXISTS (SELECT 1 FROM addresses a WHERE a.user_id = u.id AND a.first_name || ' ' || a.last_name LIKE ? ESCAPE '\\')
        OR EXISTS (SELECT 1 FROM orders o WHERE o.user_id = u.id AND o.first_name || ' ' || o.last_name LIKE ? ESCAPE '\\'))`);
      params.push(like, like, like);
    }
  }
  return pagedQuery<CustomerRow>(
    db,
    {
      columns: `u.id, u.email, u.phone, COALESCE(${NAME}, ${ORDER_NAME}) AS name, u.created_at AS createdAt, u.status, u.roles,
        (SELECT COUNT(*) FROM orders o WHERE o.user_id = u.id) AS orders`,
      from: 'users u',
      where: whereOf(parts),
      order: 'u.created_at DESC, u.id DESC',
    },
    params,
    filter.strana,
    CUSTOMERS_PAGE_SIZE,
  );
}

export interface CustomerOrder {
  id: number;
  number: string;
  createdAt: number;
  total: number;
  currency: string;
  stage: number;
}

const sql = perDatabase((db: Db) => {
  const s = db.$client;
  return {
    user: s.prepare<[number], { id: number; email: string; phone: string | null; roles: string; status: string; requestedType: string; createdAt: number }>(
      'SELECT id, email, phone, roles, status, requested_type AS requestedType, created_at AS createdAt FROM users WHERE id = ? AND deleted_at IS NULL',
    ),
    orders: s.prepare<[number], CustomerOrder>(
      'SELECT id, document_number AS number, created_at AS createdAt, total, currency, stage FROM orders WHERE user_id = ? ORDER BY created_at DESC, id DESC',
    ),
    lastEntry: s.prepare<[number], { id: number }>('SELECT id FROM point_entries WHERE user_id = ? ORDER BY id DESC LIMIT 1'),
    reasons: s.prepare<[string], { after: string }>("SELECT after FROM audit_log WHERE section = 'customers' AND action = 'customers.points' AND subject = ?"),
    // What the shopper's own export does not hold (accounts.service.ts exportUserData): the rest the shop keeps.
    exportOrders: s.prepare<[number], Record<string, unknown>>(
      `SELECT document_number AS number, created_at AS createdAt, status, first_name AS firstName, last_name AS lastName, street, town, zip, country,
        contact, email, company_name AS companyName, company_number AS companyNumber, company_vat AS companyVat, invoice_name AS invoiceName,
        invoice_street AS invoiceStreet, invoice_town AS invoiceTown, invoice_zip AS invoiceZip, invoice_country AS invoiceCountry, user_note AS note,
        shipping_name AS shipping, payment_name AS payment, total, currency, id FROM orders WHERE user_id = ? ORDER BY id`,
    ),
    exportItems: s.prepare<[number], Record<string, unknown>>('SELECT * FROM order_items WHERE order_id = ? ORDER BY id'),
    exportPoints: s.prepare<[number], Record<string, unknown>>(
      'SELECT value, item_type AS type, item_id AS itemId, created_at AS createdAt FROM point_entries WHERE user_id = ? ORDER BY id',
    ),
    exportVouchers: s.prepare<[number], Record<string, unknown>>('SELECT * FROM vouchers WHERE user_id = ? ORDER BY id'),
    exportWatchdogs: s.prepare<[string], Record<string, unknown>>(
      `SELECT w.product_id AS productId, p.name AS product, w.available, w.available_value AS availableValue, w.price, w.price_value AS priceValue,
        w.created_at AS createdAt, w.fired_at AS firedAt, w.unsubscribed_at AS unsubscribedAt FROM watchdogs w LEFT JOIN products p ON p.id = w.product_id
        WHERE lower(w.email) = ? ORDER BY w.id`,
    ),
    exportClaims: s.prepare<[number], Record<string, unknown>>('SELECT * FROM claims WHERE user_id = ? ORDER BY id'),
    exportGuides: s.prepare<[number], Record<string, unknown>>('SELECT blog_id AS blogId, via, created_at AS createdAt FROM guide_unlocks WHERE user_id = ?'),
    // Erasure beyond the account: watches by e-mail, and the orders' contact data (kept for accounting).
    eraseWatchdogs: s.prepare<[string]>('DELETE FROM watchdogs WHERE lower(email) = ?'),
    anonymiseOrders: s.prepare<[string, number]>("UPDATE orders SET email = ?, contact = '', user_note = '' WHERE user_id = ?"),
  };
});

export type Customer = NonNullable<ReturnType<typeof customerDetail>>;

export function customerDetail(db: Db, id: number, historyPage: number) {
  const user = sql(db).user.get(id);
  if (!user) return null;
  const reasons = new Map<number, string>();
  for (const row of sql(db).reasons.all(String(id))) {
    const after = JSON.parse(row.after) as { entry?: number; reason?: string };
    if (after.entry && after.reason) reasons.set(after.entry, after.reason);
  }
  return {
    ...user,
    roles: JSON.parse(user.roles) as string[],
    orders: sql(db).orders.all(id),
    balance: pointBalance(db, id),
    history: pointHistory(db, id, historyPage, 20),
    reasons,
  };
}

export const NOT_ENOUGH = msg('Toľko bodov zákazník nemá: zostatok nesmie klesnúť pod nulu.');
export const NO_CUSTOMER = msg('Taký zákazník neexistuje.');

/**
 * The operator's manual entry: the points domain's own function, so a debit is written only while the
 * balance covers it (checked by the insert itself). The reason lives in the audit row with the entry's id.
 */
export type Outcome = { ok: true } | { ok: false; error: string };

export function addPointsEntry(db: Db, actor: Actor, userId: number, entry: PointsEntry, now: Date): Outcome {
  return audited<Outcome>(db, actor, now, () => {
    if (!sql(db).user.get(userId)) return { value: { ok: false as const, error: NO_CUSTOMER }, audit: null };
    const before = pointBalance(db, userId);
    const value = entry.direction === 'credit' ? entry.points : -entry.points;
    if (!addManualPoints(db, { userId, value, now })) return { value: { ok: false as const, error: NOT_ENOUGH }, audit: null };
    const id = sql(db).lastEntry.get(userId)!.id;
    return {
      value: { ok: true as const },
      audit: { section: 'customers', action: 'customers.points', subject: String(userId), before: { balance: before }, after: { balance: pointBalance(db, userId), entry: id, value, reason: entry.reason } },
    };
  });
}

/** Everything the shop holds about a customer (GDPR art. 15/20): the shopper's own export and the rest. */
export function customerExport(db: Db, userId: number) {
  const base = exportUserData(db, userId);
  if (!base) return null;
  const s = sql(db);
  return {
    ...base,
    orders: s.exportOrders.all(userId).map(({ id, ...order }) => ({ ...order, items: s.exportItems.all(id as number).map(({ id: _i, order_id: _o, ...item }) => item) })),
    points: { balance: pointBalance(db, userId), entries: s.exportPoints.all(userId) },
    vouchers: s.exportVouchers.all(userId),
    watchdogs: s.exportWatchdogs.all(base.account.email),
    claims: s.exportClaims.all(userId),
    guides: s.exportGuides.all(userId),
    reviews: 'Reviews are stored with a display name only, not linked to an account.',
  };
}

/**
 * Erasure (GDPR art. 17): the shopper's own account closing (deleteAccount: e-mail tombstoned,
 * password, phone, addresses, favourites, social links, sessions gone), watches by e-mail deleted,
 * and the orders kept for accounting with their e-mail, phone and note removed (the invoice's name and
 * address stay: the law keeps invoices for ten years). Audited without the erased data.
 */
export function eraseCustomer(db: Db, actor: Actor, userId: number, confirm: string, now: Date): Outcome {
  return audited<Outcome>(db, actor, now, () => {
    const user = sql(db).user.get(userId);
    if (!user) return { value: { ok: false as const, error: NO_CUSTOMER }, audit: null };
    if (confirm !== user.email) return { value: { ok: false as const, error: msg('Napíšte e-mail zákazníka presne, ako je uvedený.') }, audit: null };
    sql(db).eraseWatchdogs.run(user.email);
    sql(db).anonymiseOrders.run(`deleted-${userId}@deleted.invalid`, userId);
    deleteAccount(db, userId, now);
    return { value: { ok: true as const }, audit: { section: 'customers', action: 'customers.erase', subject: String(userId), after: { erased: true } } };
  });
}
