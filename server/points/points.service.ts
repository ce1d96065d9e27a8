import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import type { PointEntryType } from '../db/schema';
import { NotFoundError, ProblemError } from '../http/problem';
import { msg } from '../i18n/msg';
import { contentText } from '../catalog/content-texts';
import { SOURCE_LOCALE, type Locale } from '../i18n/locales';

/** Points credited once when an account is created (item_type registration). */
export const REGISTRATION_BONUS = 50;
export const HISTORY_PAGE_SIZES = [10, 20, 50] as const;

export const NOT_ENOUGH_POINTS = msg('Nedostatok bodov - Pre získanie kupónu nazbieraj viac bodov');
export const ITEM_DISABLED = msg('Táto výhoda už nie je dostupná');
export const ALREADY_CLAIMED = msg('Túto výhodu ste už získali');

export interface PointItemRow {
  id: number;
  name: string;
  image: string | null;
  price: number;
  kind: 'voucher' | 'guide' | 'reward';
  disabled: number;
  stock: number | null;
  oncePerUser: number;
  voucherType: number | null;
  voucherValue: number | null;
  voucherAmountFrom: number | null;
  voucherDays: number | null;
}

export interface HistoryEntry {
  id: number;
  created_at: number;
  value: number;
  item_type: PointEntryType;
  item_id: number;
  item: { name: string } | null;
}

/** A point item's name is in the bound @locale, falling back to the Slovak one (docs/decisions/249). */
const ITEM_COLUMNS = `pi.id, ${contentText('point_item', 'name', 'pi')} AS name, image, price, kind, disabled, stock, once_per_user AS oncePerUser, voucher_type AS voucherType,
  voucher_value AS voucherValue, voucher_amount_from AS voucherAmountFrom, voucher_days AS voucherDays`;

function statements(db: Db) {
  const s = db.$client;
  return {
    balance: s.prepare<[number], { n: number }>('SELECT COALESCE(SUM(value), 0) AS n FROM point_entries WHERE user_id = ?'),
    count: s.prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM point_entries WHERE user_id = ?'),
    history: s.prepare<[{ user: number; size: number; offset: number; locale: Locale }], HistoryEntry & { item_name: string | null }>(
      // A guide bought for points is a point_item debit with the guide's id negated (guide-unlock.service.ts);
      // its title is the one the shopper read, in the shop's locale (docs/decisions/248).
      `SELECT e.id, e.created_at, e.value, e.item_type, e.item_id, COALESCE(${contentText('point_item', 'name', 'pi')},
              (SELECT title FROM blog_post_texts WHERE post_id = b.id AND locale = @locale), b.title) AS item_name
         FROM point_entries e
         LEFT JOIN point_items pi ON e.item_type = 'point_item' AND e.item_id > 0 AND pi.id = e.item_id
         LEFT JOIN blog_posts b ON e.item_type = 'point_item' AND e.item_id < 0 AND b.id = -e.item_id
        WHERE e.user_id = @user ORDER BY e.created_at DESC, e.id DESC LIMIT @size OFFSET @offset`,
    ),
    item: s.prepare<[{ id: number; locale: Locale }], PointItemRow>(`SELECT ${ITEM_COLUMNS} FROM point_items pi WHERE pi.id = @id`),
    items: s.prepare<[{ locale: Locale }], PointItemRow>(`SELECT ${ITEM_COLUMNS} FROM point_items pi ORDER BY pi.price, pi.id`),
    claimed: s.prepare<[number, number], { n: number }>(
      `SELECT COUNT(*) AS n FROM point_entries WHERE user_id = ? AND item_type = 'point_item' AND item_id = ?`,
    ),
    // The balance is re-checked by the insert itself: no spend is written unless SUM(value) ≥ price.
    spend: s.prepare<{ user: number; price: number; type: string; item: number; at: number }>(
      `INSERT INTO point_entries (user_id, value, item_type, item_id, sign, created_at)
       SELECT @user, -@price, @type, @item, -1, @at
        WHERE (SELECT COALESCE(SUM(value), 0) FROM point_entries WHERE user_id = @user) >= @price`,
    ),
    credit: s.prepare<[number, number, string, number, number]>(
      'INSERT INTO point_entries (user_id, value, item_type, item_id, sign, created_at) VALUES (?, ?, ?, ?, 1, ?)',
    ),
    takeStock: s.prepare<[number]>('UPDATE point_items SET stock = stock - 1 WHERE id = ? AND stock IS NOT NULL AND stock > 0'),
    creditOnce: s.prepare<[number, number, string, number, number]>(
      `INSERT INTO point_entries (user_id, value, item_type, item_id, sign, created_at) VALUES (?, ?, ?, ?, 1, ?)
       ON CONFLICT DO NOTHING`,
    ),
    credited: s.prepare<[number, number], { value: number }>(
      `SELECT value FROM point_entries WHERE item_type = 'purchase' AND item_id = ? AND user_id = ? AND sign = 1`,
    ),
    reverse: s.prepare<[number, number, number, number]>(
      `INSERT INTO point_entries (user_id, value, item_type, item_id, sign, created_at) VALUES (?, ?, 'purchase', ?, -1, ?)
       ON CONFLICT DO NOTHING`,
    ),
  };
}

const sql = perDatabase(statements);

export function pointBalance(db: Db, userId: number): number {
  return Math.max(0, sql(db).balance.get(userId)!.n);
}

export function pointHistory(
  db: Db,
  userId: number,
  page: number,
  size: number,
  locale: Locale = SOURCE_LOCALE,
): { items: HistoryEntry[]; total: number; page: number; size: number } {
  const s = sql(db);
  const total = s.count.get(userId)!.n;
  const rows = s.history.all({ user: userId, size, offset: (page - 1) * size, locale });
  return {
    total,
    page,
    size,
    items: rows.map(({ item_name, ...e }) => ({ ...e, item: item_name === null ? null : { name: item_name } })),
  };
}

export function pointItem(db: Db, id: number, locale: Locale = SOURCE_LOCALE): PointItemRow | undefined {
  return sql(db).item.get({ id, locale });
}

/** The reward cards: every item with whether this user can still claim it. */
export function pointItemsFor(db: Db, userId: number, locale: Locale = SOURCE_LOCALE) {
  const s = sql(db);
  return s.items.all({ locale }).map((item) => {
    const claimed = item.oncePerUser === 1 && s.claimed.get(userId, item.id)!.n > 0;
    return { ...item, claimed, available: item.disabled === 0 && item.stock !== 0 && !claimed };
  });
}

/**
 * The one way points are spent (rewards, vouchers, guide unlocks, the operator's corrections): a
 * debit written only when the balance still covers it, checked by the insert itself, so two
 * concurrent spends can never take the balance below zero. The entry's id, or null when the points
 * do not suffice. Run it inside the caller's immediate transaction.
 */
export function spendPoints(db: Db, spend: { userId: number; price: number; itemType: 'point_item' | 'manual'; itemId: number; at: number }): number | null {
  const done = sql(db).spend.run({ user: spend.userId, price: spend.price, type: spend.itemType, item: spend.itemId, at: spend.at });
  return done.changes === 1 ? Number(done.lastInsertRowid) : null;
}

/**
 * Spends points on a point item, synchronously inside one immediate transaction, so concurrent
 * requests serialise on the write lock and the conditional insert sees every earlier spend. `onBought`
 * runs inside the same transaction (issuing a voucher), so a failure there spends nothing.
 */
export function buyPointItem<T = void>(
  db: Db,
  userId: number,
  pointItemId: number,
  now: Date,
  onBought?: (item: PointItemRow, entryId: number) => T,
): { entryId: number; item: PointItemRow; result: T | undefined } {
  return db.$client
    .transaction(() => {
      const s = sql(db);
      const item = s.item.get({ id: pointItemId, locale: SOURCE_LOCALE });
      if (!item) throw new NotFoundError(msg('Táto výhoda neexistuje'));
      if (item.disabled === 1 || item.stock === 0) throw new ProblemError(409, ITEM_DISABLED);
      if (item.oncePerUser === 1 && s.claimed.get(userId, item.id)!.n > 0) throw new ProblemError(409, ALREADY_CLAIMED);
      const entryId = spendPoints(db, { userId, price: item.price, itemType: 'point_item', itemId: item.id, at: now.getTime() });
      if (entryId === null) throw new ProblemError(409, NOT_ENOUGH_POINTS);
      if (item.stock !== null && s.takeStock.run(item.id).changes !== 1) throw new ProblemError(409, ITEM_DISABLED);
      return { entryId, item, result: onBought?.(item, entryId) };
    })
    .immediate();
}

/** The sign-up bonus; once per account (unique key), so calling it twice credits once. */
export function creditRegistrationBonus(db: Db, userId: number, now: Date): void {
  sql(db).creditOnce.run(userId, REGISTRATION_BONUS, 'registration', 0, now.getTime());
}

/** Points for a paid order; idempotent by (purchase, orderId, user). Safe inside a caller's transaction. */
export function creditPurchasePoints(db: Db, input: { userId: number; orderId: number; points: number; now?: Date }): boolean {
  if (!Number.isInteger(input.points) || input.points <= 0) return false;
  const at = (input.now ?? new Date()).getTime();
  return sql(db).creditOnce.run(input.userId, input.points, 'purchase', input.orderId, at).changes === 1;
}

/**
 * Takes back a cancelled order's points, once. The balance never goes below zero: points already
 * spent are not clawed back beyond what is left.
 */
export function reversePurchasePoints(db: Db, input: { userId: number; orderId: number; now?: Date }): number {
  const run = () => {
    const s = sql(db);
    const credit = s.credited.get(input.orderId, input.userId);
    if (!credit) return 0;
    const take = Math.min(credit.value, Math.max(0, s.balance.get(input.userId)!.n));
    const done = s.reverse.run(input.userId, -take, input.orderId, (input.now ?? new Date()).getTime());
    return done.changes === 1 ? take : 0;
  };
  return db.$client.inTransaction ? run() : db.$client.transaction(run).immediate();
}

/**
 * A manual entry by the operator (history label "Manuálne"): a goodwill credit, or a correction
 * that takes points back but never below a zero balance (the insert itself re-checks the balance).
 */
export function addManualPoints(db: Db, input: { userId: number; value: number; now?: Date }): boolean {
  if (!Number.isInteger(input.value) || input.value === 0) return false;
  const at = (input.now ?? new Date()).getTime();
  if (input.value < 0) return spendPoints(db, { userId: input.userId, price: -input.value, itemType: 'manual', itemId: 0, at }) !== null;
  return sql(db).credit.run(input.userId, input.value, 'manual', 0, at).changes === 1;
}
