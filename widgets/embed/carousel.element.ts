import { h, render } from 'preact';
import { constructedSheet, TAG } from './box';
import { Carousel, type CarouselState } from './Carousel';
import { i18n } from './i18n';
import { loadProducts, LOCALES, productsUrl, SHOPS, sourceOf, type EmbedConfig } from './products';
import { CAROUSEL_CSS } from './styles';

const UNAVAILABLE = (): string => i18n._('Produkty sa teraz nedajú zobraziť.');
const NOTHING = (): string => i18n._('Žiadne produkty na zobrazenie.');

/**
 * `<shop-product-carousel product-ids="12,15,18">` (or `category="slug" limit="8"`, optional
 * `label`) on a partner's page: a plain custom element that draws with Preact into its own shadow
 * root. Its box is fixed before anything arrives (box.ts); bad attributes, an unknown shop or
 * language, a refused or failed request all end in a short message in that box, never an exception
 * on the partner's page.
 */
export function defineCarousel(config: EmbedConfig, tag = TAG): void {
  if (typeof customElements === 'undefined' || customElements.get(tag)) return;
  const known = SHOPS.includes(config.shop) && LOCALES.includes(config.locale);
  let sheet: CSSStyleSheet | null | undefined;

  class ProductCarousel extends HTMLElement {
    static observedAttributes = ['product-ids', 'category', 'limit', 'label'];
    private view?: ShadowRoot;
    private asked = '';
    private state: CarouselState = { kind: 'loading', slots: 4 };
    private edges = { start: true, end: false };
    private abort?: AbortController;
    private track?: HTMLElement;

    connectedCallback(): void {
      try {
        if (!this.view) this.view = this.open();
        this.refresh();
      } catch {
        /* a partner's page must never see our exception; the reserved box stays empty */
      }
    }

    attributeChangedCallback(): void {
      if (this.view) queueMicrotask(() => this.refresh());
    }

    private open(): ShadowRoot {
      const root = this.attachShadow({ mode: 'open' });
      sheet ??= constructedSheet(CAROUSEL_CSS);
      if (sheet && 'adoptedStyleSheets' in root) root.adoptedStyleSheets = [sheet];
      else {
        // Browsers without constructable stylesheets: a <style>, which a partner's style-src must allow.
        const style = document.createElement('style');
        style.textContent = CAROUSEL_CSS;
        root.append(style);
      }
      return root;
    }

    /** Asks again only when what the attributes ask for changed; the label alone just redraws. */
    private refresh(): void {
      const source = sourceOf({ ids: this.getAttribute('product-ids'), category: this.getAttribute('category'), limit: this.getAttribute('limit') });
      const asked = known && source ? productsUrl(config, source) : '';
      if (asked !== this.asked || !asked) {
        this.asked = asked;
        this.abort?.abort();
        if (!known) this.state = { kind: 'message', text: UNAVAILABLE() };
        else if (!source) this.state = { kind: 'message', text: NOTHING() };
        else {
          const abort = (this.abort = new AbortController());
          this.state = { kind: 'loading', slots: Math.min('ids' in source ? source.ids.length : source.limit, 4) };
          loadProducts(config, source, abort.signal).then(
            (cards) => abort.signal.aborted || this.show(cards.length ? { kind: 'ready', cards } : { kind: 'message', text: NOTHING() }),
            () => abort.signal.aborted || this.show({ kind: 'message', text: UNAVAILABLE() }),
          );
        }
      }
      this.draw();
    }

    private show(state: CarouselState): void {
      this.state = state;
      this.edges = { start: true, end: false };
      this.draw();
      this.watchTrack();
    }

    private draw(): void {
      if (!this.view) return;
      try {
        render(h(Carousel, { label: this.getAttribute('label') ?? '', state: this.state, edges: this.edges, move: (d: 1 | -1) => this.move(d) }), this.view);
      } catch {
        /* as above: quiet */
      }
    }

    /** The previous/next buttons hide at the track's ends. */
    private watchTrack(): void {
      const track = this.view?.querySelector<HTMLElement>('.track') ?? undefined;
      if (track === this.track) return this.measure();
      this.track = track;
      track?.addEventListener('scroll', () => this.measure(), { passive: true });
      this.measure();
    }

    private measure(): void {
      const track = this.track;
      if (!track) return;
      const edges = { start: track.scrollLeft <= 1, end: track.scrollLeft + track.clientWidth >= track.scrollWidth - 1 };
      if (edges.start === this.edges.start && edges.end === this.edges.end) return;
      this.edges = edges;
      this.draw();
    }

    private move(direction: 1 | -1): void {
      const track = this.track;
      if (!track) return;
      const step = track.clientWidth * direction;
      if (typeof track.scrollBy === 'function') track.scrollBy({ left: step, behavior: 'smooth' });
      else track.scrollLeft += step;
    }
  }

  try {
    customElements.define(tag, ProductCarousel);
  } catch {
    /* defined meanwhile by another copy of the bundle: that one serves */
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'shop-product-carousel': HTMLElement;
  }
}
