import { DAY, MINUTE, SEED_BASE_TIME, type Rng } from './random';

/** How a product is offered: stock and waiting days, visibility, cart limit, tags, dates and ribbons. */

const TAGS = [
  { c_type: 'sezona', c_value: 'leto' },
  { c_type: 'sezona', c_value: 'zima' },
  { c_type: 'sezona', c_value: 'vianoce' },
  { c_type: 'darcek', c_value: 'pre-mamu' },
  { c_type: 'darcek', c_value: 'pre-otca' },
  { c_type: 'darcek', c_value: 'pre-deti' },
  { c_type: 'eko', c_value: 'ano' },
  { c_type: 'doprava', c_value: 'zadarmo' },
];
const WAITING_DAYS = [1, 3, 7, 14, -1];
const TWO_YEARS_MINUTES = 730 * 24 * 60;

export function drawStock(r: Rng): { quantity: number; availabilityDays: number; manufactured: boolean } {
  if (r.chance(0.05)) return { quantity: 0, availabilityDays: r.chance(0.5) ? 7 : 14, manufactured: true };
  if (r.chance(0.15)) return { quantity: 0, availabilityDays: r.weighted(WAITING_DAYS, [25, 25, 20, 15, 15]), manufactured: false };
  const x = r.next();
  return { quantity: 1 + Math.floor(199 * x * x), availabilityDays: r.chance(0.95) ? 0 : 1, manufactured: false };
}

export function drawCommon(r: Rng, sellerIds: number[]) {
  const v = r.next();
  const limit = r.next();
  const createdAt = SEED_BASE_TIME - r.int(0, TWO_YEARS_MINUTES) * MINUTE;
  const updatedAt = Math.min(SEED_BASE_TIME, createdAt + r.int(0, 90 * 24 * 60) * MINUTE);
  const tagCount = r.weighted([0, 1, 2], [60, 30, 10]);
  return {
    ...drawStock(r),
    sellerId: sellerIds.length > 0 && r.chance(0.1) ? r.pick(sellerIds) : null,
    visible: v < 0.95 ? 2 : v < 0.98 ? 0 : 4,
    cartLimit: limit < 0.06 ? 5 : limit < 0.1 ? 10 : null,
    tags: JSON.stringify(r.sample(TAGS, tagCount)),
    hasVideos: r.chance(0.1),
    createdAt,
    updatedAt,
  };
}

/** Ribbons on about a fifth of the products: discounts get "zlava", the last month "novinka". */
export function ribbons(r: Rng, discounted: boolean, createdAt: number): string {
  const out: string[] = [];
  if (createdAt > SEED_BASE_TIME - 30 * DAY && r.chance(0.7)) out.push('novinka');
  if (discounted && r.chance(0.45)) out.push('zlava');
  if (r.chance(0.05)) out.push('top');
  if (r.chance(0.03)) out.push('akcia');
  return JSON.stringify(out);
}
