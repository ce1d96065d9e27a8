import type { Db } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { msg } from '../../i18n/msg';
import { audited, type Actor } from '../audit';
import type { GiftInput } from './rules.schemas';
import { typedDay } from '../shop-days';
import { CHANGED, refused, rowVersion, shopRows, type RuleSave } from './rules.shared';
import { smallTexts, type SmallTextsData } from '../small-texts';

/** What the shopper gets, in the other languages (docs/decisions/249). */
export const GIFT_TEXTS = smallTexts('gift', [{ name: 'value', label: msg('Darček'), kind: 'text', max: 200 }]);

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
  validFrom: number | null;
  /** Exclusive: the first moment the gift is no longer offered. */
  validTo: number | null;
  /** Codes of the products that trigger it (none: any cart), in code order. */
  products: string[];
  /** Its value in the other languages (one gift's form: part of its version, so a change meanwhile is refused). */
  texts?: ReturnType<typeof GIFT_TEXTS.stored>;
}

const COLUMNS = `g.id, s.code AS shop, s.currency, g.value, g.amount_min AS amountMin, g.active, g.valid_from AS validFrom, g.valid_to AS validTo,
  (SELECT json_group_array(code) FROM (SELECT p.code_public AS code FROM gift_products gp JOIN products p ON p.id = gp.product_id WHERE gp.gift_id = g.id ORDER BY p.code_public)) AS products`;
type Stored = Omit<GiftRow, 'products'> & { products: string };
const sql = perDatabase((db: Db) => {
  const s = db.$client;
  return {
    list: s.prepare<[], Stored>(`SELECT ${COLUMNS} FROM gifts g JOIN shops s ON s.id = g.shop_id ORDER BY s.id, g.amount_min, g.id`),
    one: s.prepare<[number], Stored>(`SELECT ${COLUMNS} FROM gifts g JOIN shops s ON s.id = g.shop_id WHERE g.id = ?`),
    insert: s.prepare<Values, { id: number }>('INSERT INTO gifts (shop_id, value, amount_min, active, valid_from, valid_to) VALUES (?, ?, ?, ?, ?, ?) RETURNING id'),
    update: s.prepare<[...Values, number]>('UPDATE gifts SET shop_id = ?, value = ?, amount_min = ?, active = ?, valid_from = ?, valid_to = ? WHERE id = ?'),
    productByCode: s.prepare<[string], { id: number }>('SELECT id FROM products WHERE code_public = ?'),
    clearProducts: s.prepare<[number]>('DELETE FROM gift_products WHERE gift_id = ?'),
    addProduct: s.prepare<[number, number]>('INSERT OR IGNORE INTO gift_products (gift_id, product_id) VALUES (?, ?)'),
  };
});
type Values = [number, string, number, number, number | null, number | null];

const parsed = (row: Stored | undefined): GiftRow | undefined => (row ? { ...row, products: JSON.parse(row.products) as string[] } : undefined);
export const giftRows = (db: Db) => sql(db).list.all().map((r) => parsed(r)!);
export const giftById = (db: Db, id: number): GiftRow | undefined => {
  const row = parsed(sql(db).one.get(id));
  return row && { ...row, texts: GIFT_TEXTS.stored(db, id) };
};
const stored = ({ currency: _c, ...g }: GiftRow) => g;
export const giftVersion = (g: GiftRow) => rowVersion(stored(g));

const values = (db: Db, d: GiftInput): Values => [
  shopRows(db).find((s) => s.code === d.shop)!.id,
  d.value,
  d.amountMin,
  d.active ? 1 : 0,
  d.validFrom ? (typedDay(d.validFrom)?.from ?? null) : null,
  d.validTo ? (typedDay(d.validTo)?.to ?? null) : null,
];

const UNKNOWN_CODE = msg('Produkt s kódom {code} neexistuje');

/** The trigger products by code; an unknown code refuses the whole save. */
function productIds(db: Db, codes: string[]): { ok: true; ids: number[] } | { ok: false; value: RuleSave } {
  const ids: number[] = [];
  for (const code of codes) {
    const row = sql(db).productByCode.get(code);
    if (!row) return { ok: false, value: { ok: false, errors: { products: UNKNOWN_CODE, _code: code }, status: 400 } };
    ids.push(row.id);
  }
  return { ok: true, ids };
}

function writeProducts(db: Db, giftId: number, ids: number[]) {
  sql(db).clearProducts.run(giftId);
  for (const id of ids) sql(db).addProduct.run(giftId, id);
}

export function createGift(db: Db, actor: Actor, d: GiftInput, now: Date, texts: SmallTextsData = {}): RuleSave {
  return audited<RuleSave>(db, actor, now, () => {
    const products = productIds(db, d.products);
    if (!products.ok) return { value: products.value, audit: null };
    const id = sql(db).insert.get(...values(db, d))!.id;
    writeProducts(db, id, products.ids);
    GIFT_TEXTS.save(db, [id], texts);
    return { value: { ok: true, id }, audit: { section: 'selling', action: 'selling.gift.create', subject: String(id), after: { ...stored(giftById(db, id)!), texts: GIFT_TEXTS.stored(db, id) } } };
  });
}

export function updateGift(db: Db, actor: Actor, id: number, d: GiftInput, version: string, now: Date, texts: SmallTextsData = {}): RuleSave {
  return audited<RuleSave>(db, actor, now, () => {
    const before = giftById(db, id);
    if (!before) return refused({ _form: msg('Taký darček neexistuje.') }, 404);
    if (giftVersion(before) !== version) return refused({ _form: CHANGED }, 409);
    const products = productIds(db, d.products);
    if (!products.ok) return { value: products.value, audit: null };
    const textsBefore = GIFT_TEXTS.stored(db, id);
    sql(db).update.run(...values(db, d), id);
    writeProducts(db, id, products.ids);
    GIFT_TEXTS.save(db, [id], texts);
    const after = { ...stored(giftById(db, id)!), texts: GIFT_TEXTS.stored(db, id) };
    const was = { ...stored(before), texts: textsBefore };
    if (JSON.stringify(after) === JSON.stringify(was)) return { value: { ok: true, id }, audit: null };
    return { value: { ok: true, id }, audit: { section: 'selling', action: 'selling.gift.update', subject: String(id), before: was, after } };
  });
}
