import { defineCarousel } from './carousel.element';

/**
 * The embed bundle, one per locale (build/embed.ts), loaded by /embed.js as a classic script that
 * carries the snippet's data-shop, data-locale and data-partner. Our origin is where it came from.
 * Nothing is put on the partner's window.
 */
const script = document.currentScript as HTMLScriptElement | null;
const data = script?.dataset ?? {};
const shop = data.shop ?? 'sk';
defineCarousel({
  shop,
  locale: data.locale ?? (shop === 'cz' ? 'cs' : 'sk'),
  origin: script?.src ? new URL(script.src).origin : location.origin,
  partner: data.partner ?? location.hostname,
});
