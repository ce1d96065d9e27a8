import type { Db } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { msg } from '../../i18n/msg';
import { audited, type Actor } from '../audit';
import type { ShippingRuleInput } from './rules.schemas';
import { CHANGED, refused, rowVersion, shopRows, type RuleSave } from './rules.shared';

/**
 * Shipping prices in the back office (issue 20, Selling rules): the rows of shipping_options, per
 * shop and delivery country, that server/cart/shipping.service.ts reads for the cart's carrier
 * choice. The table is in the catalogue version's triggers, so a saved price is what the next cart
 * request shows. A carrier is offered with a payment only where shipping_payments pairs them (the
 * payments page). A rule priced 0 from some subtotal is the shop's free shipping.
 */
export interface ShippingRuleRow {
  id: number;
  shop: 'sk' | 'cz';
  currency: string;
  country: string;
  companyId: number;
  companyName: string;
  paymentId: number;
  paymentName: string;
  name: string;
  description: string;
  amountMin: number;
  amountMax: number | null;
  /** The cart's weight band in grams (0 and null: any weight). */
  weightMin: number;
  weightMax: number | null;
  price: number;
  sort: number;
  /** The shop pairs this carrier with this payment (shipping_payments): otherwise the rule is not offered. */
  paired: number;
}

const COLUMNS = `o.id, s.code AS shop, s.currency, o.country, o.company_id AS companyId, c.name AS companyName, o.payment_id AS paymentId, p.name AS paymentName,
  o.name, o.delivery_description AS description, o.amount_min AS amountMin, o.amount_max AS amountMax, o.weight_min AS weightMin, o.weight_max AS weightMax, o.price, o.sort,
  EXISTS (SELECT 1 FROM shipping_payments sp WHERE sp.shop_id = o.shop_id AND sp.company_id = o.company_id AND sp.payment_id = o.payment_id) AS paired`;
const FROM = 'shipping_options o JOIN shops s ON s.id = o.shop_id JOIN shipping_companies c ON c.id = o.company_id JOIN payment_options p ON p.id = o.payment_id';

type Values = [number, string, number, number, string, string, number, number | null, number, number | null, number, number];

const sql = perDatabase((db: Db) => {
  const s = db.$client;
  return {
    list: s.prepare<[string, string], ShippingRuleRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE s.code = ? AND o.country = ? ORDER BY o.company_id, o.payment_id, o.amount_min, o.id`),
    one: s.prepare<[number], ShippingRuleRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE o.id = ?`),
    companies: s.prepare<[], { id: number; name: string }>('SELECT id, name FROM shipping_companies ORDER BY id'),
    payments: s.prepare<[], { id: number; name: string }>('SELECT id, name FROM payment_options ORDER BY id'),
    insert: s.prepare<Values, { id: number }>(
      `INSERT INTO shipping_options (shop_id, country, company_id, payment_id, name, delivery_description, amount_min, amount_max, weight_min, weight_max, price, sort)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    ),
    update: s.prepare<[...Values, number]>(
      `UPDATE shipping_options SET shop_id = ?, country = ?, company_id = ?, payment_id = ?, name = ?, delivery_description = ?, amount_min = ?, amount_max = ?,
              weight_min = ?, weight_max = ?, price = ?, sort = ? WHERE id = ?`,
    ),
    remove: s.prepare<[number]>('DELETE FROM shipping_options WHERE id = ?'),
  };
});

export const shippingRules = (db: Db, shop: string, country: string) => sql(db).list.all(shop, country);
export const shippingRuleById = (db: Db, id: number) => sql(db).one.get(id);
export const shippingCompanyList = (db: Db) => sql(db).companies.all();
export const paymentList = (db: Db) => sql(db).payments.all();

const stored = (r: ShippingRuleRow) => {
  const { companyName: _c, paymentName: _p, paired: _x, currency: _y, ...rest } = r;
  return rest;
};
export const shippingRuleVersion = (r: ShippingRuleRow) => rowVersion(stored(r));

const NO_COMPANY = msg('Taký dopravca neexistuje');
const NO_PAYMENT = msg('Taká platba neexistuje');

function columns(db: Db, d: ShippingRuleInput): { ok: true; values: Values } | { ok: false; errors: Record<string, string> } {
  const shop = shopRows(db).find((s) => s.code === d.shop)!;
  const errors: Record<string, string> = {};
  if (!sql(db).companies.all().some((c) => c.id === d.companyId)) errors.companyId = NO_COMPANY;
  if (!sql(db).payments.all().some((p) => p.id === d.paymentId)) errors.paymentId = NO_PAYMENT;
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, values: [shop.id, d.country, d.companyId, d.paymentId, d.name, d.description, d.amountMin, d.amountMax, d.weightMin, d.weightMax, d.price, d.sort] };
}

export function createShippingRule(db: Db, actor: Actor, d: ShippingRuleInput, now: Date): RuleSave {
  return audited<RuleSave>(db, actor, now, () => {
    const cols = columns(db, d);
    if (!cols.ok) return { value: { ok: false, errors: cols.errors, status: 400 }, audit: null };
    const id = sql(db).insert.get(...cols.values)!.id;
    return { value: { ok: true, id }, audit: { section: 'selling', action: 'selling.shipping.create', subject: String(id), after: stored(sql(db).one.get(id)!) } };
  });
}

export function updateShippingRule(db: Db, actor: Actor, id: number, d: ShippingRuleInput, version: string, now: Date): RuleSave {
  return audited<RuleSave>(db, actor, now, () => {
    const before = sql(db).one.get(id);
    if (!before) return refused({ _form: msg('Také pravidlo neexistuje.') }, 404);
    if (shippingRuleVersion(before) !== version) return refused({ _form: CHANGED }, 409);
    const cols = columns(db, d);
    if (!cols.ok) return { value: { ok: false, errors: cols.errors, status: 400 }, audit: null };
    sql(db).update.run(...cols.values, id);
    const after = stored(sql(db).one.get(id)!);
    if (JSON.stringify(after) === JSON.stringify(stored(before))) return { value: { ok: true, id }, audit: null };
    return { value: { ok: true, id }, audit: { section: 'selling', action: 'selling.shipping.update', subject: String(id), before: stored(before), after } };
  });
}

/** Removes a price rule (orders keep their own shipping price and carrier id, never the rule's). */
export function removeShippingRule(db: Db, actor: Actor, id: number, version: string, now: Date): RuleSave {
  return audited<RuleSave>(db, actor, now, () => {
    const before = sql(db).one.get(id);
    if (!before) return refused({ _form: msg('Také pravidlo neexistuje.') }, 404);
    if (shippingRuleVersion(before) !== version) return refused({ _form: CHANGED }, 409);
    sql(db).remove.run(id);
    return { value: { ok: true, id }, audit: { section: 'selling', action: 'selling.shipping.remove', subject: String(id), before: stored(before) } };
  });
}
