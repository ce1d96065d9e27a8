/** Adds working days (Monday–Friday) to a date; holidays are not modelled. */
export function addWorkingDays(date: Date, days: number): Date {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  let left = days;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    const day = d.getUTCDay();
    if (day !== 0 && day !== 6) left -= 1;
  }
  return d;
}

/** Promised dates (issue 4): send = the next working day, delivery = two working days after sending. */
export function promisedDates(now: Date): { send: string; delivery: string } {
  const send = addWorkingDays(now, 1);
  const delivery = addWorkingDays(send, 2);
  return { send: send.toISOString().slice(0, 10), delivery: delivery.toISOString().slice(0, 10) };
}
