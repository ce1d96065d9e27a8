import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEta } from '../../server/render/eta';
import { variantListView } from '../../server/product/variant-list';
import { productListWanted } from '../../widgets/entries/wanted';
import { defineProductList } from '../../widgets/product-list/define-product-list';
import { $, settle, until } from './helpers';

/**
 * The variant list of a product page as the server renders it (templates/pages/product/variants.eta
 * through the shared partials/product-list.eta, with the view product.pages.ts builds), then upgraded
 * by the product-list widget: the switch is remembered per parent product, the default is the server's.
 */
const eta = createEta({ root: process.cwd(), production: false });
const t = (id: string, values?: Record<string, unknown>) => id.replace(/\{(\w+)\}/g, (_, name: string) => String(values?.[name] ?? ''));

interface Family {
  parentId: number;
  variantIds: number[];
  /** The page the list is on: the parent's, or one variant's (then its card is the current one). */
  currentId?: number;
  variantView?: 'grid' | 'list' | null;
  variantViewSetting?: string | null;
}

function variantsHtml({ parentId, variantIds, currentId, variantView = null, variantViewSetting = null }: Family): string {
  const variants = variantIds.map((id) => ({
    id,
    name: `Variant ${id}`,
    url: `/variant-${id}`,
    image: null,
    price: 1000 + id,
    priceOld: null,
    availabilityDays: 0,
    availabilityText: 'Skladom',
    current: id === currentId,
  }));
  const url = currentId ? `/variant-${currentId}` : `/produkt-${parentId}`;
  const variantList = variantListView({ parentId, url, variants, variantView, variantViewSetting });
  return eta.render('/pages/product/variants', { t, money: (minor: number) => `${minor / 100} €`, path: url, variants, variantList });
}

let tags = 0;
/** As in a browser: the server's markup is in the page before the lazy chunk defines the tag. */
function show(family: Family): HTMLElement {
  const tag = `shop-product-list-v${++tags}`;
  document.body.innerHTML = `<main>${variantsHtml(family).replaceAll('shop-product-list', tag)}</main>`;
  const element = document.querySelector<HTMLElement>(tag)!;
  defineProductList(tag);
  return element;
}

const listClass = () => $('.product-variants .product-list')?.className;
const button = (layout: 'grid' | 'list') => until(() => $(`.layout-switch__button--${layout}`));
const cardIds = () => [...document.querySelectorAll('.product-list__items [data-product-id]')].map((el) => el.getAttribute('data-product-id'));

function stubPhone(phone: boolean): void {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: phone && query.includes('max-width'), media: query, addEventListener: () => {}, removeEventListener: () => {} }));
}

const stopNavigation = (event: Event) => event.preventDefault();

beforeEach(() => {
  history.replaceState(null, '', '/produkt-55');
  localStorage.clear();
  sessionStorage.clear();
  document.addEventListener('click', stopNavigation);
});

afterEach(async () => {
  document.removeEventListener('click', stopNavigation);
  document.body.innerHTML = '';
  await settle();
  vi.unstubAllGlobals();
});

describe('variants on a product page', () => {
  it('upgrades the server list in the server default, so nothing moves', async () => {
    show({ parentId: 55, variantIds: [56, 57, 58], variantView: 'grid', variantViewSetting: 'list' });
    expect(listClass()).toBe('product-list product-list--list');
    const list = await button('list');
    expect(list.getAttribute('aria-pressed')).toBe('true');
    expect(listClass()).toBe('product-list product-list--list');
    expect(cardIds()).toEqual(['56', '57', '58']);

    show({ parentId: 60, variantIds: [61, 62], variantView: 'list' });
    expect(listClass()).toBe('product-list product-list--list');
    await until(() => $('.product-list--list .layout-switch'));

    show({ parentId: 70, variantIds: [71], variantView: 'list', variantViewSetting: 'grid' });
    expect(listClass()).toBe('product-list product-list--grid');
    expect((await button('grid')).getAttribute('aria-pressed')).toBe('true');
  });

  it('remembers the choice per parent product, on its page and on each variant page', async () => {
    const parent = show({ parentId: 55, variantIds: [56, 57], variantView: 'grid', variantViewSetting: 'grid' });
    expect(parent.getAttribute('layout-key')).toBe('variants:55');
    expect(productListWanted(parent)).toBe(false);
    (await button('list')).click();
    await until(() => $('.product-list--list .layout-switch'));
    expect(localStorage.getItem('layout:variants:55')).toBe('list');
    expect(Object.keys(localStorage)).toEqual(['layout:variants:55']);

    // A variant's page lists its siblings under the parent's key: the choice holds there too.
    const sibling = show({ parentId: 55, variantIds: [56, 57], currentId: 57, variantView: 'grid', variantViewSetting: 'grid' });
    expect(productListWanted(sibling)).toBe(true);
    await until(() => $('.product-list--list .layout-switch'));
    expect($('.product-card--current a[aria-current="page"]')?.getAttribute('href')).toBe('/variant-57');

    // Another parent keeps its own default, and its own choice.
    show({ parentId: 80, variantIds: [81, 82], variantView: 'grid' });
    await until(() => $('.product-list--grid .layout-switch'));
    (await button('list')).click();
    await until(() => localStorage.getItem('layout:variants:80') === 'list');
    (await button('grid')).click();
    await until(() => $('.product-list--grid .layout-switch'));
    expect(localStorage.getItem('layout:variants:80')).toBe('grid');
    expect(localStorage.getItem('layout:variants:55')).toBe('list');
  });

  it('keeps the configured default on phones; a parent without one gets the list there, as category lists do', async () => {
    stubPhone(true);
    show({ parentId: 55, variantIds: [56, 57], variantView: 'grid', variantViewSetting: 'grid' });
    await until(() => $('.product-list--grid .layout-switch'));

    show({ parentId: 90, variantIds: [91, 92] });
    // Without a default the server's grid is marked --auto: the phone CSS already shows the list.
    expect(listClass()).toBe('product-list product-list--grid product-list--auto');
    await until(() => $('.product-list--list .layout-switch'));
    (await button('grid')).click();
    await until(() => $('.product-list--grid .layout-switch'));
    expect(localStorage.getItem('layout:variants:90')).toBe('grid');
  });
});
