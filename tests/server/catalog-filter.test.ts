import { describe, expect, it } from 'vitest';
import { categoryListPath, categoryPageTemplate, formatFilterSegment, majorUnits, parseFilterSegment, parseMajorUnits, priceBoxText, readFilterSegment, type FilterChoices } from '../../server/catalog/filter';
import { formatNumber } from '../../server/render/format';

const choices: FilterChoices = {
  attributes: [
    { code: 'znacka', label: 'Značka', options: [{ key: 'tatra', label: 'Tatra' }, { key: 'ferrum', label: 'Ferrum' }] },
    { code: 'farba', label: 'Farba', options: [{ key: 'modra', label: 'Modrá', style: { background: '#2563eb' } }, { key: 'cervena', label: 'Červená' }] },
  ],
  price: [199, 49900],
};
const order = ['znacka', 'farba'];

describe('filter segments', () => {
  it('formats one canonical form: attribute order, sorted values, price last', () => {
    expect(formatFilterSegment({ attributes: { farba: ['modra', 'cervena'], znacka: ['tatra'] }, price: [1050, 2000] }, order)).toBe('znacka:tatra;farba:cervena,modra;price:10.5-20');
    expect(formatFilterSegment({ attributes: {}, price: null }, order)).toBe('');
    expect(categoryListPath('kuchyna', 1, { attributes: {}, price: null }, order)).toBe('/kuchyna');
    expect(categoryListPath('kuchyna', 3, { attributes: {}, price: null }, order)).toBe('/kuchyna/3');
    expect(categoryListPath('kuchyna', 1, { attributes: { farba: ['modra'] }, price: null }, order)).toBe('/kuchyna/1/farba:modra');
    expect(categoryPageTemplate('kuchyna', { attributes: { farba: ['modra'] }, price: null }, order)).toBe('/kuchyna/{page}/farba:modra');
  });

  it('parses what it formats, unchanged', () => {
    const segment = 'znacka:ferrum,tatra;farba:modra;price:1.99-499';
    const parsed = parseFilterSegment(segment, choices);
    expect(parsed.changed).toBe(false);
    expect(parsed.criteria).toEqual({ attributes: { znacka: ['ferrum', 'tatra'], farba: ['modra'] }, price: [199, 49900] });
    expect(formatFilterSegment(parsed.criteria, order)).toBe(segment);
  });

  it('drops what the category does not offer and flags the change', () => {
    for (const segment of ['neexistuje:x', 'farba:zlta', 'farba:', 'farba', ':x', 'price:abc', 'price:1-2-3', 'price:1', 'price:-1-2', 'price:1.234-5', ';;', '__proto__:x', 'constructor:x']) {
      const parsed = parseFilterSegment(segment, choices);
      expect(parsed.changed, segment).toBe(true);
      expect(parsed.criteria, segment).toEqual({ attributes: {}, price: null });
    }
    expect(Object.getPrototypeOf(parseFilterSegment('__proto__:x', choices).criteria.attributes)).toBe(Object.prototype);
    expect(parseFilterSegment('farba:modra,modra', choices)).toEqual({ criteria: { attributes: { farba: ['modra'] }, price: null }, changed: true });
    expect(parseFilterSegment('price:20-10', choices)).toEqual({ criteria: { attributes: {}, price: [1000, 2000] }, changed: true });
    expect(parseFilterSegment('', choices)).toEqual({ criteria: { attributes: {}, price: null }, changed: false });
  });

  it('converts major and minor units exactly', () => {
    expect(parseMajorUnits('19.9')).toBe(1990);
    expect(parseMajorUnits('0.07')).toBe(7);
    expect(parseMajorUnits('1e3')).toBeNull();
    expect(parseMajorUnits('10000001')).toBeNull();
    expect(majorUnits(1990)).toBe('19.9');
    expect(majorUnits(2000)).toBe('20');
    expect(majorUnits(7)).toBe('0.07');
    expect(majorUnits(12345)).toBe('123.45');
  });

  it('reads the decimal comma Slovak and Czech shoppers write, in boxes and addresses (issue 23)', () => {
    expect(parseMajorUnits('5,5')).toBe(550);
    expect(parseMajorUnits(' 165,90 ')).toBe(16590);
    expect(parseMajorUnits('1,234')).toBeNull();
    expect(parseMajorUnits('1,2,3')).toBeNull();
    // price:5,5-50 used to drop the whole filter: the comma is a decimal mark, not an option separator.
    expect(readFilterSegment('znacka:tatra;price:5,5-50')).toEqual({ criteria: { attributes: { znacka: ['tatra'] }, price: [550, 5000] }, malformed: false });
    expect(parseFilterSegment('price:5,5-50', choices)).toEqual({ criteria: { attributes: {}, price: [550, 5000] }, changed: false });
    // The canonical address keeps the point, so both spellings answer one page.
    expect(formatFilterSegment({ attributes: {}, price: [550, 5000] }, order)).toBe('price:5.5-50');
  });

  it("writes price boxes and numbers in the shopper's format (issue 23)", () => {
    expect(priceBoxText(399, 'sk-SK')).toBe('3,99');
    expect(priceBoxText(16590, 'cs-CZ')).toBe('165,90');
    expect(priceBoxText(2000, 'sk-SK')).toBe('20');
    expect(priceBoxText(129000, 'cs-CZ')).toBe('1290');
    expect(priceBoxText(16590, 'en-GB')).toBe('165.90');
    for (const minor of [7, 399, 16590, 129000]) expect(parseMajorUnits(priceBoxText(minor, 'sk-SK'))).toBe(minor);
    expect(formatNumber(4.6, 'sk')).toBe('4,6');
    expect(formatNumber(4.6, 'cs')).toBe('4,6');
    expect(formatNumber(4, 'sk')).toBe('4');
    expect(formatNumber(4.6, 'en')).toBe('4.6');
  });
});
