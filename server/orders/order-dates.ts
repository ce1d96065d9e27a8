/** Dates a shopper reads on order documents: DD.MM.YYYY (HH:mm), sk-SK style, in Central European time. */
const parts = new Intl.DateTimeFormat('sk-SK', {
  timeZone: 'Europe/Bratislava', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false,
});

function pieces(date: Date): Record<string, string> {
  return Object.fromEntries(parts.formatToParts(date).map((p) => [p.type, p.value]));
}

export function formatDateTime(iso: string, withTime = true): string {
  const p = pieces(new Date(iso));
  const date = `${p.day}.${p.month}.${p.year}`;
  return withTime ? `${date} ${p.hour}:${p.minute}` : date;
}

/** To the second: a withdrawal's receipt states when it was made (Art. 11a CRD). */
export function formatDateTimeSeconds(date: Date): string {
  const p = pieces(date);
  return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}:${p.second}`;
}

/** A calendar day stored as YYYY-MM-DD. */
export function formatDay(isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  return `${d}.${m}.${y}`;
}
