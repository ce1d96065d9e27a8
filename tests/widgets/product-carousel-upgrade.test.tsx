import { afterEach, describe, expect, it, vi } from 'vitest';
import { $, until } from './helpers';

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

/** A file of its own: the element is defined only after the server's markup is in the page. */
describe('product carousel over server cards', () => {
  it('keeps the server cards, adds prev/next and scrolls the track by a page', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    // As in a browser: the server's tag is in the page before the lazy chunk defines it.
    document.body.innerHTML =
      '<div class="carousel carousel--guide"><ul class="carousel__track" tabindex="0" aria-label="Podobné">' +
      '<li class="carousel__item"><article class="product-card" data-product-id="1">Jeden</article></li>' +
      '<li class="carousel__item"><article class="product-card" data-product-id="2">Dva</article></li></ul>' +
      '<shop-product-carousel product-ids="1,2" label="Podobné"></shop-product-carousel></div>';
    await import('../../widgets/product-carousel/product-carousel.element');
    const next = await until(() => $('.carousel__button--next'));
    expect(document.querySelectorAll('.product-card')).toHaveLength(2);
    expect(document.querySelectorAll('.carousel')).toHaveLength(1);
    expect(document.querySelectorAll('.carousel__track')).toHaveLength(1);
    expect($('shop-product-carousel .carousel__button--prev')).not.toBeNull();
    expect($('.carousel__track')!.getAttribute('aria-label')).toBe('Podobné');
    expect(fetch).not.toHaveBeenCalled();
    const track = $('.carousel__track')!;
    // happy-dom lays nothing out: give the track a page width and a scroll width, then let it re-measure.
    expect(next.hasAttribute('disabled')).toBe(true);
    Object.defineProperty(track, 'clientWidth', { value: 800, configurable: true });
    Object.defineProperty(track, 'scrollWidth', { value: 2400, configurable: true });
    const scrollBy = vi.fn();
    Object.defineProperty(track, 'scrollBy', { value: scrollBy, configurable: true });
    track.dispatchEvent(new Event('scroll'));
    await until(() => !$('.carousel__button--next')!.hasAttribute('disabled'));
    expect($('.carousel__button--prev')!.hasAttribute('disabled')).toBe(true);
    next.click();
    await until(() => scrollBy.mock.calls.length > 0);
    expect(scrollBy).toHaveBeenCalledWith({ left: 800, behavior: 'smooth' });
    Object.defineProperty(track, 'scrollLeft', { value: 800, configurable: true });
    track.dispatchEvent(new Event('scroll'));
    await until(() => !$('.carousel__button--prev')!.hasAttribute('disabled'));
    $('.carousel__button--prev')!.click();
    await until(() => scrollBy.mock.calls.length === 2);
    expect(scrollBy).toHaveBeenLastCalledWith({ left: -800, behavior: 'smooth' });
  });
});
