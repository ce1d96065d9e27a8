/**
 * The withdrawal period (Art. 9 CRD; SK zákon 108/2024 Z. z., CZ § 1829 OZ): 14 days from the day
 * the goods were delivered. The day of delivery does not count and the period ends at the end of its
 * 14th day, shop time (Central European, as every date the shopper reads). A last day that falls on a
 * Saturday or Sunday moves to the Monday (Regulation 1182/71, art. 3(4)); public holidays are not
 * modelled, so on those the shop is stricter than the rule by at most a day: see decision 210.
 * Until delivery the period has not started, so withdrawal is possible from the order onwards.
 */

export const WITHDRAWAL_DAYS = 14;
const ZONE = 'Europe/Bratislava';

const dayParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false,
});

/** The wall-clock reading of an instant in the shop's zone, as if it were UTC (offset = reading − instant). */
function wallClock(instant: number): number {
  const p = Object.fromEntries(dayParts.formatToParts(new Date(instant)).map((x) => [x.type, Number(x.value)]));
  return Date.UTC(p.year, p.month - 1, p.day, p.hour % 24, p.minute, p.second);
}

/** The instant the given calendar day (UTC fields of `day`) begins in the shop's zone. */
function startOfDay(day: Date): number {
  const midnight = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
  const offset = wallClock(midnight) - midnight;
  return midnight - offset;
}

/** The last instant (ms) a delivery at `deliveredAt` may still be withdrawn from. */
export function withdrawalDeadline(deliveredAt: Date): Date {
  const local = new Date(wallClock(deliveredAt.getTime()));
  const last = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + WITHDRAWAL_DAYS));
  const weekday = last.getUTCDay();
  if (weekday === 6) last.setUTCDate(last.getUTCDate() + 2);
  if (weekday === 0) last.setUTCDate(last.getUTCDate() + 1);
  const next = new Date(last);
  next.setUTCDate(next.getUTCDate() + 1);
  return new Date(startOfDay(next) - 1);
}

export type PeriodState = { open: true; deadline: Date | null } | { open: false; deadline: Date };

/** Open until the deadline once delivered; open with no deadline yet while not delivered. */
export function withdrawalPeriod(order: { deliveredAt: Date | null }, now: Date): PeriodState {
  if (order.deliveredAt === null) return { open: true, deadline: null };
  const deadline = withdrawalDeadline(order.deliveredAt);
  return now.getTime() <= deadline.getTime() ? { open: true, deadline } : { open: false, deadline };
}
