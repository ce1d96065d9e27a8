import type { Db } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { msg } from '../../i18n/msg';
import { audited, type Actor } from '../audit';
import type { GiftInput } from './rules.schemas';
import { CHANGED, refused, rowVersion, shopRows, type RuleSave } from './rules.shared';

/**
 * Gifts in the back office (issue 20, Selling rules): per shop, what the shopper gets (gifts.value)
 * from which subtotal on, and whether it is offered. The cart reads the active ones per request
 * (server/cart/gifts.service.ts: the best reached gift goes with the order, those above the subtotal
 * are its gift motivation). Orders keep the gift's text, so a gift is switched off, never deleted.
 */
export interface GiftRow {
  id: number;
  shop: 'sk' | 'cz';
  currency: string;
  value: string;
  amountMin: number;
  active: number;
}

const COLUMNS = 'g.id, s.code AS shop, s.currency, g.value, g.amount_min AS amountMin, g.active';
const sql = perDatabase((db: Db) => {
  const s = db.$client;
  return {
    list: s.prepare<[], GiftRow>(`SELECT ${COLUMNS} FROM gifts g JOIN shops s ON s.id = g.shop_id ORDER BY s.id, g.amount_min, g.id`),
    one: s.prepare<[number], GiftRow>(`SELECT ${COLUMNS} FROM gifts g JOIN shops s ON s.id = g.shop_id WHERE g.id = ?`),
    insert: s.prepare<[number, string, number, number], { id: number }>('INSERT INTO gifts (shop_id, value, amount_min, active) VALUES (?, ?, ?, ?) RETURNING id'),
    update: s.prepare<[number, string, number, number, number]>('UPDATE gifts SET shop_id = ?, value = ?, amount_min = ?, active = ? WHERE id = ?'),
  };
});

export const giftRows = (db: Db) => sql(db).list.all();
export const giftById = (db: Db, id: number) => sql(db).one.get(id);
const stored = ({ currency: _c, ...g }: GiftRow) => g;
export const giftVersion = (g: GiftRow) => rowVersion(stored(g));

const values = (db: Db, d: GiftInput) => [shopRows(db).find((s) => s.code === d.shop)!.id, d.value, d.amountMin, d.active ? 1 : 0] as const;

export function createGift(db: Db, actor: Actor, d: GiftInput, now: Date): RuleSave {
  return audited<RuleSave>(db, actor, now, () => {
    const id = sql(db).insert.get(...values(db, d))!.id;
    return { value: { ok: true, id }, audit: { section: 'selling', action: 'selling.gift.create', subject: String(id), after: stored(sql(db).one.get(id)!) } };
  });
}

export function updateGift(db: Db, actor: Actor, id: number, d: GiftInput, version: string, now: Date): RuleSave {
  return audited<RuleSave>(db, actor, now, () => {
    const before = sql(db).one.get(id);
    if (!before) return refused({ _form: msg('Taký darček neexistuje.') }, 404);
    if (giftVersion(before) !== version) return refused({ _form: CHANGED }, 409);
    sql(db).update.run(...values(db, d), id);
    const after = stored(sql(db).one.get(id)!);
    if (JSON.stringify(after) === JSON.stringify(stored(before))) return { value: { ok: true, id }, audit: null };
    return { value: { ok: true, id }, audit: { section: 'selling', action: 'selling.gift.update', subject: String(id), before: stored(before), after } };
  });
}
