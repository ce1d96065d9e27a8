/**
 * Filter criteria in category URLs (spec 2): groups `attribute:value1,value2` joined by `;`, plus
 * `price:min-max` in major units of the shop currency (decimals allowed: `price:9.9-25`, and the
 * decimal comma Slovak and Czech shoppers write: `price:9,9-25`).
 * Pure (no database, no Node APIs): the category filter widget builds the same canonical URLs.
 */

/** Selected option keys per attribute code, and an optional price range in minor units. */
export interface FilterCriteria {
  attributes: Record<string, string[]>;
  price: [number, number] | null;
}

export interface ChoiceOption {
  key: string;
  label: string;
  /** Presentation, e.g. { background: '#2563eb' } for a colour swatch. */
  style?: Record<string, string> | null;
}

export interface ChoiceAttribute {
  code: string;
  label: string;
  options: ChoiceOption[];
}

/** What a category offers to filter by, in its order; price bounds in minor units (null: no products). */
export interface FilterChoices {
  attributes: ChoiceAttribute[];
  price: [number, number] | null;
}

export const PRICE_GROUP = 'price';
export const PAGE_SIZE = 12;
/** 10 million in major units: anything above is a typo or a probe, never a shop price. */
export const MAX_PRICE_MINOR = 1_000_000_000;
const PRICE_NUMBER = /^\d{1,9}(\.\d{1,2})?$/;

export const emptyCriteria = (): FilterCriteria => ({ attributes: {}, price: null });

export function isEmptyCriteria(c: FilterCriteria): boolean {
  return c.price === null && Object.values(c.attributes).every((v) => v.length === 0);
}

/** 1990 → "19.9", 2000 → "20": the shortest exact decimal of a minor-unit amount. */
export function majorUnits(minor: number): string {
  const whole = Math.trunc(minor / 100);
  const cents = Math.abs(minor % 100);
  if (cents === 0) return String(whole);
  return `${whole}.${String(cents).padStart(2, '0').replace(/0$/, '')}`;
}

const priceBoxFormats = new Map<string, Intl.NumberFormat>();

/**
 * A price as a shopper types it in the locale's price box: 399 → "3,99", 16590 → "165,90", 2000 → "20"
 * in sk-SK and cs-CZ ("165.90" in en-GB); no grouping, so parseMajorUnits reads it back. The server's
 * filter form and the widget that replaces it both write their placeholders and values with it.
 */
export function priceBoxText(minor: number, intlLocale: string): string {
  const cents = minor % 100 !== 0;
  const key = `${intlLocale}:${cents}`;
  let format = priceBoxFormats.get(key);
  if (!format) priceBoxFormats.set(key, (format = new Intl.NumberFormat(intlLocale, { useGrouping: false, minimumFractionDigits: cents ? 2 : 0, maximumFractionDigits: 2 })));
  return format.format(minor / 100);
}

/**
 * "19.9" or "19,9" → 1990; null when the text is not a plain non-negative number with ≤ 2 decimals.
 * The decimal comma is what Slovak and Czech shoppers type (issue 23): every price box and filter
 * address reads it here, the one place, instead of each caller replacing it first.
 */
export function parseMajorUnits(text: string): number | null {
  const t = text.trim().replace(',', '.');
  if (!PRICE_NUMBER.test(t)) return null;
  const [whole, frac = ''] = t.split('.');
  const minor = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return minor <= MAX_PRICE_MINOR ? minor : null;
}

/**
 * Keeps only what the category offers, drops empty groups and duplicate values, and orders a
 * price range low to high. `changed` tells whether anything had to be cleaned.
 */
export function cleanCriteria(input: FilterCriteria, choices: FilterChoices): { criteria: FilterCriteria; changed: boolean } {
  let changed = false;
  const attributes: Record<string, string[]> = {};
  for (const [code, values] of Object.entries(input.attributes)) {
    const attribute = choices.attributes.find((a) => a.code === code);
    if (!attribute) {
      changed = true;
      continue;
    }
    const known = new Set(attribute.options.map((o) => o.key));
    const kept = [...new Set(values.filter((v) => known.has(v)))];
    if (kept.length !== values.length) changed = true;
    if (kept.length > 0) attributes[code] = kept;
  }
  let price = input.price;
  if (price && price[0] > price[1]) {
    price = [price[1], price[0]];
    changed = true;
  }
  return { criteria: { attributes, price }, changed };
}

/**
 * Reads a filter segment. Malformed groups, unknown attributes and unknown values are dropped
 * (`changed` = true), so the page can redirect to the cleaned canonical address.
 */
export function parseFilterSegment(segment: string, choices: FilterChoices): { criteria: FilterCriteria; changed: boolean } {
  const read = readFilterSegment(segment);
  const cleaned = cleanCriteria(read.criteria, choices);
  return { criteria: cleaned.criteria, changed: cleaned.changed || read.malformed };
}

/**
 * A filter segment's groups as written, before they are checked against a category: `malformed`
 * when a group has no `code:`, an empty value, a repeated code or a price that is not `min-max`
 * (those parts are left out). The API refuses such a segment; a page address is cleaned.
 */
export function readFilterSegment(segment: string): { criteria: FilterCriteria; malformed: boolean } {
  // A Map, not an object: a group named "__proto__" or "constructor" must stay plain data.
  const groups = new Map<string, string[]>();
  let price: [number, number] | null = null;
  let malformed = false;
  if (segment === '') return { criteria: emptyCriteria(), malformed: false };
  for (const group of segment.split(';')) {
    const at = group.indexOf(':');
    if (at <= 0) {
      malformed = true;
      continue;
    }
    const code = group.slice(0, at);
    const rest = group.slice(at + 1);
    if (code === PRICE_GROUP) {
      const range = parsePriceRange(rest);
      if (!range || price) malformed = true;
      else price = range;
      continue;
    }
    const values = rest.split(',');
    if (values.some((v) => v.length === 0) || groups.has(code)) malformed = true;
    groups.set(code, [...(groups.get(code) ?? []), ...values.filter((v) => v.length > 0)]);
  }
  // Plain stores, not Object.fromEntries: in the shop's process that builtin took ~3 µs a call
  // against ~0.3 µs for the loop (timed inside the server, decision 196).
  const attributes: Record<string, string[]> = {};
  for (const [code, values] of groups) {
    // A plain store of "__proto__" would set the prototype; the checks report it as unknown.
    if (code === '__proto__') Object.defineProperty(attributes, code, { value: values, enumerable: true, writable: true, configurable: true });
    else attributes[code] = values;
  }
  return { criteria: { attributes, price }, malformed };
}

/** "10-25.5" → [1000, 2550]; null when either side is missing or not a price. */
export function parsePriceRange(text: string): [number, number] | null {
  const parts = text.split('-');
  if (parts.length !== 2) return null;
  const min = parseMajorUnits(parts[0]);
  const max = parseMajorUnits(parts[1]);
  return min === null || max === null ? null : [min, max];
}

/**
 * The one canonical filter segment: groups in the category's attribute order, values sorted,
 * the price last. '' for no filter.
 */
export function formatFilterSegment(criteria: FilterCriteria, attributeOrder: string[]): string {
  const rank = (code: string) => {
    const i = attributeOrder.indexOf(code);
    return i < 0 ? attributeOrder.length : i;
  };
  const codes = Object.keys(criteria.attributes)
    .filter((code) => criteria.attributes[code].length > 0)
    .sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
  const groups = codes.map((code) => `${code}:${[...new Set(criteria.attributes[code])].sort().join(',')}`);
  if (criteria.price) groups.push(`${PRICE_GROUP}:${majorUnits(criteria.price[0])}-${majorUnits(criteria.price[1])}`);
  return groups.join(';');
}

/** /{slug}, /{slug}/{page} or /{slug}/{page}/{filter}: page 1 without a filter is the bare slug. */
export function categoryListPath(slug: string, page: number, criteria: FilterCriteria, attributeOrder: string[]): string {
  const filter = formatFilterSegment(criteria, attributeOrder);
  if (filter) return `/${slug}/${page}/${filter}`;
  return page <= 1 ? `/${slug}` : `/${slug}/${page}`;
}

export const FILTER_COUNT_PATH = '/api/product/filter-count';

/**
 * The one address of a filter count (GET, decision 193): the category and the canonical filter
 * segment, written the same way by the widget and the server, so every shopper who asks the same
 * question asks it at the same address and the anonymous page cache can answer it. The segment's
 * own separators stay readable; anything else a key might hold is escaped.
 */
export function filterCountPath(categoryId: number, criteria: FilterCriteria, attributeOrder: string[]): string {
  const filter = formatFilterSegment(criteria, attributeOrder);
  const path = `${FILTER_COUNT_PATH}?category_id=${categoryId}`;
  return filter ? `${path}&filter=${encodeURIComponent(filter).replace(/%3A/g, ':').replace(/%3B/g, ';').replace(/%2C/g, ',')}` : path;
}

/** The paginator's address pattern ("{page}" is replaced by the page number). */
export function categoryPageTemplate(slug: string, criteria: FilterCriteria, attributeOrder: string[]): string {
  const filter = formatFilterSegment(criteria, attributeOrder);
  return filter ? `/${slug}/{page}/${filter}` : `/${slug}/{page}`;
}
