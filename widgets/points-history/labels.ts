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

/** Spec 9: DD.MM.YYYY HH:mm, the same function the server renders with. */
export { formatDateTime } from '../../server/points/format';
