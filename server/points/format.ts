/** Spec 9: point history dates DD.MM.YYYY HH:mm (sk-SK), in the shop's time zone. */
const parts = new Intl.DateTimeFormat('sk-SK', {
  timeZone: 'Europe/Bratislava',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

export function formatDateTime(ms: number): string {
  const p = Object.fromEntries(parts.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}`;
}

export function formatDate(ms: number): string {
  return formatDateTime(ms).slice(0, 10);
}
