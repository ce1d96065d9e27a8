import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../widgets/banner-carousel/banner-carousel.element';
import { $, jsonResponse, settle, until, untilNow } from './helpers';

const banner = (id: number, size: 'pc' | 'mobile') => ({
  id,
  name: `Kampaň ${id}`,
  url: `/akcia-${id}`,
  ecommerce: { promotion_id: `p${id}` },
  size,
  alt: `Banner ${id}`,
  headline: id === 2 ? '' : `Akcia ${id} so zľavou`,
  text: id === 1 ? 'Len tento týždeň.' : '',
  cta: id === 1 ? 'Nakupovať' : '',
  file: { path: `/data/banner/${id}-${size}.svg`, name: `${id}-${size}.svg` },
});
const BANNERS = [banner(1, 'pc'), banner(2, 'pc'), banner(3, 'pc'), banner(11, 'mobile'), banner(12, 'mobile')];

function media({ phone = false, reduced = false } = {}) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width') ? phone : query.includes('reduced-motion') ? reduced : false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

function mount(attrs = `banners='${JSON.stringify(BANNERS)}'`) {
  document.body.innerHTML = `<shop-banner-carousel ${attrs}><div class="banner-carousel"><a href="/akcia-1"><img src="/data/banner/1-pc.svg" alt=""></a></div></shop-banner-carousel>`;
  return $('shop-banner-carousel')!;
}

const current = () => $('.banner-carousel__slide:not([hidden]) img')?.getAttribute('src');
const tick = (ms: number) => {
  vi.advanceTimersByTime(ms);
  return new Promise<void>((resolve) => setImmediate(resolve));
};

afterEach(async () => {
  document.querySelectorAll('shop-banner-carousel').forEach((el) => el.remove());
  if (vi.isFakeTimers()) vi.runOnlyPendingTimers();
  vi.useRealTimers();
  await settle();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('banner carousel', () => {
  it('shows the pc banners on wide screens and the mobile ones under 576 px', async () => {
    media({ phone: false });
    mount();
    await until(() => $('.banner-carousel--pc'));
    expect([...document.querySelectorAll('.banner-carousel__slide img')].map((i) => i.getAttribute('src'))).toEqual(['/data/banner/1-pc.svg', '/data/banner/2-pc.svg', '/data/banner/3-pc.svg']);
    expect(document.querySelectorAll('.banner-carousel__dot')).toHaveLength(3);
    // The same copy as the server's slide: text over the image (alt="" then), the call to action inside the link.
    const first = $('.banner-carousel__slide')!;
    expect(first.querySelector('.banner-carousel__headline')?.textContent).toBe('Akcia 1 so zľavou');
    expect(first.querySelector('.banner-carousel__text')?.textContent).toBe('Len tento týždeň.');
    expect(first.querySelector('.button.banner-carousel__cta')?.textContent).toBe('Nakupovať');
    expect(first.querySelector('img')?.getAttribute('alt')).toBe('');
    const second = document.querySelectorAll('.banner-carousel__slide')[1];
    expect(second.querySelector('.banner-carousel__copy')).toBeNull();
    expect(second.querySelector('img')?.getAttribute('alt')).toBe('Banner 2');
    document.body.innerHTML = '';
    await settle();

    media({ phone: true });
    mount();
    await until(() => $('.banner-carousel--mobile'));
    expect([...document.querySelectorAll('.banner-carousel__slide img')].map((i) => i.getAttribute('src'))).toEqual(['/data/banner/11-mobile.svg', '/data/banner/12-mobile.svg']);
  });

  it('auto-plays every 5 s and wraps around; arrows and dots move too', async () => {
    media();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    mount();
    await untilNow(() => $('.banner-carousel__slide'));
    expect(current()).toBe('/data/banner/1-pc.svg');
    await tick(4999);
    expect(current()).toBe('/data/banner/1-pc.svg');
    await tick(1);
    await untilNow(() => current() === '/data/banner/2-pc.svg');
    await tick(5000);
    await untilNow(() => current() === '/data/banner/3-pc.svg');
    await tick(5000);
    await untilNow(() => current() === '/data/banner/1-pc.svg');

    $('.banner-carousel__arrow--prev')!.click();
    await untilNow(() => current() === '/data/banner/3-pc.svg');
    $('.banner-carousel__arrow--next')!.click();
    await untilNow(() => current() === '/data/banner/1-pc.svg');
    (document.querySelectorAll<HTMLElement>('.banner-carousel__dot')[1]).click();
    await untilNow(() => current() === '/data/banner/2-pc.svg');
    expect($('.banner-carousel__dot--current')?.getAttribute('aria-current')).toBe('true');
  });

  it('pauses while hovered or focused, and never auto-plays with reduced motion', async () => {
    media();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const host = mount();
    await untilNow(() => $('.banner-carousel__slide'));
    host.dispatchEvent(new Event('pointerenter'));
    await untilNow(() => $('.banner-carousel__track')?.getAttribute('aria-live') === 'polite');
    await tick(20_000);
    expect(current()).toBe('/data/banner/1-pc.svg');
    host.dispatchEvent(new Event('pointerleave'));
    await untilNow(() => $('.banner-carousel__track')?.getAttribute('aria-live') === 'off');
    await tick(5000);
    await untilNow(() => current() === '/data/banner/2-pc.svg');

    $('.banner-carousel__arrow--next')!.focus();
    await untilNow(() => $('.banner-carousel__track')?.getAttribute('aria-live') === 'polite');
    await tick(20_000);
    expect(current()).toBe('/data/banner/2-pc.svg');

    document.querySelectorAll('shop-banner-carousel').forEach((el) => el.remove());
    media({ reduced: true });
    mount();
    await untilNow(() => $('.banner-carousel__slide'));
    await tick(20_000);
    expect(current()).toBe('/data/banner/1-pc.svg');
  });

  it('fetches by size when the page gives no list, and survives malformed JSON', async () => {
    media({ phone: true });
    const fetch = vi.fn(async (_request: Request) => jsonResponse([banner(21, 'mobile'), { junk: true }]));
    vi.stubGlobal('fetch', fetch);
    mount('size="mobile"');
    await until(() => current() === '/data/banner/21-mobile.svg');
    expect(new URL(fetch.mock.calls[0][0].url).search).toBe('?size=mobile');
    document.body.innerHTML = '';
    await settle();
    mount(`banners='[{"broken"' size="pc"`);
    await settle(5);
    expect($('.banner-carousel__dot')).toBeNull();
  });
});
