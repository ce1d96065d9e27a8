/** Letters that NFD does not split into a base letter and a mark. */
const FOLD: Record<string, string> = { ł: 'l', đ: 'd', ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', ħ: 'h', ı: 'i' };

/**
 * ASCII slug without diacritics ("Kuchyňa a varenie" → "kuchyna-a-varenie"): Slovak and Czech
 * addresses are typed without accents, and one slug space serves categories and products.
 */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[łđøæœßħı]/g, (c) => FOLD[c])
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
