/**
 * Calendar days as the shop lives them (Europe/Bratislava, also Prague's zone): "today" and "this
 * month" on the dashboard and the date filter of the order list start at local midnight, whatever
 * the server's zone and across daylight-saving changes (which happen at 2–3 a.m., never at midnight).
 */
const ZONE = 'Europe/Bratislava';
const partsFormat = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });

function zoned(ms: number): { y: number; m: number; d: number; hour: number; minute: number; offset: number } {
  const p = Object.fromEntries(partsFormat.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return { y: Number(p.year), m: Number(p.month), d: Number(p.day), hour: Number(p.hour), minute: Number(p.minute), offset: asUtc - Math.floor(ms / 1000) * 1000 };
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The zone's offset is the same through each UTC hour (daylight saving changes at 01:00 UTC), so it
 * is asked of Intl once per hour and kept: a list of 50 orders, or a CSV of 100,000, formats its
 * dates by arithmetic instead of 50 (or 500,000) calls of formatToParts at ~25 µs each.
 */
const offsets = new Map<number, number>();
function offsetAt(ms: number): number {
  const hour = Math.floor(ms / 3_600_000);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    if (offsets.size > 50_000) offsets.clear();
    offset = zoned(ms).offset;
    offsets.set(hour, offset);
  }
  return offset;
}

function local(ms: number): { y: number; m: number; d: number; hour: number; minute: number } {
  const t = new Date(ms + offsetAt(ms));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate(), hour: t.getUTCHours(), minute: t.getUTCMinutes() };
}

/** The instant of local midnight starting the day `y-m-d` (month 1–12; days past the month's end roll over). */
export function midnight(y: number, m: number, d: number): number {
  const guess = Date.UTC(y, m - 1, d);
  return guess - zoned(guess).offset;
}

/** YYYY-MM-DD of an instant in the shop's zone. */
export function shopDay(ms: number): string {
  const { y, m, d } = local(ms);
  return `${y}-${two(m)}-${two(d)}`;
}

/** YYYY-MM-DD HH:MM of an instant in the shop's zone (the CSV export's dates, which Excel reads as dates). */
export function shopDateTime(ms: number): string {
  const { y, m, d, hour, minute } = local(ms);
  return `${y}-${two(m)}-${two(d)} ${two(hour)}:${two(minute)}`;
}

/** DD.MM.YYYY (HH:MM) in the shop's zone, as the documents print dates (server/orders/order-dates.ts). */
export function shopDateText(ms: number, withTime = true): string {
  const { y, m, d, hour, minute } = local(ms);
  return withTime ? `${two(d)}.${two(m)}.${y} ${two(hour)}:${two(minute)}` : `${two(d)}.${two(m)}.${y}`;
}

/** [start, end) of the local day holding `ms`. */
export function dayRange(ms: number): { from: number; to: number } {
  const { y, m, d } = zoned(ms);
  return { from: midnight(y, m, d), to: midnight(y, m, d + 1) };
}

/** [start, end) of the local month holding `ms`. */
export function monthRange(ms: number): { from: number; to: number } {
  const { y, m } = zoned(ms);
  return { from: midnight(y, m, 1), to: midnight(y, m + 1, 1) };
}

/** The last `count` local days up to and including today, oldest first. */
export function lastDays(ms: number, count: number): { day: string; from: number; to: number }[] {
  const { y, m, d } = zoned(ms);
  return Array.from({ length: count }, (_, i) => {
    const from = midnight(y, m, d - (count - 1 - i));
    return { day: shopDay(from), from, to: midnight(y, m, d - (count - 2 - i)) };
  });
}

/** A YYYY-MM-DD typed into a date field as [start of that day, start of the next). */
export function typedDay(value: string): { from: number; to: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (m < 1 || m > 12 || d < 1 || d > 31) return null;
  return { from: midnight(y, m, d), to: midnight(y, m, d + 1) };
}
