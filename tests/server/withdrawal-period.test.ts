import { describe, expect, it } from 'vitest';
import { withdrawalDeadline, withdrawalPeriod } from '../../server/withdrawal/withdrawal-period';

const at = (iso: string) => new Date(iso);

describe('the withdrawal period: 14 days from delivery, to the end of the last day (Bratislava time)', () => {
  it('a weekday: delivered Tuesday 24.11., open to the end of Tuesday 8.12. (23:59:59.999 CET)', () => {
    expect(withdrawalDeadline(at('2026-11-24T15:00:00Z')).toISOString()).toBe('2026-12-08T22:59:59.999Z');
  });

  it('the day of delivery is the shop day: 00:30 on 25.11. local is 23:30 UTC the day before', () => {
    expect(withdrawalDeadline(at('2026-11-24T23:30:00Z')).toISOString()).toBe('2026-12-09T22:59:59.999Z');
  });

  it('a last day on a Saturday or Sunday moves to the Monday', () => {
    // Sunday 22.11. + 14 = Sunday 6.12. → Monday 7.12.
    expect(withdrawalDeadline(at('2026-11-22T10:00:00Z')).toISOString()).toBe('2026-12-07T22:59:59.999Z');
    // Saturday 21.11. + 14 = Saturday 5.12. → Monday 7.12.
    expect(withdrawalDeadline(at('2026-11-21T10:00:00Z')).toISOString()).toBe('2026-12-07T22:59:59.999Z');
  });

  it('across the change to summer time the day still ends at local midnight (22:00 UTC in CEST)', () => {
    expect(withdrawalDeadline(at('2026-03-20T09:00:00Z')).toISOString()).toBe('2026-04-03T21:59:59.999Z');
  });

  it('is open up to the last millisecond and closed after it; open without a deadline until delivered', () => {
    const deliveredAt = at('2026-11-24T15:00:00Z');
    expect(withdrawalPeriod({ deliveredAt }, at('2026-12-08T22:59:59.999Z'))).toEqual({ open: true, deadline: at('2026-12-08T22:59:59.999Z') });
    expect(withdrawalPeriod({ deliveredAt }, at('2026-12-08T23:00:00.000Z'))).toEqual({ open: false, deadline: at('2026-12-08T22:59:59.999Z') });
    expect(withdrawalPeriod({ deliveredAt: null }, at('2027-06-01T00:00:00Z'))).toEqual({ open: true, deadline: null });
  });
});
