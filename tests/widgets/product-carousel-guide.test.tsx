import { afterEach, describe, expect, it, vi } from 'vitest';
import { $, until } from './helpers';

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

/** Tag and class names of a subtree, without the widget's own buttons: what the layout is made of. */
function shape(el: Element): string {
  const kids = [...el.children].filter((k) => !k.classList.contains('carousel__button')).map(shape).join('');
  return `<${el.localName}${el.className ? `.${String(el.className).split(/\s+/).sort().join('.')}` : ''}>${kids}</${el.localName}>`;
}

/**
 * An editor's tag in a guide as the server draws it (templates/partials/product-carousel.eta with
 * productIds): the section, the label as heading and the track of cards inside the element. A file
 * of its own: the element is defined only after the server's markup is in the page, as in a browser.
 */
describe('product carousel tag in a guide', () => {
  it('adopts the server track with its cards, shows the label and draws the same section around it', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    document.body.innerHTML =
      '<div class="prose"><p>Text</p><shop-product-carousel product-ids="1,2" label="Tip &amp; trik">' +
      '<section class="carousel-section" aria-labelledby="clanok-karusel-1"><h2 class="carousel-section__title" id="clanok-karusel-1">Tip &amp; trik</h2>' +
      '<div class="carousel carousel--product"><ul class="carousel__track" tabindex="0" aria-label="Tip &amp; trik">' +
      '<li class="carousel__item"><article class="product-card" data-product-id="1">Jeden<shop-add-to-cart product-id="1"><form class="add-to-cart"></form></shop-add-to-cart></article></li>' +
      '<li class="carousel__item"><article class="product-card" data-product-id="2">Dva</article></li></ul></div></section></shop-product-carousel><p>Ďalej</p></div>';
    const host = $('shop-product-carousel')!;
    const before = shape(host);
    const track = $('.carousel__track')!;
    const cart = $('shop-add-to-cart')!;
    await import('../../widgets/product-carousel/product-carousel.element');
    const next = await until(() => $('shop-product-carousel .carousel__button--next'));
    // The very same track and cards (and the cart widget inside a card), in the same markup as before.
    expect($('.carousel__track')).toBe(track);
    expect(track.isConnected && cart.isConnected).toBe(true);
    expect(document.querySelectorAll('.carousel__track, .carousel, .carousel-section')).toHaveLength(3);
    expect(shape(host)).toBe(before);
    expect(track.parentElement).toBe(next.parentElement);
    expect(host.querySelector('.carousel')!.firstElementChild).toBe(track);
    // The label is the heading, and names the section.
    const heading = host.querySelector('h2')!;
    expect(heading.textContent).toBe('Tip & trik');
    expect(host.querySelector('section')!.getAttribute('aria-labelledby')).toBe(heading.id);
    expect(fetch).not.toHaveBeenCalled();
    // The buttons drive the adopted track.
    Object.defineProperty(track, 'clientWidth', { value: 600, configurable: true });
    Object.defineProperty(track, 'scrollWidth', { value: 1800, configurable: true });
    const scrollBy = vi.fn();
    Object.defineProperty(track, 'scrollBy', { value: scrollBy, configurable: true });
    track.dispatchEvent(new Event('scroll'));
    await until(() => !$('.carousel__button--next')!.hasAttribute('disabled'));
    next.click();
    await until(() => scrollBy.mock.calls.length > 0);
    expect(scrollBy).toHaveBeenCalledWith({ left: 600, behavior: 'smooth' });
  });
});
