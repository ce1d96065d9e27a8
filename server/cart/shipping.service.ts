import { catalogView } from '../catalog/catalog-views';
import { readCatalogVersion } from '../catalog/catalog-version';
import type { Db } from '../db/client';
import { matchShipping, paymentFee, type ShippingRule } from './pricing';

/** What the shopper picks from in step 2; names are Slovak source texts, translated at the edge. */
export interface ShippingChoice {
  id: number;
  name: string;
  image: string | null;
  description: string;
  /** Price for the cart's subtotal with the chosen payment, or the lowest over payments; null = not offered at this subtotal. */
  price: number | null;
  /** True when the price is the lowest over payments ("od …"), before a payment is chosen. */
  from: boolean;
  pickup: boolean;
  selected: boolean;
  /** False when the chosen payment cannot go with this carrier; choosing it clears the payment. */
  withPayment: boolean;
}

export interface PaymentChoice {
  id: number;
  name: string;
  image: string | null;
  description: string;
  fee: number;
  /** Spec 4: payment choices are limited by the chosen carrier. */
  enabled: boolean;
  selected: boolean;
}

interface Rule extends ShippingRule {
  name: string;
  image: string | null;
  description: string;
}

interface ShopOptions {
  rules: Rule[];
  /** `${company}:${payment}` → sort. */
  combos: Map<string, number>;
  companies: Map<number, { name: string; pickup: boolean }>;
  payments: { id: number; name: string; image: string | null; description: string; countries: string[] | null }[];
  /** The shop's cash-on-delivery fee (shops.cod_fee), minor units: the one place it is read. */
  codFee: number;
}

/** What a payment adds to the order in this shop (the COD fee; every other payment is free). */
export const feeOf = (options: ShopOptions, paymentId: number | null) => paymentFee(paymentId, options.codFee);

/**
 * The shop's price rules for one delivery country (shipping_options.country). A carrier is offered
 * there only when it has a rule for that country, so the combinations are narrowed to those. Kept
 * per catalogue version (shipping and payment options are in its triggers: a price changed by the
 * back office or straight in the database shows on the next request); `version` is the request's,
 * read here when a caller has none.
 */
export function shopOptions(db: Db, shopId: number, country: string, version = readCatalogVersion(db)): ShopOptions {
  return catalogView({ db, version }, `shipping|${shopId}|${country}`, () => loadOptions(db, shopId, country), (o) => 1024 + o.rules.length * 300 + o.payments.length * 300);
}

function loadOptions(db: Db, shopId: number, country: string): ShopOptions {
  const sqlite = db.$client;
  const rules = sqlite
    .prepare(
      `SELECT company_id AS companyId, payment_id AS paymentId, amount_min AS amountMin, amount_max AS amountMax, weight_min AS weightMin, weight_max AS weightMax, price, sort,
              name, image, delivery_description AS description
         FROM shipping_options WHERE shop_id = ? AND country = ? ORDER BY sort, id`,
    )
    .all(shopId, country) as Rule[];
  const priced = new Set(rules.map((rule) => rule.companyId));
  const comboRows = sqlite
    .prepare('SELECT company_id AS companyId, payment_id AS paymentId, sort FROM shipping_payments WHERE shop_id = ?')
    .all(shopId) as { companyId: number; paymentId: number; sort: number }[];
  const companies = new Map(
    (sqlite.prepare('SELECT id, name, pickup FROM shipping_companies').all() as { id: number; name: string; pickup: number }[]).map((row) => [
      row.id,
      { name: row.name, pickup: row.pickup === 1 },
    ]),
  );
  const payments = (
    sqlite.prepare('SELECT id, name, image, description, countries FROM payment_options ORDER BY id').all() as {
      id: number;
      name: string;
      image: string | null;
      description: string;
      countries: string | null;
    }[]
  ).map((row) => ({ ...row, countries: row.countries ? row.countries.split(',').map((c) => c.trim()) : null }));
  const options: ShopOptions = {
    rules,
    combos: new Map(comboRows.filter((row) => priced.has(row.companyId)).map((row) => [`${row.companyId}:${row.paymentId}`, row.sort])),
    companies,
    payments,
    codFee: (sqlite.prepare('SELECT cod_fee AS codFee FROM shops WHERE id = ?').get(shopId) as { codFee: number } | undefined)?.codFee ?? 0,
  };
  return options;
}

export function isCombination(options: ShopOptions, companyId: number, paymentId: number): boolean {
  return options.combos.has(`${companyId}:${paymentId}`);
}

/** Carriers this shop offers at all (those with at least one payment). */
export function offeredCompanies(options: ShopOptions): number[] {
  return [...new Set([...options.combos.keys()].map((key) => Number(key.split(':')[0])))];
}

/** Spec 9: card for non-Slovak buyers, the Slovak banks only for Slovak buyers. */
export function paymentsFor(options: ShopOptions, country: string) {
  const combinable = new Set([...options.combos.keys()].map((key) => Number(key.split(':')[1])));
  return options.payments.filter((p) => combinable.has(p.id) && (p.countries === null || p.countries.includes(country)));
}

/** The shipping price for a chosen carrier and payment, or null when no rule covers the subtotal and the cart's weight (grams). */
export function shippingPrice(options: ShopOptions, companyId: number, paymentId: number, amount: number, weight = 0): number | null {
  if (!isCombination(options, companyId, paymentId)) return null;
  return matchShipping(options.rules, companyId, paymentId, amount, weight)?.price ?? null;
}

export interface Selection {
  companyId: number | null;
  paymentId: number | null;
}

/** Step 2's two radio groups, priced for `amount`, in the spec's order. */
export function deliveryChoices(
  options: ShopOptions,
  selection: Selection,
  amount: number,
  country: string,
  _currency: string,
  weight = 0,
): { shipping: ShippingChoice[]; payments: PaymentChoice[] } {
  const payments = paymentsFor(options, country);
  const paymentIds = payments.map((p) => p.id);
  const shipping: (ShippingChoice & { order: number })[] = [];
  for (const companyId of offeredCompanies(options)) {
    const company = options.companies.get(companyId);
    if (!company) continue;
    const usable = paymentIds.filter((p) => isCombination(options, companyId, p));
    if (usable.length === 0) continue;
    const withPayment = selection.paymentId === null || usable.includes(selection.paymentId);
    let price: number | null;
    let from = false;
    if (selection.paymentId !== null && withPayment) {
      price = shippingPrice(options, companyId, selection.paymentId, amount, weight);
    } else {
      const prices = usable.map((p) => shippingPrice(options, companyId, p, amount, weight)).filter((p): p is number => p !== null);
      price = prices.length ? Math.min(...prices) : null;
      from = new Set(prices).size > 1;
    }
    const first = options.rules.find((r) => r.companyId === companyId);
    // Spec 4: the shipping list is sorted by the selected payment's order; carriers that cannot go
    // with it follow. Without a payment, by each carrier's best position.
    const sorts = usable.map((p) => options.combos.get(`${companyId}:${p}`) ?? 0);
    const order =
      selection.paymentId !== null && withPayment ? (options.combos.get(`${companyId}:${selection.paymentId}`) ?? 0) : (withPayment ? 0 : 10_000) + Math.min(...sorts);
    shipping.push({
      id: companyId,
      name: first?.name ?? company.name,
      image: first?.image ?? null,
      description: first?.description ?? '',
      price,
      from,
      pickup: company.pickup,
      selected: selection.companyId === companyId,
      withPayment,
      order,
    });
  }
  shipping.sort((a, b) => a.order - b.order || a.id - b.id);

  const paymentOrder = (id: number) => (selection.companyId !== null ? (options.combos.get(`${selection.companyId}:${id}`) ?? 10_000 + id) : id);
  const paymentChoices = payments
    .map((p) => ({
      id: p.id,
      name: p.name,
      image: p.image,
      description: p.description,
      fee: feeOf(options, p.id),
      enabled: selection.companyId === null || isCombination(options, selection.companyId, p.id),
      selected: selection.paymentId === p.id,
    }))
    .sort((a, b) => paymentOrder(a.id) - paymentOrder(b.id));
  return { shipping: shipping.map(({ order: _order, ...choice }) => choice), payments: paymentChoices };
}

/** The smallest order that ships free with some carrier, for the shop's promises ("Doprava zadarmo od …"). */
export function freeShippingFrom(options: ShopOptions): number | null {
  const free = options.rules.filter((rule) => rule.price === 0).map((rule) => rule.amountMin);
  return free.length > 0 ? Math.min(...free) : null;
}
