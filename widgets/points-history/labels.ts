import type { I18n } from '@lingui/core';

/** Spec 2: the history's type labels; the ids are the same Slovak texts the server page uses. */
export function typeLabel(i18n: I18n, type: string): string {
  switch (type) {
    case 'purchase':
      return i18n._('Nákup');
    case 'point_item':
      return i18n._('Výhoda');
    case 'manual':
      return i18n._('Manuálne');
    case 'registration':
      return i18n._('Registrácia');
    case 'referral':
      return i18n._('Odporúčanie');
    default:
      return type;
  }
}

const parts = new Intl.DateTimeFormat('sk-SK', {
  timeZone: 'Europe/Bratislava',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Spec 9: DD.MM.YYYY HH:mm, as server/points/format.ts renders it. */
export function formatDateTime(ms: number): string {
  const p = Object.fromEntries(parts.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}`;
}
