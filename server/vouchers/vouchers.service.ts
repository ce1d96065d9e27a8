import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import { NotFoundError, ProblemError } from '../http/problem';
import { msg } from '../i18n/msg';
import { contentTextOf, localizeRows } from '../catalog/content-texts';
import { SOURCE_LOCALE, type Locale } from '../i18n/locales';
import { buyPointItem } from '../points/points.service';
import { voucherDiscount, type VoucherRule } from '../cart/pricing';

export const VOUCHER_BOUGHT = msg('Získal si kupón');
export const VOUCHER_ACTIVATED = msg('Aktivoval si kupón');
export const VOUCHER_APPLIED = msg('Kupón bol uplatnený');
export const VOUCHER_UNKNOWN = msg('Kupón neexistuje');
export const VOUCHER_EXPIRED = msg('Platnosť kupónu vypršala');
export const VOUCHER_NOT_YET = msg('Kupón ešte nie je platný');
export const VOUCHER_USED = msg('Kupón už bol použitý');
export const VOUCHER_NOT_ACTIVE = msg('Kupón najprv aktivujte v sekcii Kupóny');
export const VOUCHER_MINIMUM = msg('Kupón platí pre objednávky od {amount}');
export const VOUCHER_EMPTY_CART = msg('Košík je prázdny');

/** Days an issued voucher stays valid after activation when its point item does not say. */
export const DEFAULT_VOUCHER_DAYS = 30;

export interface VoucherRow {
  id: number;
  code: string;
  type: number;
  value: number;
  amountFrom: number;
  giftItem: string | null;
  validFrom: number | null;
  dateTo: number | null;
  singleUse: number;
  usedByOrder: number | null;
  usedAt: number | null;
  userId: number | null;
  activatedAt: number | null;
  expiredAt: number | null;
  pointItemId: number | null;
}

const COLUMNS = `id, code, type, value, amount_from AS amountFrom, gift_item AS giftItem, valid_from AS validFrom, date_to AS dateTo,
  single_use AS singleUse, used_by_order AS usedByOrder, used_at AS usedAt, user_id AS userId, activated_at AS activatedAt,
  expired_at AS expiredAt, point_item_id AS pointItemId`;

function statements(db: Db) {
  const s = db.$client;
  return {
    byId: s.prepare<[number], VoucherRow>(`SELECT ${COLUMNS} FROM vouchers WHERE id = ?`),
    byCode: s.prepare<[string], VoucherRow>(`SELECT ${COLUMNS} FROM vouchers WHERE code = ? COLLATE NOCASE`),
    ofUser: s.prepare<[number], VoucherRow>(`SELECT ${COLUMNS} FROM vouchers WHERE user_id = ? ORDER BY created_at DESC, id DESC`),
    insert: s.prepare<[string, number, number, number, number, number, number, number]>(
      `INSERT INTO vouchers (code, type, value, amount_from, single_use, user_id, point_item_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    activate: s.prepare<[number, number, number, number]>(
      `UPDATE vouchers SET activated_at = ?, date_to = COALESCE(date_to, ?) WHERE id = ? AND user_id = ? AND activated_at IS NULL`,
    ),
    days: s.prepare<[number], { days: number | null }>('SELECT voucher_days AS days FROM point_items WHERE id = ?'),
    cartOfSession: s.prepare<[string, number], { id: number }>('SELECT id FROM carts WHERE session_hash = ? AND shop_id = ?'),
    setCartVoucher: s.prepare<[number, number]>(
      'INSERT INTO cart_vouchers (cart_id, voucher_id) VALUES (?, ?) ON CONFLICT (cart_id) DO UPDATE SET voucher_id = excluded.voucher_id',
    ),
    clearCartVoucher: s.prepare<[number]>('DELETE FROM cart_vouchers WHERE cart_id = ?'),
    cartVoucher: s.prepare<[number], VoucherRow>(`SELECT ${COLUMNS} FROM vouchers WHERE id = (SELECT voucher_id FROM cart_vouchers WHERE cart_id = ?)`),
    markUsed: s.prepare<[number, number, number]>('UPDATE vouchers SET used_by_order = ?, used_at = ? WHERE id = ? AND used_by_order IS NULL'),
  };
}

const sql = perDatabase(statements);

export function voucherRule(v: VoucherRow): VoucherRule {
  return { type: v.type, value: v.value };
}

/** The owner's view of one voucher; another user's voucher is the same 404 as a missing one. */
export function ownVoucher(db: Db, userId: number, id: number): VoucherRow {
  const v = sql(db).byId.get(id);
  if (!v || v.userId !== userId) throw new NotFoundError(VOUCHER_UNKNOWN);
  return v;
}

export function voucherByCode(db: Db, code: string): VoucherRow | undefined {
  return sql(db).byCode.get(code.trim());
}

export function userVouchers(db: Db, userId: number, locale: Locale = SOURCE_LOCALE) {
  const all = localizeRows(db, 'voucher', locale, sql(db).ofUser.all(userId), { gift_item: 'giftItem' });
  return { inactive: all.filter((v) => v.activatedAt === null), active: all.filter((v) => v.activatedAt !== null) };
}

function newCode(): string {
  return `B${randomBytes(6).toString('base64url').toUpperCase().replace(/[^A-Z0-9]/g, 'X')}`;
}

/** Buys a voucher with points: the spend and the voucher are written in the same transaction. */
export function buyVoucher(db: Db, userId: number, pointItemId: number, now: Date): VoucherRow {
  const { result } = buyPointItem(db, userId, pointItemId, now, (item) => {
    if (item.kind !== 'voucher' || item.voucherType === null) throw new ProblemError(400, msg('Táto výhoda nie je kupón'));
    const made = sql(db).insert.run(newCode(), item.voucherType, item.voucherValue ?? 0, item.voucherAmountFrom ?? 0, 1, userId, item.id, now.getTime());
    return Number(made.lastInsertRowid);
  });
  return sql(db).byId.get(result!)!;
}

/** Activation starts the validity window (the point item's days); activating twice changes nothing. */
export function activateVoucher(db: Db, userId: number, id: number, now: Date): VoucherRow {
  const v = ownVoucher(db, userId, id);
  if (v.activatedAt === null) {
    const days = (v.pointItemId !== null ? sql(db).days.get(v.pointItemId)?.days : null) ?? DEFAULT_VOUCHER_DAYS;
    sql(db).activate.run(now.getTime(), now.getTime() + days * 86_400_000, id, userId);
  }
  return sql(db).byId.get(id)!;
}

export interface VoucherCheck {
  ok: boolean;
  message: string;
  values?: Record<string, unknown>;
}

/** Every rule a voucher must pass for this shopper, this subtotal, now. */
export function checkVoucher(v: VoucherRow, userId: number | null, amount: number, now: Date): VoucherCheck {
  const t = now.getTime();
  if (v.userId !== null && v.userId !== userId) return { ok: false, message: VOUCHER_UNKNOWN };
  if (v.userId !== null && v.activatedAt === null) return { ok: false, message: VOUCHER_NOT_ACTIVE };
  if (v.singleUse === 1 && v.usedByOrder !== null) return { ok: false, message: VOUCHER_USED };
  if (v.validFrom !== null && v.validFrom > t) return { ok: false, message: VOUCHER_NOT_YET };
  if ((v.dateTo !== null && v.dateTo < t) || (v.expiredAt !== null && v.expiredAt <= t)) return { ok: false, message: VOUCHER_EXPIRED };
  if (amount < v.amountFrom) return { ok: false, message: VOUCHER_MINIMUM, values: { amountFrom: v.amountFrom } };
  return { ok: true, message: VOUCHER_APPLIED };
}

/** The voucher applied to this cart, if any (the cart view re-checks it on every read). */
/** The cart's voucher, its gift item in `locale` (Slovak where it has none: docs/decisions/249). */
export function cartVoucher(db: Db, cartId: number, locale: Locale = SOURCE_LOCALE): VoucherRow | undefined {
  const v = sql(db).cartVoucher.get(cartId);
  return v && v.giftItem !== null && locale !== SOURCE_LOCALE ? { ...v, giftItem: contentTextOf(db, 'voucher', v.id, locale, 'gift_item', v.giftItem) } : v;
}

/**
 * Applies a code to the session's cart after checking every rule against the cart's subtotal; a
 * failing code changes nothing and answers a problem. An empty code removes the voucher.
 */
export function applyVoucherToCart(
  db: Db,
  input: { sessionHash: string; shopId: number; userId: number | null; code: string; subtotal: number; now: Date },
): VoucherRow | null {
  const s = sql(db);
  return db.$client
    .transaction(() => {
      const cart = s.cartOfSession.get(input.sessionHash, input.shopId);
      if (!input.code.trim()) {
        if (cart) s.clearCartVoucher.run(cart.id);
        return null;
      }
      if (!cart || input.subtotal === 0) throw new ProblemError(409, VOUCHER_EMPTY_CART);
      const v = voucherByCode(db, input.code);
      if (!v) throw new ProblemError(404, VOUCHER_UNKNOWN, { code: VOUCHER_UNKNOWN });
      const check = checkVoucher(v, input.userId, input.subtotal, input.now);
      if (!check.ok) {
        const status = check.message === VOUCHER_UNKNOWN ? 404 : check.message === VOUCHER_USED ? 409 : 400;
        throw new ProblemError(status, check.message, { code: check.message }, check.values);
      }
      s.setCartVoucher.run(cart.id, v.id);
      return v;
    })
    .immediate();
}

/**
 * For the order submit: call INSIDE its synchronous immediate transaction. Re-checks the cart's
 * voucher and marks a single-use one used with a conditional update, so of concurrent submits
 * exactly one gets it (`changes === 1`); the others throw 409 and their transaction rolls back.
 * Returns the voucher and its discount for the given amounts, or null when the cart has none.
 */
export function applyVoucherInTransaction(
  db: Db,
  input: { cartId: number; orderId: number; userId: number | null; now: Date; subtotal?: number; shipping?: number },
): { voucher: VoucherRow; discount: number } | null {
  const s = sql(db);
  const v = s.cartVoucher.get(input.cartId);
  if (!v) return null;
  const check = checkVoucher(v, input.userId, input.subtotal ?? Number.MAX_SAFE_INTEGER, input.now);
  if (!check.ok) throw new ProblemError(check.message === VOUCHER_USED ? 409 : 400, check.message, { voucher: check.message }, check.values);
  if (v.singleUse === 1 && s.markUsed.run(input.orderId, input.now.getTime(), v.id).changes !== 1) {
    throw new ProblemError(409, VOUCHER_USED, { voucher: VOUCHER_USED });
  }
  s.clearCartVoucher.run(input.cartId);
  const discount = voucherDiscount(voucherRule(v), input.subtotal ?? 0, input.shipping ?? 0);
  return { voucher: { ...v, usedByOrder: v.singleUse === 1 ? input.orderId : v.usedByOrder }, discount };
}
