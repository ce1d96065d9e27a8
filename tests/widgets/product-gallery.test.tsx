import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../widgets/product-gallery/product-gallery.element';
import { cleanImages } from '../../widgets/product-gallery/images';
import { $, jsonResponse, key, until } from './helpers';

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

function place(html: string) {
  const wrap = document.createElement('div');
  wrap.innerHTML = html;
  document.body.append(...wrap.childNodes);
}

const IMAGES = [1, 2, 3].map((n) => ({ id: n, thumbnail_url: `/data/product/image/medium/sk/p1-${n}.svg`, url: `/data/product/image/medium/sk/p1-${n}.svg`, alt: 'Torta', text: `Obrázok ${n}` }));
const attr = (value: unknown) => JSON.stringify(value).replace(/"/g, '&quot;');
const mainSrc = () => $('.product-gallery__main img')?.getAttribute('src');

describe('product gallery', () => {
  it('switches images with thumbnails, arrow keys and swipes', async () => {
    place(`<shop-product-gallery product-id="1" images="${attr(IMAGES)}"><div class="product-gallery"></div></shop-product-gallery>`);
    await until(() => $('.product-gallery--enhanced'));
    expect(mainSrc()).toBe(IMAGES[0].url);
    expect($('.product-gallery__main')!.getAttribute('href')).toBe(IMAGES[0].url);
    document.querySelectorAll<HTMLElement>('.product-gallery__thumb')[2].click();
    await until(() => mainSrc() === IMAGES[2].url);
    expect(document.querySelectorAll('.product-gallery__thumb')[2].getAttribute('aria-current')).toBe('true');
    key($('.product-gallery__thumb')!, 'ArrowRight');
    await until(() => mainSrc() === IMAGES[0].url);
    key($('.product-gallery__thumb')!, 'ArrowLeft');
    await until(() => mainSrc() === IMAGES[2].url);
    const stage = $('.product-gallery__stage')!;
    stage.dispatchEvent(new PointerEvent('pointerdown', { clientX: 300, bubbles: true }));
    stage.dispatchEvent(new PointerEvent('pointerup', { clientX: 200, bubbles: true }));
    await until(() => mainSrc() === IMAGES[0].url);
  });

  it('fetches GET /api/product/{id}/images when the tag has no list', async () => {
    const fetch = vi.fn(async (_request: Request) => jsonResponse(IMAGES));
    vi.stubGlobal('fetch', fetch);
    place('<shop-product-gallery product-id="7"></shop-product-gallery>');
    await until(() => document.querySelectorAll('.product-gallery__thumb').length === 3);
    expect(new URL(fetch.mock.calls[0][0].url).pathname).toBe('/api/product/7/images');
  });

  it('drops images that are not ours', () => {
    expect(cleanImages([{ id: 1, thumbnail_url: 'https://evil.example/x.png' }, { id: 2, thumbnail_url: '//evil.example/x.png' }, IMAGES[0]])).toHaveLength(1);
    expect(cleanImages('x')).toBeNull();
  });
});
