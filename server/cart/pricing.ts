/**
 * Every piece of cart arithmetic, as pure functions over integer minor units (cents, haléře).
 * Spec 9: subtotal = Σ quantity × active price; shipping = the option matching carrier, payment and
 * amount_min ≤ subtotal ≤ amount_max; total = subtotal + services + shipping (+ COD fee) + alignment,
 * rounded to the shop's cash step, the difference shown as "Centové dorovnanie".
 */

export const MAX_LINE_QUANTITY = 99;

/** Payment ids of the spec (section 9). */
export const PAYMENT = { cod: 1, transfer: 2, card: 10, instalments: 20, bank: 30 } as const;

/** Carrier ids of the spec; 10 and 14 need a pickup point, 9 a post office. */
export const COMPANY = { post: 0, courier: 1, express: 8, postOffice: 9, packeta: 10, sps: 14 } as const;

export interface PricedLine {
  /** Active unit price (B2C or B2B by role), minor units, VAT included. */
  unitPrice: number;
  quantity: number;
}

export function lineTotal(line: PricedLine): number {
  return line.unitPrice * line.quantity;
}

export function subtotal(lines: readonly PricedLine[]): number {
  let sum = 0;
  for (const line of lines) sum += lineTotal(line);
  return sum;
}

/**
 * Loyalty points promised for a line: floor(unit price × quantity) in major units of the shop's
 * currency, i.e. one point per whole euro (SK) or whole crown (CZ) of the line total.
 */
export function linePoints(line: PricedLine): number {
  return Math.floor(lineTotal(line) / 100);
}

export interface ShippingRule {
  companyId: number;
  paymentId: number;
  amountMin: number;
  /** null = no upper limit. */
  amountMax: number | null;
  /** The cart's weight band in grams, inclusive; 0 and null = any weight. */
  weightMin?: number;
  weightMax?: number | null;
  price: number;
  sort: number;
}

/**
 * The rule for this carrier and payment whose amount range holds the subtotal and whose weight band
 * holds the cart's weight in grams (all ends inclusive). Overlapping ranges are a data error; the lowest sort, then the cheapest, wins.
 */
export function matchShipping<R extends ShippingRule>(rules: readonly R[], companyId: number, paymentId: number, amount: number, weight = 0): R | null {
  let best: R | null = null;
  for (const rule of rules) {
    if (rule.companyId !== companyId || rule.paymentId !== paymentId) continue;
    if (amount < rule.amountMin || (rule.amountMax !== null && amount > rule.amountMax)) continue;
    if (weight < (rule.weightMin ?? 0) || (rule.weightMax != null && weight > rule.weightMax)) continue;
    if (!best || rule.sort < best.sort || (rule.sort === best.sort && rule.price < best.price)) best = rule;
  }
  return best;
}

/**
 * Spec 9: "Cash on delivery fee: 40 in CZK, otherwise 1; payment 30 is free." The fee is the shop's
 * (shops.cod_fee, 40 Kč and 1 € as seeded, docs/decisions/071), changed in the back office and read
 * with the shop's shipping options (server/cart/shipping.service.ts). Every other payment is free.
 */
export function paymentFee(paymentId: number | null, codFee: number): number {
  return paymentId === PAYMENT.cod ? codFee : 0;
}

/**
 * Cash rounding to the nearest multiple of `step` minor units (5 = 0.05 €, 100 = 1 Kč); an exact
 * half-way amount goes up, as the Czech rounding rule and the Slovak rounding act both do.
 */
export function roundCash(amount: number, step: number): number {
  if (!Number.isInteger(amount)) throw new RangeError(`roundCash: amount must be whole minor units, got ${amount}`);
  if (!Number.isInteger(step) || step < 1) throw new RangeError(`roundCash: step must be a positive integer, got ${step}`);
  return Math.floor((amount * 2 + step) / (2 * step)) * step;
}

export interface TotalsInput {
  subtotal: number;
  /** Voucher discount (minor units, ≥ 0); taken off before the cash rounding. */
  discount?: number;
  services: number;
  shipping: number;
  fee: number;
  /** The shop's cash step in minor units. */
  rounding: number;
}

export interface Totals {
  /** Before cash rounding. */
  raw: number;
  /** "Centové dorovnanie": total − raw, |alignment| ≤ step / 2. */
  alignment: number;
  /** "Celkom k úhrade". */
  total: number;
}

export function totals(input: TotalsInput): Totals {
  const raw = Math.max(0, input.subtotal - (input.discount ?? 0) + input.services + input.shipping + input.fee);
  const total = roundCash(raw, input.rounding);
  return { raw, alignment: total - raw, total };
}

/** Voucher types of the spec (section 9). */
export const VOUCHER_TYPE = { fixed: 1, percent: 2, freeShipping: 3, gift: 5 } as const;

export interface VoucherRule {
  type: number;
  /** Fixed: minor units; percent: whole percent. */
  value: number;
}

/**
 * What a voucher takes off: a fixed amount (never more than the subtotal), a percentage of the
 * subtotal rounded down to whole minor units, the shipping price (free shipping), nothing for a
 * gift (the gift is shown with the order). The cash rounding applies to the total afterwards.
 */
export function voucherDiscount(rule: VoucherRule, amount: number, shipping: number): number {
  switch (rule.type) {
    case VOUCHER_TYPE.fixed:
      return Math.max(0, Math.min(rule.value, amount));
    case VOUCHER_TYPE.percent:
      return Math.floor((amount * Math.max(0, Math.min(100, rule.value))) / 100);
    case VOUCHER_TYPE.freeShipping:
      return Math.max(0, shipping);
    default:
      return 0;
  }
}

/** The smaller of stock and cart limit: what the red badge shows (spec 5, "Cart excess"). */
export function availableCount(stock: number, cartLimit: number | null): number {
  return cartLimit === null ? stock : Math.min(stock, cartLimit);
}

/** A line is in excess when the product is not made to order and stock or cart limit is below the quantity. */
export function isExcess(quantity: number, stock: number, cartLimit: number | null, manufactured: boolean): boolean {
  if (manufactured) return false;
  return stock < quantity || (cartLimit !== null && cartLimit < quantity);
}

/** Quantity after adding to an existing line, capped at 99 per line. */
export function addQuantity(existing: number, added: number): number {
  return Math.min(MAX_LINE_QUANTITY, existing + added);
}

/** VAT contained in a gross amount at a rate in percent, rounded to the minor unit. */
export function vatOf(gross: number, rate: number): number {
  return Math.round((gross * rate) / (100 + rate));
}

export interface VatInput {
  /** Each line's total (gross) and its rate. */
  lines: readonly { total: number; rate: number }[];
  /** Shipping plus the COD fee (gross). */
  delivery: number;
  /** Voucher discount (gross), lowering the taxable amount. */
  discount: number;
  /** A free-shipping voucher takes its discount off the delivery; any other off the goods. */
  discountOnDelivery: boolean;
  /** Rate of the delivery and the fee: the delivery country's standard rate. */
  rate: number;
}

/** One rate of an invoice's VAT summary: base + vat is the gross charged at that rate. */
export interface VatRow {
  rate: number;
  base: number;
  vat: number;
}

/**
 * The VAT summary of an order before cash rounding (the alignment is not a supply): the gross per
 * rate (goods at their rates, delivery and fee at `rate`), the discount taken off what it discounts
 * (the delivery for free shipping; otherwise the goods, split over their rates in proportion to
 * their gross, remainders to the largest), and the VAT of each rate computed once on its gross, as
 * an invoice states it. Rows sorted by rate, highest first; a rate with nothing left is dropped.
 */
export function vatBreakdown(input: VatInput): VatRow[] {
  const gross = new Map<number, number>();
  const add = (rate: number, amount: number) => gross.set(rate, (gross.get(rate) ?? 0) + amount);
  for (const line of input.lines) add(line.rate, line.total);
  const goods = [...gross.entries()].filter(([, amount]) => amount > 0);
  if (input.delivery) add(input.rate, input.delivery);
  if (input.discount > 0) {
    if (input.discountOnDelivery || goods.length === 0) {
      add(input.rate, -input.discount);
    } else {
      const goodsTotal = goods.reduce((sum, [, amount]) => sum + amount, 0);
      const shares = goods.map(([rate, amount]) => ({ rate, amount, exact: (input.discount * amount) / goodsTotal }));
      let left = input.discount;
      for (const share of shares) left -= Math.floor(share.exact);
      shares.sort((a, b) => b.exact - Math.floor(b.exact) - (a.exact - Math.floor(a.exact)) || b.amount - a.amount);
      for (const share of shares) {
        const extra = left > 0 ? 1 : 0;
        left -= extra;
        add(share.rate, -(Math.floor(share.exact) + extra));
      }
    }
  }
  return [...gross.entries()]
    .filter(([, amount]) => amount !== 0)
    .sort(([a], [b]) => b - a)
    .map(([rate, amount]) => {
      const vat = vatOf(amount, rate);
      return { rate, base: amount - vat, vat };
    });
}

/** Σ of a summary's VAT: the order's "DPH". */
export function vatSum(rows: readonly VatRow[]): number {
  let sum = 0;
  for (const row of rows) sum += row.vat;
  return sum;
}

/**
 * Standard VAT rates of the delivery countries (spec 9 countries). Prices are gross; delivered to
 * the other country the same gross price contains that country's VAT (docs/decisions/111).
 */
export const VAT_RATE: Record<string, number> = { sk: 23, cz: 21 };

/**
 * Spec 4, "Gift motivation": how far the subtotal is towards a gift, floor(100 × subtotal /
 * amount_min), never above 100.
 */
export function giftProgress(amount: number, amountMin: number): number {
  if (amountMin <= 0) return 100;
  return Math.min(100, Math.floor((100 * Math.max(0, amount)) / amountMin));
}
