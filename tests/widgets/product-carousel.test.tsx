import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../widgets/product-carousel/product-carousel.element';
import { parseIds } from '../../widgets/product-carousel/products';
import { $, jsonResponse, until } from './helpers';

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

function place(html: string) {
  const wrap = document.createElement('div');
  wrap.innerHTML = html;
  document.body.append(...wrap.childNodes);
}

const product = (id: number, extra: Record<string, unknown> = {}) => ({
  id, name: `Produkt ${id}`, url: `/produkt-${id}`, image_filename: `p${id}-1.svg`, price: 1299, priceOld: 1599, currency: 'EUR',
  currencySymbol: '€', availability_text: 'Skladom', availability_severity: 'success', ...extra,
});

describe('product carousel', () => {
  it('reads product-ids strictly', () => {
    expect(parseIds('12, 15,x,12,,-3,18')).toEqual([12, 15, 18]);
    expect(parseIds(undefined)).toEqual([]);
    expect(parseIds(Array.from({ length: 40 }, (_, i) => i + 1).join(','))).toHaveLength(24);
  });

  it('without a server fallback (guide HTML) fetches each product and draws the cards', async () => {
    const fetch = vi.fn(async (request: Request) => {
      const id = Number(new URL(request.url).pathname.split('/').pop());
      if (id === 15) return jsonResponse({ status: 404, title: 'Nenájdené', detail: 'Produkt neexistuje' }, 404, 'application/problem+json');
      return jsonResponse(product(id));
    });
    vi.stubGlobal('fetch', fetch);
    place('<shop-product-carousel product-ids="12,15,18,x,12"></shop-product-carousel>');
    await until(() => document.querySelectorAll('.product-card').length === 2);
    expect(fetch.mock.calls.map(([r]) => new URL(r.url).pathname).sort()).toEqual(['/api/product/12', '/api/product/15', '/api/product/18']);
    const cards = [...document.querySelectorAll('.product-card')];
    expect(cards.map((c) => c.querySelector('.product-card__name')!.textContent)).toEqual(['Produkt 12', 'Produkt 18']);
    expect(cards[0].querySelector('a')!.getAttribute('href')).toBe('/produkt-12');
    expect(cards[0].querySelector('img')!.getAttribute('src')).toBe('/data/product/image/medium/sk/p12-1.svg');
    expect(cards[0].querySelector('strong')!.textContent!.replace(/\s/g, ' ')).toBe('12,99 €');
    expect(cards[0].querySelector('del')!.textContent!.replace(/\s/g, ' ')).toBe('15,99 €');
    expect(cards[0].querySelector('.product-card__availability')!.textContent).toBe('Skladom');
    expect($('.carousel__button--prev')).not.toBeNull();
    expect($('.carousel__button--next')).not.toBeNull();
  });

  it('shows its label as the heading above the cards it fetched', async () => {
    vi.stubGlobal('fetch', vi.fn(async (request: Request) => jsonResponse(product(Number(new URL(request.url).pathname.split('/').pop())))));
    place('<shop-product-carousel product-ids="3" label="Čo sa vám zíde"></shop-product-carousel>');
    await until(() => document.querySelector('.product-card'));
    const heading = $('shop-product-carousel h2')!;
    expect(heading.textContent).toBe('Čo sa vám zíde');
    expect($('shop-product-carousel section')!.getAttribute('aria-labelledby')).toBe(heading.id);
    expect($('.carousel__track')!.getAttribute('aria-label')).toBe('Čo sa vám zíde');
  });

  it('draws nothing when no product can be shown', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ status: 404, title: '', detail: '' }, 404, 'application/problem+json')));
    place('<shop-product-carousel product-ids="7"></shop-product-carousel>');
    await until(() => (globalThis.fetch as ReturnType<typeof vi.fn>).mock.calls.length === 1);
    await new Promise((r) => setTimeout(r, 20));
    expect($('.carousel')).toBeNull();
  });
});
