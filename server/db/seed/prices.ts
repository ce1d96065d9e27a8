import { SHOP_ROWS } from '../../shops/shops.service';
import type { Rng } from './random';

/** The B2B price is this share of the B2C one, as the wholesale list usually is. */
const B2B_SHARE = 0.83;
/** Rough crowns per euro; the Czech list is priced on its own, in whole crowns. */
const CZK_PER_EUR = 25;
const MIN_CENTS = 199;
const MAX_CENTS = 49_900;

const [SK, CZ] = [SHOP_ROWS[0], SHOP_ROWS[1]];

/** Cents that look like a shop price: 12,99 / 12,90 / 12,00 €. */
export function shelfCents(cents: number, r: Rng): number {
  const whole = Math.max(1, Math.floor(cents / 100));
  const x = r.next();
  return whole * 100 + (x < 0.7 ? 99 : x < 0.9 ? 90 : 0);
}

/** A B2C price in euro cents, log-uniform in the department's range. */
export function drawCents(range: [number, number], r: Rng): number {
  const [lo, hi] = [Math.log(range[0] * 100), Math.log(range[1] * 100)];
  return Math.min(MAX_CENTS, Math.max(MIN_CENTS, shelfCents(Math.exp(lo + r.next() * (hi - lo)), r)));
}

/** A crossed-out price 10–60 % above the current one. */
export function drawOldCents(cents: number, r: Rng): number {
  return Math.max(cents + 100, shelfCents(cents * (1.1 + r.next() * 0.5), r));
}

/** A variant's price: the parent's give or take (−15 % to +30 %), still ending in 9. */
export function variantCents(cents: number, r: Rng): number {
  return Math.min(MAX_CENTS, Math.max(MIN_CENTS, Math.round((cents * (0.85 + r.next() * 0.45)) / 10) * 10 - 1));
}

/** Whole crowns, ending in 9 from 20 Kč up (124,75 Kč → 129 Kč). */
function crowns(cents: number): number {
  const c = Math.max(1, Math.round((cents * CZK_PER_EUR) / 100));
  return c >= 20 ? Math.round((c + 1) / 10) * 10 - 1 : c;
}

export interface PriceRow {
  shopId: number;
  b2c: number;
  oldB2c: number | null;
  b2b: number;
  oldB2b: number | null;
  vatRate: number;
}

/** One row per shop: EUR cents for sk, CZK haléře (whole crowns × 100) for cz. */
export function priceRows(cents: number, oldCents: number | null): [PriceRow, PriceRow] {
  const b2b = Math.round(cents * B2B_SHARE);
  const czk = crowns(cents);
  const czkB2b = Math.round(czk * B2B_SHARE);
  let sk: PriceRow = { shopId: SK.id, b2c: cents, oldB2c: null, b2b, oldB2b: null, vatRate: SK.vatRate };
  let cz: PriceRow = { shopId: CZ.id, b2c: czk * 100, oldB2c: null, b2b: czkB2b * 100, oldB2b: null, vatRate: CZ.vatRate };
  if (oldCents !== null) {
    // Every old price stays above its current one, also after rounding to crowns.
    const oldCzk = Math.max(crowns(oldCents), czk + (czk >= 20 ? 10 : 1));
    sk = { ...sk, oldB2c: oldCents, oldB2b: Math.max(Math.round(oldCents * B2B_SHARE), b2b + 1) };
    cz = { ...cz, oldB2c: oldCzk * 100, oldB2b: Math.max(Math.round(oldCzk * B2B_SHARE), czkB2b + 1) * 100 };
  }
  return [sk, cz];
}
