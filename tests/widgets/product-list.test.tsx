import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineProductList } from '../../widgets/product-list/define-product-list';
import { RETURN_KEY } from '../../widgets/product-list/return-scroll';
import { $, settle, until, untilNow } from './helpers';

/** Markup as templates/partials/product-list.eta renders it (cards, then a paginator of links). */
function cards(ids: number[]): string {
  return ids
    .map((id) => `<article class="product-card" id="product-${id}" data-product-id="${id}"><a class="product-card__link" href="/produkt-${id}"><h3 class="product-card__name">Produkt ${id}</h3></a></article>`)
    .join('');
}

function pager(page: number, pages: number, base = '/kuchyna'): string {
  const url = (p: number) => (p === 1 ? base : `${base}/${p}`);
  const links = Array.from({ length: pages }, (_, i) => i + 1)
    .map((p) => `<li><a class="paginator__page" href="${url(p)}" data-page="${p}"${p === page ? ' aria-current="page"' : ''}>${p}</a></li>`)
    .join('');
  const next = page < pages ? `<a class="paginator__next" href="${url(page + 1)}" rel="next" data-page="${page + 1}">Ďalšia</a>` : '';
  return `<nav class="paginator"><ol class="paginator__pages">${links}</ol>${next}</nav>`;
}

function list(options: { key?: string; page?: number; ids?: number[]; attrs?: string; base?: string } = {}): string {
  const { key = 'category:1', page = 1, ids = [1, 2, 3], attrs = '', base = '/kuchyna' } = options;
  return `<shop-product-list layout-key="${key}" page="${page}" total="9" page-size="3"${attrs}><div class="product-list product-list--grid"><div class="product-list__toolbar"></div><div class="product-list__items">${cards(ids)}</div><div class="product-list__pager">${pager(page, 3, base)}</div></div></shop-product-list>`;
}

const page = (body: string, title = 'Kuchyňa') => new Response(`<!doctype html><html><head><title>${title}</title></head><body><main>${body}</main></body></html>`, { headers: { 'content-type': 'text/html; charset=utf-8' } });

const ids = () => [...document.querySelectorAll('.product-list__items [data-product-id]')].map((el) => el.getAttribute('data-product-id'));
const button = (layout: 'grid' | 'list') => until(() => $(`.layout-switch__button--${layout}`));

function stubPhone(phone: boolean): void {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: phone && query.includes('max-width'), media: query, addEventListener: () => {}, removeEventListener: () => {} }));
}

let tags = 0;
/**
 * The page's markup first, then the definition, as the lazy registry does in a browser (the element
 * upgrades with its children in place). happy-dom creates an already-defined element before parsing
 * its children, so every mount gets a tag of its own, defined after insertion.
 */
function show(html: string): void {
  const tag = `shop-product-list-t${++tags}`;
  document.body.innerHTML = html.replaceAll('shop-product-list', tag);
  defineProductList(tag);
}

/** Keeps happy-dom from following links the widget leaves alone. */
const stopNavigation = (event: Event) => event.preventDefault();

beforeEach(() => {
  history.replaceState(null, '', '/kuchyna');
  localStorage.clear();
  sessionStorage.clear();
  document.addEventListener('click', stopNavigation);
});

afterEach(async () => {
  vi.useRealTimers();
  document.removeEventListener('click', stopNavigation);
  document.body.querySelectorAll('*').forEach((el) => el.localName.startsWith('shop-product-list') && el.remove());
  await settle();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('product list: layout', () => {
  it('keeps the server cards and switches grid ↔ list, remembered per layout key', async () => {
    show(list({ key: 'category:1' }));
    (await button('list')).click();
    await until(() => $('.product-list--list'));
    expect(ids()).toEqual(['1', '2', '3']);
    expect($('.layout-switch__button--list')?.getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem('layout:category:1')).toBe('list');

    show(list({ key: 'category:2' }));
    await button('grid');
    expect($('.product-list--grid')).not.toBeNull();
    show(list({ key: 'category:1' }));
    await until(() => $('.product-list--list .layout-switch'));
  });

  it('opens as a list on phones unless the shopper chose the grid', async () => {
    stubPhone(true);
    show(list({ key: 'search' }));
    await until(() => $('.product-list--list .layout-switch'));
    (await button('grid')).click();
    await until(() => $('.product-list--grid'));
    show(list({ key: 'search' }));
    await until(() => $('.product-list--grid .layout-switch'));
  });

  it('takes the variant default from the server: the setting first, then the view', async () => {
    show(list({ key: 'variants:5', attrs: ' variant-view="list"' }));
    await until(() => $('.product-list--list .layout-switch'));
    show(list({ key: 'variants:6', attrs: ' variant-view="list" variant-view-setting="grid"' }));
    await until(() => $('.product-list--grid .layout-switch'));
  });
});

describe('product list: paging', () => {
  it('fetches the next page behind skeletons, swaps the cards in and pushes the address', async () => {
    let answer!: (r: Response) => void;
    const fetchMock = vi.fn((_url: string, _init?: RequestInit) => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    const push = vi.spyOn(history, 'pushState');
    show(list());
    const loaded = vi.fn();
    document.addEventListener('shop:product-list-loaded', loaded);
    await button('grid');

    $('.paginator a[data-page="2"]')!.click();
    await until(() => document.querySelectorAll('.product-card--skeleton').length === 3);
    expect(ids()).toEqual([]);
    expect(fetchMock.mock.calls[0][0]).toBe(`${location.origin}/kuchyna/2`);
    expect(push).not.toHaveBeenCalled();

    answer(page(list({ page: 2, ids: [4, 5, 6] }), 'Kuchyňa – strana 2'));
    await until(() => ids().join() === '4,5,6');
    expect($('.product-card--skeleton')).toBeNull();
    expect(location.pathname).toBe('/kuchyna/2');
    expect(push).toHaveBeenCalledWith({ productList: 'category:1' }, '', '/kuchyna/2');
    expect(document.title).toBe('Kuchyňa – strana 2');
    expect($('.paginator a[aria-current="page"]')?.textContent).toBe('2');
    expect(loaded).toHaveBeenCalledTimes(1);
    document.removeEventListener('shop:product-list-loaded', loaded);
  });

  it('restores the page of a history entry on popstate without pushing again', async () => {
    const fetchMock = vi.fn(async (url: string) => page(url.endsWith('/kuchyna/3') ? list({ page: 3, ids: [7, 8, 9] }) : list({ page: 1 })));
    vi.stubGlobal('fetch', fetchMock);
    show(list());
    await button('grid');
    $('.paginator a[data-page="3"]')!.click();
    await until(() => ids().join() === '7,8,9');

    const push = vi.spyOn(history, 'pushState');
    history.replaceState({ productList: 'category:1' }, '', '/kuchyna');
    window.dispatchEvent(new PopStateEvent('popstate', { state: { productList: 'category:1' } }));
    await until(() => ids().join() === '1,2,3');
    expect(fetchMock).toHaveBeenLastCalledWith(`${location.origin}/kuchyna`, expect.anything());
    expect(push).not.toHaveBeenCalled();

    // Someone else's history entry is not ours to restore.
    window.dispatchEvent(new PopStateEvent('popstate', { state: { other: true } }));
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('never fetches another origin: such a link is left to the browser', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    show(list({ base: 'https://evil.example/kuchyna' }));
    await button('grid');
    $('.paginator a[data-page="2"]')!.click();
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
    expect($('.product-card--skeleton')).toBeNull();
  });
});

describe('product list: back from a product', () => {
  it('remembers the clicked product and scrolls to it 800 ms after coming back', async () => {
    show(list());
    await button('grid');
    $('#product-2 a')!.click();
    expect(JSON.parse(sessionStorage.getItem(RETURN_KEY)!)).toEqual({ url: '/kuchyna', id: '2' });
    document.body.querySelectorAll('*').forEach((el) => el.localName.startsWith('shop-product-list') && el.remove());
    await settle();

    const scrolled: Element[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      show(list());
      await untilNow(() => $('.layout-switch'));
      expect(sessionStorage.getItem(RETURN_KEY)).toBeNull();
      vi.advanceTimersByTime(799);
      expect(scrolled).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(scrolled.map((el) => el.id)).toEqual(['product-2']);
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });

  it('does not scroll on another list page', async () => {
    sessionStorage.setItem(RETURN_KEY, JSON.stringify({ url: '/ine', id: '2' }));
    const spy = vi.fn();
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = spy;
    try {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      show(list());
      await untilNow(() => $('.layout-switch'));
      vi.advanceTimersByTime(1000);
      expect(spy).not.toHaveBeenCalled();
      expect(sessionStorage.getItem(RETURN_KEY)).not.toBeNull();
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });
});
