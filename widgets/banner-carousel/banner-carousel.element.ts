import { defineWidget } from '../lib/define';
import { BannerCarousel } from './BannerCarousel';

/**
 * <shop-banner-carousel banners="[…]"> upgrading the server's first banner (a link around a
 * <picture> with a mobile source), or <shop-banner-carousel size="pc"> in a guide, which fetches.
 */
defineWidget('shop-banner-carousel', BannerCarousel, { props: { banners: 'json', size: 'string', interval: 'number' } });

declare global {
  interface HTMLElementTagNameMap {
    'shop-banner-carousel': HTMLElement;
  }
}
