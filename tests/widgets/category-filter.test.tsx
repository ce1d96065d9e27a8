import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

await vi.hoisted(async () => (await import('./page-defaults')).setDefaults({ shop: 'sk', locale: 'sk', csrf: 'token-1' }));

import '../../widgets/category-filter/category-filter.element';
import { navigation, STORAGE_PREFIX } from '../../widgets/category-filter/criteria';
import { readFilterSegment } from '../../server/catalog/filter';
import { $, jsonResponse, settle, until } from './helpers';

const CHOICES = {
  attributes: [
    { code: 'znacka', label: 'Značka', options: [{ key: 'tatra', label: 'Tatra' }, { key: 'ferrum', label: 'Ferrum' }] },
    { code: 'farba', label: 'Farba', options: [{ key: 'modra', label: 'Modrá', style: { background: '#2563eb' } }, { key: 'cervena', label: 'Červená', style: { background: '#dc2626' } }] },
  ],
  price: [199, 49900],
};

function show(criteria: unknown = { attributes: {}, price: null }, choices: unknown = CHOICES): void {
  const attr = (v: unknown) => JSON.stringify(v).replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const template = document.createElement('template');
  template.innerHTML = `<shop-category-filter category-id="12" base="/kuchyna" total="40" choices="${attr(choices)}" criteria="${attr(criteria)}"><form class="category-filter" method="get" action="/kuchyna"><button type="submit">Použiť</button></form></shop-category-filter>`;
  document.body.replaceChildren(template.content.cloneNode(true));
}

function stubDesktop(desktop: boolean): void {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: desktop && query.includes('min-width'), media: query, addEventListener: () => {}, removeEventListener: () => {} }));
}

/**
 * Fetch answering the count API from a function of the asked criteria; keeps each asked address
 * (path and query as sent) and the criteria read back from its filter segment.
 */
function stubCount(count: (criteria: Record<string, unknown>) => number) {
  const asked: { address: string; filter_criteria: Record<string, unknown> }[] = [];
  const fetch = vi.fn(async (request: Request) => {
    const url = new URL(request.url);
    expect(request.method).toBe('GET');
    expect(url.pathname).toBe('/api/product/filter-count');
    const { criteria, malformed } = readFilterSegment(url.searchParams.get('filter') ?? '');
    expect(malformed).toBe(false);
    const filterCriteria: Record<string, unknown> = criteria.price ? { ...criteria.attributes, price: criteria.price } : { ...criteria.attributes };
    asked.push({ address: `${url.pathname}${url.search}`, filter_criteria: filterCriteria });
    return jsonResponse({ count: count(filterCriteria) });
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, asked };
}

const box = (code: string, key: string) => $(`input[name="${code}"][value="${key}"]`) as HTMLInputElement;
const status = () => $('.category-filter__count')?.textContent ?? '';
const type = (input: HTMLInputElement, value: string) => {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  setter.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
};

let go: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  localStorage.clear();
  stubDesktop(true);
  go = vi.spyOn(navigation, 'go').mockImplementation(() => {});
});

afterEach(async () => {
  document.body.innerHTML = '';
  await settle();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('category filter', () => {
  it('replaces the fallback form with choices, swatches and the price range', async () => {
    show();
    await until(() => box('farba', 'modra'));
    expect(document.querySelectorAll('form.category-filter')).toHaveLength(1);
    expect($('.category-filter__swatch rect')?.getAttribute('fill')).toBe('#2563eb');
    expect(($('input[name="price_min"]') as HTMLInputElement).placeholder).toBe('1,99');
    expect(status()).toBe('Nájdené produkty: 40');
  });

  it('asks for the matching count on every change and shows the latest answer', async () => {
    const { asked } = stubCount((c) => (c.farba ? 5 : (c.znacka as string[]).length === 2 ? 30 : 17));
    show();
    (await until(() => box('znacka', 'tatra'))).click();
    await until(() => status() === 'Nájdené produkty: 17');
    box('znacka', 'ferrum').click();
    await until(() => status() === 'Nájdené produkty: 30');
    box('farba', 'modra').click();
    await until(() => status() === 'Nájdené produkty: 5');
    // One address per question: the category's attribute order, keys sorted (as the server's canonical one).
    expect(asked.at(-1)!.address).toBe('/api/product/filter-count?category_id=12&filter=znacka:ferrum,tatra;farba:modra');
    type($('input[name="price_min"]') as HTMLInputElement, '10,5');
    await until(() => asked.length === 4);
    expect(asked.at(-1)!.filter_criteria.price).toEqual([1050, 49900]);
  });

  it('applies: stores the criteria per category and opens the canonical address', async () => {
    stubCount(() => 3);
    show();
    (await until(() => box('farba', 'modra'))).click();
    box('znacka', 'tatra').click();
    box('farba', 'cervena').click();
    type($('input[name="price_max"]') as HTMLInputElement, '25');
    await until(() => box('farba', 'cervena').checked);
    ($('.category-filter__apply') as HTMLButtonElement).click();
    await until(() => go.mock.calls.length > 0);
    expect(go).toHaveBeenCalledWith('/kuchyna/1/znacka:tatra;farba:cervena,modra;price:1.99-25');
    expect(JSON.parse(localStorage.getItem(`${STORAGE_PREFIX}12`)!)).toEqual({ attributes: { farba: ['modra', 'cervena'], znacka: ['tatra'] }, price: [199, 2500] });
  });

  it('keeps the list’s own search and order (?q=…&sort=…) on the address it opens, and nothing else of the query', async () => {
    history.replaceState(null, '', '/kuchyna?q=hrniec&sort=-price&utm_source=x');
    try {
      stubCount(() => 3);
      show();
      (await until(() => box('farba', 'modra'))).click();
      await until(() => box('farba', 'modra').checked);
      ($('.category-filter__apply') as HTMLButtonElement).click();
      await until(() => go.mock.calls.length > 0);
      expect(go).toHaveBeenCalledWith('/kuchyna/1/farba:modra?q=hrniec&sort=-price');
    } finally {
      history.replaceState(null, '', '/');
    }
  });

  it('cancel resets everything and clears to the bare category address', async () => {
    stubCount(() => 40);
    localStorage.setItem(`${STORAGE_PREFIX}12`, '{"attributes":{"farba":["modra"]},"price":null}');
    show({ attributes: { farba: ['modra'] }, price: [1000, 2000] });
    expect((await until(() => box('farba', 'modra'))).checked).toBe(true);
    expect(($('input[name="price_min"]') as HTMLInputElement).value).toBe('10');
    ($('.category-filter__cancel') as HTMLButtonElement).click();
    await until(() => !box('farba', 'modra').checked);
    expect(($('input[name="price_min"]') as HTMLInputElement).value).toBe('');
    expect(localStorage.getItem(`${STORAGE_PREFIX}12`)).toBeNull();
    expect(go).toHaveBeenCalledWith('/kuchyna');
  });

  it('cancel on an unfiltered list only resets the form', async () => {
    stubCount(() => 1);
    show();
    (await until(() => box('znacka', 'tatra'))).click();
    await until(() => box('znacka', 'tatra').checked);
    ($('.category-filter__cancel') as HTMLButtonElement).click();
    await until(() => !box('znacka', 'tatra').checked);
    expect(go).not.toHaveBeenCalled();
  });

  it('is collapsed by default on phones, with a toggle', async () => {
    stubDesktop(false);
    show();
    const toggle = await until(() => $('.category-filter__toggle'));
    const form = $('form.category-filter') as HTMLFormElement;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(form.hidden).toBe(true);
    expect(toggle.getAttribute('aria-controls')).toBe(form.id);
    toggle.click();
    await until(() => !($('form.category-filter') as HTMLFormElement).hidden);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    toggle.click();
    await until(() => ($('form.category-filter') as HTMLFormElement).hidden);
  });

  it('keeps what a phone shopper did to the server form before the code came: open, ticked, typed (decision 166)', async () => {
    stubDesktop(false);
    const { asked } = stubCount(() => 7);
    const attr = (v: unknown) => JSON.stringify(v).replace(/&/g, '&amp;').replace(/"/g, '&quot;');
    // The widget draws a task after it upgrades (define.ts): the fields are changed before that.
    document.body.innerHTML = `<shop-category-filter category-id="12" base="/kuchyna" total="40" choices="${attr(CHOICES)}" criteria="${attr({ attributes: {}, price: null })}"><details class="category-filter-details"><summary class="category-filter__toggle">Filter</summary><form class="category-filter" method="get" action="/kuchyna"><input type="hidden" name="_f" value="1"><input type="checkbox" name="znacka" value="tatra"><input type="text" name="price_min" value=""><button type="submit">Použiť</button></form></details></shop-category-filter>`;
    $('details')!.setAttribute('open', '');
    (document.querySelector('input[name="znacka"]') as HTMLInputElement).checked = true;
    (document.querySelector('input[name="price_min"]') as HTMLInputElement).value = '5';
    await until(() => $('.category-filter__toggle[aria-expanded="true"]'));
    expect(box('znacka', 'tatra').checked).toBe(true);
    expect(($('input[name="price_min"]') as HTMLInputElement).value).toBe('5');
    // Not what the server counted: the live count asks again.
    await until(() => asked.length > 0 || null);
    expect(asked.at(-1)!.filter_criteria).toMatchObject({ znacka: ['tatra'] });
  });

  it('is open on desktops and survives malformed JSON props', async () => {
    show('{oops', '[[not json');
    const toggle = await until(() => $('.category-filter__toggle'));
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.querySelectorAll('.category-filter__group')).toHaveLength(0);
  });
});

describe('shop-category-filter on our pages: choices and the applied filter from the fallback form (decision 190)', () => {
  /** The server's panel as templates/partials/filter-form.eta writes it: no choices or criteria attributes. */
  function showServerForm(): void {
    const swatch = (fill: string) => `<svg class="category-filter__swatch" viewBox="0 0 16 16"><rect x="0.5" y="0.5" width="15" height="15" rx="4" fill="${fill}"/></svg>`;
    document.body.innerHTML = `<shop-category-filter category-id="12" base="/kuchyna" total="7"><details class="category-filter-details"><summary>Filter</summary>
      <form class="category-filter" method="get" action="/kuchyna"><input type="hidden" name="_f" value="1"><div class="category-filter__groups">
        <fieldset class="category-filter__group"><legend class="category-filter__legend">Značka</legend>
          <label class="category-filter__option"><input type="checkbox" name="znacka" value="tatra" checked><span>Tatra</span></label>
          <label class="category-filter__option"><input type="checkbox" name="znacka" value="ferrum"><span>Ferrum</span></label></fieldset>
        <fieldset class="category-filter__group"><legend class="category-filter__legend">Farba</legend>
          <label class="category-filter__option"><input type="checkbox" name="farba" value="modra">${swatch('#2563eb')}<span>Modrá</span></label></fieldset>
        <fieldset class="category-filter__group category-filter__group--price"><legend class="category-filter__legend">Cena (€)</legend>
          <label class="category-filter__price"><span>Od</span><input type="text" name="price_min" value="" placeholder="1,99"></label>
          <label class="category-filter__price"><span>Do</span><input type="text" name="price_max" value="250" placeholder="499"></label></fieldset>
      </div><div class="category-filter__actions"><button type="submit">Použiť</button><a href="/kuchyna">Zrušiť</a></div></form></details></shop-category-filter>`;
  }

  it('draws the same options, ticks and price as the form, and counts with the right criteria', async () => {
    const { asked } = stubCount(() => 3);
    showServerForm();
    await until(() => box('farba', 'modra') !== null && $('shop-category-filter form.category-filter')?.querySelector('.category-filter__count') !== null);
    expect(box('znacka', 'tatra').checked).toBe(true);
    expect(box('znacka', 'ferrum').checked).toBe(false);
    expect(document.body.textContent).toContain('Modrá');
    expect(document.body.textContent).toContain('Značka');
    // The page was rendered for this state: nothing is asked until the shopper changes something.
    await settle();
    expect(asked).toHaveLength(0);
    box('farba', 'modra').click();
    await until(() => asked.length === 1);
    // The untouched "from" box takes the category's lower bound (1.99 € = 199), "to" is 250 €.
    expect(asked[0].address).toBe('/api/product/filter-count?category_id=12&filter=znacka:tatra;farba:modra;price:1.99-250');
  });
});
