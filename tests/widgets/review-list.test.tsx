import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../widgets/review-list/review-list.element';
import { cutText } from '../../widgets/review-list/reviews';
import { $, jsonResponse, until } from './helpers';

/** happy-dom lays nothing out: the expandable content reports the height a test sets. */
let contentHeight = 0;
beforeEach(() => {
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('expandable__content') ? contentHeight : 0;
    },
  });
});
afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  delete (HTMLElement.prototype as { scrollHeight?: number }).scrollHeight;
});

const review = (n: number, text = `Recenzia číslo ${n}.`) => ({ name: `Jana ${n}.`, text, pros: 'dobrá cena', cons: '', rating: 4, recommends: true, avatar: null });
const attr = (value: unknown) => JSON.stringify(value).replace(/&/g, '&amp;').replace(/'/g, '&#39;');

/** Parsed inert first, so the element connects with all its attributes and its fallback, as after a lazy load. */
function place(html: string) {
  const template = document.createElement('template');
  template.innerHTML = html;
  document.body.append(template.content);
}

function mount(items: unknown[], total = items.length, layout = 'list') {
  place(`<shop-review-list product-id="1" total="${total}" layout="${layout}" reviews='${attr({ items, total })}'><div class="review-list"><ul class="review-list__items"><li class="review">…</li></ul></div></shop-review-list>`);
}

describe('review list: expandable text (spec 4: collapsed 80 px, auto-expanded under 100 px)', () => {
  it('opens a review by itself when its text is under 100 px tall', async () => {
    contentHeight = 99;
    mount([review(1)]);
    await until(() => $('.review-list__layout'));
    expect($('.expandable')!.classList.contains('expandable--collapsed')).toBe(false);
    expect($('.expandable__toggle')).toBeNull();
  });

  it('collapses a review of 100 px or more and toggles it', async () => {
    contentHeight = 100;
    mount([review(1)]);
    const toggle = await until(() => $('.expandable__toggle'));
    expect($('.expandable')!.classList.contains('expandable--collapsed')).toBe(true);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.textContent).toBe('Zobraziť viac');
    toggle.click();
    await until(() => !$('.expandable')!.classList.contains('expandable--collapsed'));
    expect($('.expandable__toggle')!.getAttribute('aria-expanded')).toBe('true');
    $('.expandable__toggle')!.click();
    await until(() => $('.expandable--collapsed'));
  });
});

describe('review list: read more (spec 4: cutoff 200 characters)', () => {
  it('cuts at 200 characters, on a word when one ends close to it', () => {
    expect(cutText('a'.repeat(200))).toBeNull();
    expect(cutText('a'.repeat(201))).toBe(`${'a'.repeat(200)}…`);
    const words = 'slovo '.repeat(50).trim();
    const cut = cutText(words)!;
    expect(cut.length).toBeLessThanOrEqual(201);
    expect(cut.endsWith('slovo…')).toBe(true);
  });

  it('shows the start of a long text in the grid and the rest on request', async () => {
    const long = `${'x'.repeat(150)} ${'y'.repeat(60)}`;
    mount([review(1, long), review(2, 'z'.repeat(200))], 2, 'grid');
    const more = await until(() => $('.review__read-more'));
    expect(document.querySelectorAll('.review__read-more')).toHaveLength(1);
    const text = () => document.querySelector('.review__text')!.textContent!.replace(/(Čítať ďalej|Zobraziť menej)$/, '').trim();
    expect(text()).toBe(`${'x'.repeat(150)} ${'y'.repeat(49)}…`);
    more.click();
    await until(() => text() === long);
  });
});

describe('review list: layout and more', () => {
  it('switches between list and grid', async () => {
    mount([review(1)]);
    const buttons = await until(() => (document.querySelectorAll('.review-list__layout-button').length === 2 ? document.querySelectorAll<HTMLElement>('.review-list__layout-button') : null));
    expect($('.review-list--list')).not.toBeNull();
    buttons[1].click();
    await until(() => $('.review-list--grid'));
    expect(buttons[1].getAttribute('aria-pressed')).toBe('true');
  });

  it('loads the next page from GET /api/review', async () => {
    const fetch = vi.fn(async (_request: Request) => jsonResponse({ items: [review(11), review(12)], total: 12 }));
    vi.stubGlobal('fetch', fetch);
    mount(Array.from({ length: 10 }, (_, i) => review(i + 1)), 12);
    const more = await until(() => $('.review-list__more'));
    expect(more.textContent).toBe('Zobraziť ďalšie hodnotenia (2)');
    more.click();
    await until(() => $('.review-list__items')!.querySelectorAll('li.review').length === 12);
    const url = new URL(fetch.mock.calls[0][0].url);
    expect(url.pathname).toBe('/api/review');
    expect(Object.fromEntries(url.searchParams)).toEqual({ product_id: '1', _limit: '10', _offset: '10' });
    expect($('.review-list__more')).toBeNull();
  });

  it('loads avatars lazily once 30 % of the picture is visible', async () => {
    const observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
          observers.push({ callback, options });
        }
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    mount([{ ...review(1), avatar: '/data/review/avatar/a000001.svg' }]);
    const image = await until(() => document.querySelector<HTMLImageElement>('img.review__avatar'));
    expect(image.getAttribute('src')).toBeNull();
    expect(observers[0].options?.threshold).toBe(0.3);
    const fire = (ratio: number) => observers.at(-1)!.callback([{ isIntersecting: ratio > 0, intersectionRatio: ratio, target: image } as unknown as IntersectionObserverEntry], {} as IntersectionObserver);
    fire(0.1);
    await new Promise((r) => setTimeout(r, 10));
    expect(image.getAttribute('src')).toBeNull();
    fire(0.3);
    await until(() => document.querySelector('img.review__avatar')?.getAttribute('src') === '/data/review/avatar/a000001.svg');
  });

  it('survives a malformed reviews attribute', async () => {
    place(`<shop-review-list product-id="1" reviews="{oops"></shop-review-list>`);
    await until(() => $('.review-list__layout'));
    expect(document.querySelectorAll('li.review')).toHaveLength(0);
  });
});

describe('review list: a tag without the server page (issue 19)', () => {
  it('loads the first page when it first draws, then more on demand', async () => {
    const fetch = vi.fn(async (request: Request) => {
      const offset = Number(new URL(request.url).searchParams.get('_offset'));
      const items = offset === 0 ? Array.from({ length: 10 }, (_, i) => review(i + 1)) : [review(11), review(12)];
      return jsonResponse({ items, total: 12 });
    });
    vi.stubGlobal('fetch', fetch);
    place('<shop-review-list product-id="7"></shop-review-list>');
    await until(() => document.querySelectorAll('.review').length === 10);
    const first = new URL(fetch.mock.calls[0][0].url);
    expect(first.pathname).toBe('/api/review');
    expect(Object.fromEntries(first.searchParams)).toEqual({ product_id: '7', _limit: '10', _offset: '0' });
    expect($('.review__name')!.textContent).toBe('Jana 1.');
    const more = await until(() => $('.review-list__more'));
    expect(more.textContent).toBe('Zobraziť ďalšie hodnotenia (2)');
    more.click();
    await until(() => document.querySelectorAll('.review').length === 12);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('does not fetch when the server gave the first page', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    mount([review(1), review(2)], 2);
    await until(() => $('.review-list__layout'));
    expect(document.querySelectorAll('.review')).toHaveLength(2);
    expect(fetch).not.toHaveBeenCalled();
  });
});
