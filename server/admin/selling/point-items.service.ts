import type { Db } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { msg } from '../../i18n/msg';
import { audited, type Actor } from '../audit';
import type { PointItemInput } from './rules.schemas';
import { CHANGED, refused, rowVersion, type RuleSave } from './rules.shared';
import { smallTexts, type SmallTextsData } from '../small-texts';
import type { PointItemRow as ShopPointItemRow } from '../../points/points.service';

/** The name in the other languages (docs/decisions/249). */
export const POINT_ITEM_TEXTS = smallTexts('point_item', [{ name: 'name', label: msg('Názov'), kind: 'text', max: 200 }]);

/**
 * Point items in the back office (issue 20, Selling rules): what points buy (point_items), its price
 * in points, stock and once-per-user limits, the voucher a 'voucher' item issues, and whether it is
 * offered. The shop's points pages read the rows per request. Point entries name an item by id, so
 * an item is switched off (disabled), never deleted. The row is the shop's (points.service.ts) with
 * its Slovak name and without the picture, which the back office does not edit.
 */
export type PointItemRow = Omit<ShopPointItemRow, 'image'>;

const COLUMNS = `id, name, price, kind, disabled, stock, once_per_user AS oncePerUser, voucher_type AS voucherType, voucher_value AS voucherValue,
  voucher_amount_from AS voucherAmountFrom, voucher_days AS voucherDays`;
type Values = [string, number, string, number, number | null, number, number | null, number | null, number | null, number | null];
const sql = perDatabase((db: Db) => {
  const s = db.$client;
  return {
    list: s.prepare<[], PointItemRow>(`SELECT ${COLUMNS} FROM point_items ORDER BY disabled, price, id`),
    one: s.prepare<[number], PointItemRow>(`SELECT ${COLUMNS} FROM point_items WHERE id = ?`),
    insert: s.prepare<Values, { id: number }>(
      `INSERT INTO point_items (name, price, kind, disabled, stock, once_per_user, voucher_type, voucher_value, voucher_amount_from, voucher_days)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    ),
    update: s.prepare<[...Values, number]>(
      `UPDATE point_items SET name = ?, price = ?, kind = ?, disabled = ?, stock = ?, once_per_user = ?, voucher_type = ?, voucher_value = ?,
       voucher_amount_from = ?, voucher_days = ? WHERE id = ?`,
    ),
  };
});

export const pointItemRows = (db: Db) => sql(db).list.all();
/** One item with its names in the other languages (part of its version: a change meanwhile is refused). */
export const pointItemById = (db: Db, id: number) => {
  const row = sql(db).one.get(id);
  return row && { ...row, texts: POINT_ITEM_TEXTS.stored(db, id) };
};
export const pointItemVersion = (p: PointItemRow) => rowVersion(p);

const values = (d: PointItemInput): Values => {
  const voucher = d.kind === 'voucher';
  return [
    d.name,
    d.price,
    d.kind,
    d.disabled ? 1 : 0,
    d.stock,
    d.oncePerUser ? 1 : 0,
    voucher ? d.voucherType : null,
    voucher ? d.voucherValue : null,
    voucher ? d.voucherAmountFrom : null,
    voucher ? d.voucherDays : null,
  ];
};

/** The row with its texts in the other languages, as an audit row records it. */
const audited_ = (db: Db, id: number) => ({ ...sql(db).one.get(id)!, texts: POINT_ITEM_TEXTS.stored(db, id) });

export function createPointItem(db: Db, actor: Actor, d: PointItemInput, now: Date, texts: SmallTextsData = {}): RuleSave {
  return audited<RuleSave>(db, actor, now, () => {
    const id = sql(db).insert.get(...values(d))!.id;
    POINT_ITEM_TEXTS.save(db, [id], texts);
    return { value: { ok: true, id }, audit: { section: 'selling', action: 'selling.point-item.create', subject: String(id), after: audited_(db, id) } };
  });
}

export function updatePointItem(db: Db, actor: Actor, id: number, d: PointItemInput, version: string, now: Date, texts: SmallTextsData = {}): RuleSave {
  return audited<RuleSave>(db, actor, now, () => {
    const row = pointItemById(db, id);
    if (!row) return refused({ _form: msg('Taká položka neexistuje.') }, 404);
    if (pointItemVersion(row) !== version) return refused({ _form: CHANGED }, 409);
    const before = audited_(db, id);
    sql(db).update.run(...values(d), id);
    POINT_ITEM_TEXTS.save(db, [id], texts);
    const after = audited_(db, id);
    if (JSON.stringify(after) === JSON.stringify(before)) return { value: { ok: true, id }, audit: null };
    return { value: { ok: true, id }, audit: { section: 'selling', action: 'selling.point-item.update', subject: String(id), before, after } };
  });
}
