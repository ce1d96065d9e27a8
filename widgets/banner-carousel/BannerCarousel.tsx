import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { useLingui } from '@lingui/react';
import type { WidgetProps } from '../lib/define';
import { pushEvent } from '../lib/data-layer';
import { useMediaQuery } from '../ui/useMediaQuery';
import { Icon } from '../ui/icons';
import { AUTOPLAY_MS, BOX, MOBILE_QUERY, REDUCED_MOTION_QUERY, cleanBanners, fetchBanners, type Banner } from './banners';

export interface BannerCarouselProps {
  /** Every banner of the page, both sizes (the server's list); without it the widget fetches by size. */
  banners?: unknown;
  /** Forces one size (editors' tags in guides); otherwise the mobile check decides. */
  size?: string;
  /** Milliseconds per slide. */
  interval?: number;
}

/** Spec: the banner carousel auto-plays and is circular; the list is filtered by size. */
export function BannerCarousel({ banners, size: forced, interval, host }: WidgetProps<BannerCarouselProps>) {
  const { i18n } = useLingui();
  const phone = useMediaQuery(MOBILE_QUERY);
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const size = forced === 'mobile' || forced === 'pc' ? forced : phone ? 'mobile' : 'pc';
  const given = useMemo(() => (banners === undefined ? null : cleanBanners(banners)), [banners]);
  const [fetched, setFetched] = useState<Banner[]>([]);
  const list = useMemo(() => (given ?? fetched).filter((b) => b.size === size), [given, fetched, size]);
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const count = list.length;
  const current = count > 0 ? index % count : 0;

  useEffect(() => {
    if (given) return;
    let live = true;
    fetchBanners(size).then(
      (answer) => live && setFetched(answer),
      () => live && setFetched([]),
    );
    return () => {
      live = false;
    };
  }, [given, size]);

  useLayoutEffect(() => {
    const enter = () => setHovered(true);
    const leave = () => setHovered(false);
    const focusIn = () => setFocused(true);
    const focusOut = (event: FocusEvent) => {
      if (!event.relatedTarget || !host.contains(event.relatedTarget as Node)) setFocused(false);
    };
    host.addEventListener('pointerenter', enter);
    host.addEventListener('pointerleave', leave);
    host.addEventListener('focusin', focusIn);
    host.addEventListener('focusout', focusOut);
    return () => {
      host.removeEventListener('pointerenter', enter);
      host.removeEventListener('pointerleave', leave);
      host.removeEventListener('focusin', focusIn);
      host.removeEventListener('focusout', focusOut);
    };
  }, [host]);

  const paused = hovered || focused || reducedMotion;
  const step = interval && interval >= 1000 ? interval : AUTOPLAY_MS;
  // Layout effects: the timer and listeners exist as soon as the slide shows (preact runs plain
  // effects only after the next frame).
  useLayoutEffect(() => {
    if (paused || count < 2) return;
    const timer = setTimeout(() => setIndex((i) => (i + 1) % count), step);
    return () => clearTimeout(timer);
  }, [paused, count, current, step]);

  if (count === 0) return null;
  const go = (to: number) => setIndex(((to % count) + count) % count);
  const box = BOX[size];
  const promote = (banner: Banner) => banner.ecommerce && pushEvent({ event: 'select_promotion', ecommerce: banner.ecommerce });

  return (
    <section className={`banner-carousel banner-carousel--${size}`} aria-roledescription="carousel" aria-label={i18n._('Bannery')}>
      <div className="banner-carousel__track" aria-live={paused ? 'polite' : 'off'}>
        {list.map((banner, i) => (
          <a
            key={banner.id}
            className="banner-carousel__slide"
            href={banner.url}
            hidden={i !== current}
            aria-roledescription="slide"
            aria-label={i18n._('Banner {n} z {count}', { n: i + 1, count })}
            onClick={() => promote(banner)}
          >
            <img className="banner-carousel__image" src={banner.file.path} alt={banner.headline ? '' : banner.alt || banner.name} width={box.width} height={box.height} loading={i === 0 ? 'eager' : 'lazy'} decoding="async" />
            {/* The same copy as the server's slide (templates/partials/banner-carousel.eta): text over the art, never in it. */}
            {banner.headline && (
              <span className="banner-carousel__copy">
                <strong className="banner-carousel__headline">{banner.headline}</strong>
                {banner.text && <span className="banner-carousel__text">{banner.text}</span>}
                {banner.cta && <span className="button button--small banner-carousel__cta">{banner.cta}</span>}
              </span>
            )}
          </a>
        ))}
      </div>
      {count > 1 && (
        <>
          <button type="button" className="banner-carousel__arrow banner-carousel__arrow--prev" aria-label={i18n._('Predchádzajúci banner')} onClick={() => go(current - 1)}>
            <Icon name="back" />
          </button>
          <button type="button" className="banner-carousel__arrow banner-carousel__arrow--next" aria-label={i18n._('Ďalší banner')} onClick={() => go(current + 1)}>
            <Icon name="back" />
          </button>
          <div className="banner-carousel__dots">
            {list.map((banner, i) => (
              <button
                key={banner.id}
                type="button"
                className={i === current ? 'banner-carousel__dot banner-carousel__dot--current' : 'banner-carousel__dot'}
                aria-label={i18n._('Banner {n} z {count}', { n: i + 1, count })}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => go(i)}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
