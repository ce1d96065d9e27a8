import type { Db } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { msg } from '../../i18n/msg';
import { PAYMENT } from '../../cart/pricing';
import { audited, type Actor } from '../audit';
import type { PaymentInput } from './rules.schemas';
import { CHANGED, refused, rowVersion, shopRows, type RuleSave } from './rules.shared';

/**
 * Payments in the back office (issue 20, Selling rules): a method's texts and countries
 * (payment_options), the carriers it goes with in each shop (shipping_payments) and, for cash on
 * delivery, each shop's fee (shops.cod_fee). The cart reads all three through its shop options
 * (server/cart/shipping.service.ts), kept per catalogue version, so a save counts on the next request.
 */
export interface PaymentRow {
  id: number;
  name: string;
  description: string;
  countries: string | null;
}

export interface PaymentState extends PaymentRow {
  /** "sk:10" per carrier the payment goes with in a shop, sorted. */
  carriers: string[];
  /** The COD fee per shop code (only for cash on delivery). */
  codFees: Record<string, number> | null;
}

const sql = perDatabase((db: Db) => {
  const s = db.$client;
  return {
    all: s.prepare<[], PaymentRow>('SELECT id, name, description, countries FROM payment_options ORDER BY id'),
    one: s.prepare<[number], PaymentRow>('SELECT id, name, description, countries FROM payment_options WHERE id = ?'),
    pairs: s.prepare<[number], { shop: string; companyId: number }>(
      'SELECT s.code AS shop, sp.company_id AS companyId FROM shipping_payments sp JOIN shops s ON s.id = sp.shop_id WHERE sp.payment_id = ? ORDER BY s.code, sp.company_id',
    ),
    fees: s.prepare<[], { code: string; codFee: number }>('SELECT code, cod_fee AS codFee FROM shops ORDER BY id'),
    update: s.prepare<[string, string, string | null, number]>('UPDATE payment_options SET name = ?, description = ?, countries = ? WHERE id = ?'),
    unpair: s.prepare<[number, number, number]>('DELETE FROM shipping_payments WHERE shop_id = ? AND company_id = ? AND payment_id = ?'),
    pair: s.prepare<[number, number, number, number, number]>(
      'INSERT INTO shipping_payments (shop_id, company_id, payment_id, sort) VALUES (?, ?, ?, (SELECT COALESCE(MAX(sort), 0) + 1 FROM shipping_payments WHERE shop_id = ? AND payment_id = ?))',
    ),
    companies: s.prepare<[], { id: number; name: string }>('SELECT id, name FROM shipping_companies ORDER BY id'),
    fee: s.prepare<[number, string]>('UPDATE shops SET cod_fee = ? WHERE code = ?'),
  };
});

export const paymentRows = (db: Db) => sql(db).all.all().map((p) => paymentState(db, p));
export const paymentCompanies = (db: Db) => sql(db).companies.all();

function paymentState(db: Db, p: PaymentRow): PaymentState {
  return {
    ...p,
    carriers: sql(db).pairs.all(p.id).map((x) => `${x.shop}:${x.companyId}`),
    codFees: p.id === PAYMENT.cod ? Object.fromEntries(sql(db).fees.all().map((f) => [f.code, f.codFee])) : null,
  };
}

export function paymentById(db: Db, id: number): PaymentState | undefined {
  const p = sql(db).one.get(id);
  return p ? paymentState(db, p) : undefined;
}

export const paymentVersion = (p: PaymentState) => rowVersion(p);

export function updatePayment(db: Db, actor: Actor, id: number, d: PaymentInput, version: string, now: Date): RuleSave {
  return audited<RuleSave>(db, actor, now, () => {
    const before = paymentById(db, id);
    if (!before) return refused({ _form: msg('Taká platba neexistuje') }, 404);
    if (paymentVersion(before) !== version) return refused({ _form: CHANGED }, 409);
    const companies = new Set(sql(db).companies.all().map((c) => c.id));
    const shops = new Map(shopRows(db).map((s) => [s.code as string, s.id]));
    const wanted = new Set(d.carriers.filter((x) => shops.has(x.split(':')[0]) && companies.has(Number(x.split(':')[1]))));
    if (wanted.size !== new Set(d.carriers).size) return { value: { ok: false, errors: { carriers: msg('Vyberte jednu z možností') }, status: 400 }, audit: null };
    if (before.codFees && (d.codFeeSk == null || d.codFeeCz == null)) {
      const errors: Record<string, string> = {};
      if (d.codFeeSk == null) errors.codFeeSk = msg('Toto pole je povinné');
      if (d.codFeeCz == null) errors.codFeeCz = msg('Toto pole je povinné');
      return { value: { ok: false, errors, status: 400 }, audit: null };
    }
    sql(db).update.run(d.name, d.description, d.countries || null, id);
    for (const pair of before.carriers) {
      if (wanted.has(pair)) continue;
      const [shop, company] = pair.split(':');
      sql(db).unpair.run(shops.get(shop)!, Number(company), id);
    }
    for (const pair of wanted) {
      if (before.carriers.includes(pair)) continue;
      const [shop, company] = pair.split(':');
      const shopId = shops.get(shop)!;
      sql(db).pair.run(shopId, Number(company), id, shopId, id);
    }
    if (before.codFees) {
      sql(db).fee.run(d.codFeeSk!, 'sk');
      sql(db).fee.run(d.codFeeCz!, 'cz');
    }
    const after = paymentById(db, id)!;
    if (JSON.stringify(after) === JSON.stringify(before)) return { value: { ok: true, id }, audit: null };
    return { value: { ok: true, id }, audit: { section: 'selling', action: 'selling.payment.update', subject: String(id), before, after } };
  });
}
