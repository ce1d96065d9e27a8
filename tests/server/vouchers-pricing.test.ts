import { describe, expect, it } from 'vitest';
import { totals, voucherDiscount } from '../../server/cart/pricing';

describe('voucher discount (pricing.ts)', () => {
  it('takes a fixed amount, never more than the subtotal', () => {
    expect(voucherDiscount({ type: 1, value: 500 }, 2000, 300)).toBe(500);
    expect(voucherDiscount({ type: 1, value: 5000 }, 2000, 300)).toBe(2000);
  });
  it('takes a percentage rounded down to whole cents', () => {
    expect(voucherDiscount({ type: 2, value: 10 }, 2999, 0)).toBe(299);
    expect(voucherDiscount({ type: 2, value: 150 }, 1000, 0)).toBe(1000);
  });
  it('takes the shipping price for free shipping and nothing for a gift', () => {
    expect(voucherDiscount({ type: 3, value: 0 }, 2000, 399)).toBe(399);
    expect(voucherDiscount({ type: 5, value: 0 }, 2000, 399)).toBe(0);
  });
  it('rounds the total to the cash step after the discount', () => {
    // 29.99 − 2.99 + 3.99 shipping = 30.99 → 31.00, alignment +0.01
    expect(totals({ subtotal: 2999, discount: 299, services: 0, shipping: 399, fee: 0, rounding: 5 })).toEqual({ raw: 3099, alignment: 1, total: 3100 });
    expect(totals({ subtotal: 1000, discount: 1000, services: 0, shipping: 0, fee: 0, rounding: 5 })).toEqual({ raw: 0, alignment: 0, total: 0 });
  });
});
