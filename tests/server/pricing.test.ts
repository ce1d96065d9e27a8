import { describe, expect, it } from 'vitest';
import {
  addQuantity,
  availableCount,
  isExcess,
  linePoints,
  lineTotal,
  matchShipping,
  paymentFee,
  roundCash,
  subtotal,
  totals,
  type ShippingRule,
} from '../../server/cart/pricing';

describe('roundCash', () => {
  it.each([
    // EUR, step 0.05 (5 cents): 1–2 down, 3–4 up, 6–7 down, 8–9 up (Slovak cash rounding)
    [1000, 5, 1000],
    [1001, 5, 1000],
    [1002, 5, 1000],
    [1003, 5, 1005],
    [1004, 5, 1005],
    [1005, 5, 1005],
    [1006, 5, 1005],
    [1007, 5, 1005],
    [1008, 5, 1010],
    [1009, 5, 1010],
    [0, 5, 0],
    [2, 5, 0],
    [3, 5, 5],
    [4999, 5, 5000],
    // CZK, whole crowns (100 haléřů): half-way goes up
    [12_900, 100, 12_900],
    [12_949, 100, 12_900],
    [12_950, 100, 13_000],
    [12_951, 100, 13_000],
    [12_999, 100, 13_000],
    [49, 100, 0],
    [50, 100, 100],
    // A step of 1 changes nothing; half-way for even steps
    [1234, 1, 1234],
    [1005, 10, 1010],
    [1004, 10, 1000],
  ])('roundCash(%i, %i) = %i', (amount, step, expected) => {
    expect(roundCash(amount, step)).toBe(expected);
  });

  it('refuses fractions and bad steps', () => {
    expect(() => roundCash(10.5, 5)).toThrow(RangeError);
    expect(() => roundCash(10, 0)).toThrow(RangeError);
    expect(() => roundCash(10, 2.5)).toThrow(RangeError);
  });
});

describe('totals', () => {
  it.each([
    // subtotal, services, shipping, fee, rounding → alignment, total
    [1299, 0, 249, 0, 5, 2, 1550],
    [1297, 0, 0, 100, 5, -2, 1395],
    [5000, 0, 0, 0, 5, 0, 5000],
    [1001, 0, 0, 0, 5, -1, 1000],
    [1004, 0, 0, 0, 5, 1, 1005],
    [12_950, 0, 6900, 4000, 100, 50, 23_900],
    [12_949, 0, 6900, 4000, 100, -49, 23_800],
    [12_900, 0, 0, 0, 100, 0, 12_900],
  ])('%i + %i + %i + %i rounded to %i: alignment %i, total %i', (sub, services, shipping, fee, rounding, alignment, total) => {
    const result = totals({ subtotal: sub, services, shipping, fee, rounding });
    expect(result).toEqual({ raw: sub + services + shipping + fee, alignment, total });
    expect(result.total).toBe(sub + services + shipping + fee + result.alignment);
    expect(Math.abs(result.alignment)).toBeLessThanOrEqual(rounding / 2);
  });
});

describe('lines', () => {
  it('multiplies and sums in minor units', () => {
    expect(lineTotal({ unitPrice: 1299, quantity: 3 })).toBe(3897);
    expect(subtotal([])).toBe(0);
    expect(subtotal([{ unitPrice: 1299, quantity: 3 }, { unitPrice: 1, quantity: 99 }])).toBe(3996);
  });

  it.each([
    [1299, 1, 12],
    [1299, 3, 38],
    [99, 1, 0],
    [100, 1, 1],
    [12_900, 2, 258],
  ])('promises floor(%i × %i / 100) = %i points', (unitPrice, quantity, points) => {
    expect(linePoints({ unitPrice, quantity })).toBe(points);
  });

  it('caps a line at 99 pieces', () => {
    expect(addQuantity(0, 1)).toBe(1);
    expect(addQuantity(98, 1)).toBe(99);
    expect(addQuantity(90, 20)).toBe(99);
  });
});

describe('excess', () => {
  it.each([
    // quantity, stock, limit, manufactured → excess, available
    [1, 5, null, false, false, 5],
    [5, 5, null, false, false, 5],
    [6, 5, null, false, true, 5],
    [3, 10, 2, false, true, 2],
    [2, 10, 2, false, false, 2],
    [6, 0, 5, false, true, 0],
    [50, 0, null, true, false, 0],
    [50, 0, 5, true, false, 0],
  ])('quantity %i with stock %i and limit %s (made to order %s)', (quantity, stock, limit, manufactured, excess, available) => {
    expect(isExcess(quantity, stock, limit, manufactured)).toBe(excess);
    expect(availableCount(stock, limit)).toBe(available);
  });
});

describe('shipping', () => {
  const rules: ShippingRule[] = [
    { companyId: 10, paymentId: 1, amountMin: 0, amountMax: 4899, price: 249, sort: 0 },
    { companyId: 10, paymentId: 1, amountMin: 4900, amountMax: null, price: 0, sort: 0 },
    { companyId: 10, paymentId: 2, amountMin: 0, amountMax: null, price: 199, sort: 0 },
    { companyId: 1, paymentId: 1, amountMin: 0, amountMax: 9899, price: 490, sort: 0 },
  ];

  it.each([
    [10, 1, 0, 249],
    [10, 1, 4899, 249],
    [10, 1, 4900, 0],
    [10, 1, 1_000_000, 0],
    [10, 2, 5000, 199],
    [1, 1, 9899, 490],
    [1, 1, 9900, null],
    [14, 1, 100, null],
    [1, 2, 100, null],
  ])('carrier %i, payment %i, subtotal %i → %s', (company, payment, amount, price) => {
    expect(matchShipping(rules, company, payment, amount)?.price ?? null).toBe(price);
  });

  it('prefers the lower sort, then the cheaper rule, when ranges overlap', () => {
    const overlapping: ShippingRule[] = [
      { companyId: 1, paymentId: 1, amountMin: 0, amountMax: null, price: 500, sort: 1 },
      { companyId: 1, paymentId: 1, amountMin: 0, amountMax: null, price: 400, sort: 1 },
      { companyId: 1, paymentId: 1, amountMin: 0, amountMax: null, price: 900, sort: 0 },
    ];
    expect(matchShipping(overlapping, 1, 1, 10)?.price).toBe(900);
    expect(matchShipping(overlapping.slice(0, 2), 1, 1, 10)?.price).toBe(400);
  });

  it.each([
    [1, 4000, 4000],
    [1, 100, 100],
    [30, 100, 0],
    [30, 4000, 0],
    [2, 100, 0],
    [10, 4000, 0],
    [20, 100, 0],
    [null, 100, 0],
  ])('payment %s with the shop\'s COD fee %i costs %i', (payment, codFee, fee) => {
    expect(paymentFee(payment, codFee)).toBe(fee);
  });
});
