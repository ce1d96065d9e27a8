import { categoryListPath, isEmptyCriteria, parseMajorUnits, priceBoxText, type FilterChoices, type FilterCriteria } from '../../server/catalog/filter';
import { getDefaults } from '../lib/defaults';

/** The filter form's state: checked option keys per attribute, and the two price boxes as typed. */
export interface FilterState {
  selected: Record<string, string[]>;
  priceMin: string;
  priceMax: string;
}

export const STORAGE_PREFIX = 'category.filter.';
const emptyChoices: FilterChoices = { attributes: [], price: null };

/** A malformed choices prop (hand-written or broken markup) becomes "nothing to filter by". */
export function safeChoices(value: unknown): FilterChoices {
  const v = value as FilterChoices | undefined;
  if (!v || !Array.isArray(v.attributes)) return emptyChoices;
  const attributes = v.attributes.filter((a) => a && typeof a.code === 'string' && Array.isArray(a.options));
  const price = Array.isArray(v.price) && v.price.length === 2 && v.price.every(Number.isFinite) ? v.price : null;
  return { attributes, price };
}

/** A price in the shopper's format, as the server writes the same boxes ("165,90" in sk and cs). */
export const major = (minor: number) => priceBoxText(minor, getDefaults().intlLocale);

export function stateFrom(criteria: unknown): FilterState {
  const c = criteria as Partial<FilterCriteria> | undefined;
  const selected: Record<string, string[]> = {};
  if (c?.attributes && typeof c.attributes === 'object') {
    for (const [code, keys] of Object.entries(c.attributes)) if (Array.isArray(keys)) selected[code] = keys.filter((k) => typeof k === 'string');
  }
  const price = Array.isArray(c?.price) && c.price.length === 2 ? c.price : null;
  return { selected, priceMin: price ? major(price[0]) : '', priceMax: price ? major(price[1]) : '' };
}

/** The server's fallback form as the shopper left it (boxes ticked before the widget came, decision 166). */
export function stateFromForm(form: FormData, choices: FilterChoices): FilterState {
  const selected: Record<string, string[]> = {};
  for (const attribute of choices.attributes) {
    const keys = form.getAll(attribute.code).filter((k): k is string => typeof k === 'string');
    if (keys.length) selected[attribute.code] = keys;
  }
  const text = (name: string) => String(form.get(name) ?? '');
  return { selected, priceMin: text('price_min'), priceMax: text('price_max') };
}

/**
 * The choices and the applied state as the server wrote them into the fallback form (decision 190):
 * one fieldset per attribute (legend = label, checkbox name = code, value = key, the swatch's fill =
 * its colour), the price fieldset's placeholders = the category's bounds in major units, the ticked
 * boxes and filled price boxes = the applied filter. The page then carries them once, not again as
 * JSON attributes. Null when there is no such form.
 */
export function fromFallbackForm(host: Element): { choices: FilterChoices; state: FilterState } | null {
  const form = host.querySelector('form.category-filter');
  if (!form) return null;
  const attributes: FilterChoices['attributes'] = [];
  const selected: Record<string, string[]> = {};
  for (const group of form.querySelectorAll('fieldset.category-filter__group:not(.category-filter__group--price)')) {
    const boxes = [...group.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
    if (boxes.length === 0) continue;
    const code = boxes[0].name;
    const options = boxes.map((box) => {
      const option: FilterChoices['attributes'][number]['options'][number] = { key: box.value, label: (box.parentElement?.querySelector('span')?.textContent ?? box.value).trim() };
      const fill = box.parentElement?.querySelector('.category-filter__swatch rect')?.getAttribute('fill');
      if (fill) option.style = { background: fill };
      return option;
    });
    attributes.push({ code, label: (group.querySelector('legend')?.textContent ?? code).trim(), options });
    const ticked = boxes.filter((box) => box.defaultChecked || box.hasAttribute('checked')).map((box) => box.value);
    if (ticked.length) selected[code] = ticked;
  }
  const min = form.querySelector<HTMLInputElement>('input[name="price_min"]');
  const max = form.querySelector<HTMLInputElement>('input[name="price_max"]');
  const low = min ? parseMajorUnits(min.placeholder) : null;
  const high = max ? parseMajorUnits(max.placeholder) : null;
  const price: [number, number] | null = low !== null && high !== null ? [low, high] : null;
  const written = (input: HTMLInputElement | null) => input?.getAttribute('value') ?? '';
  return { choices: { attributes, price }, state: { selected, priceMin: written(min), priceMax: written(max) } };
}

/** Criteria from the form; an empty price box takes the category's bound (parseMajorUnits reads a decimal comma). */
export function criteriaOf(state: FilterState, choices: FilterChoices): FilterCriteria {
  const attributes: Record<string, string[]> = {};
  for (const [code, keys] of Object.entries(state.selected)) if (keys.length) attributes[code] = [...keys];
  const min = parseMajorUnits(state.priceMin);
  const max = parseMajorUnits(state.priceMax);
  let price: [number, number] | null = null;
  if (choices.price && (min !== null || max !== null)) {
    price = [min ?? choices.price[0], max ?? choices.price[1]];
    if (price[0] > price[1]) price = [price[1], price[0]];
  }
  return { attributes, price };
}

/**
 * The canonical list address, page 1 (the same function the server redirects with), keeping the
 * list's own search and order from `search` (the page's `?q=…&sort=…`, as the no-JS form's
 * redirect keeps them).
 */
export function filterUrl(base: string, criteria: FilterCriteria, choices: FilterChoices, search = ''): string {
  const slug = base.replace(/^\//, '');
  const from = new URLSearchParams(search);
  const kept = new URLSearchParams([...from].filter(([name]) => name === 'q' || name === 'sort')).toString();
  const path = isEmptyCriteria(criteria) ? `/${slug}` : categoryListPath(slug, 1, criteria, choices.attributes.map((a) => a.code));
  return kept ? `${path}?${kept}` : path;
}

export function storeCriteria(categoryId: number, criteria: FilterCriteria | null): void {
  try {
    if (criteria && !isEmptyCriteria(criteria)) localStorage.setItem(`${STORAGE_PREFIX}${categoryId}`, JSON.stringify(criteria));
    else localStorage.removeItem(`${STORAGE_PREFIX}${categoryId}`);
  } catch {
    // Private mode or a full quota: the address carries the filter anyway.
  }
}

/** Full navigation on purpose: the list is server rendered (and cached) for every filter address. */
export const navigation = {
  go(url: string): void {
    window.location.assign(url);
  },
};
