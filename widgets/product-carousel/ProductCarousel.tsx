import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLingui } from '@lingui/react';
import type { WidgetProps } from '../lib/define';
import { getDefaults } from '../lib/defaults';
import { useWidgetId } from '../lib/ids';
import { formatMoney } from '../lib/format';
import { fetchProducts, parseIds, type CarouselProduct } from './products';

export interface ProductCarouselProps {
  /** "12,15,18": what editors write in guide HTML; used when the tag has no server cards inside. */
  productIds?: string;
  /** The heading above the cards (and the track's accessible name). */
  label?: string;
}

function Card({ product }: { product: CarouselProduct }) {
  const currency = product.currency || getDefaults().currency.code;
  return (
    <article className="product-card" data-product-id={product.id}>
      <a className="product-card__link" href={product.url}>
        <div className="product-card__media">
          {product.image ? <img className="product-card__image" src={product.image} alt="" width={300} height={300} loading="lazy" decoding="async" /> : null}
        </div>
        <div className="product-card__body">
          <h3 className="product-card__name">{product.name}</h3>
        </div>
      </a>
      <p className="product-card__price">
        {product.priceOld ? <><del className="product-card__old">{formatMoney(product.priceOld, currency)}</del> </> : null}
        <strong>{formatMoney(product.price, currency)}</strong>
        {product.priceOld && product.lowestText ? <small className="product-card__lowest">{product.lowestText}</small> : null}
      </p>
      <p className={`product-card__availability availability availability--${product.availabilitySeverity}`}>{product.availabilityText}</p>
    </article>
  );
}

/**
 * Spec 9: 4 items on desktop, 1.4 on a phone, in a CSS scroll-snap track that works without JS.
 * On our pages the server renders the track and puts this element beside it, inside the same
 * `.carousel`; the element adds prev/next buttons for that track and never redraws the server's
 * cards. In a guide the server draws the whole section inside the element (label as heading, the
 * track of cards: server/content/guide-widgets.ts); the widget adopts that track, with its cards
 * and their heart and cart widgets, into the same section markup it draws (no layout shift).
 * Placed alone with no server markup, it fetches the products and draws track and cards itself.
 */
export function ProductCarousel({ productIds, label, host, fallbackData }: WidgetProps<ProductCarouselProps>) {
  const { i18n } = useLingui();
  const [besideTrack] = useState(() => host.parentElement?.querySelector<HTMLElement>(':scope > .carousel__track') ?? null);
  // The server's track inside the element, read before the first render emptied it (readFallback).
  const [adopted] = useState(() => (fallbackData instanceof HTMLElement ? fallbackData : null));
  const ids = useMemo(() => parseIds(productIds), [productIds]);
  const [products, setProducts] = useState<CarouselProduct[] | null>(null);
  const own = useRef<HTMLUListElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const headingId = useWidgetId();
  const [edges, setEdges] = useState({ start: true, end: false });
  const serverTrack = besideTrack ?? adopted;

  useLayoutEffect(() => {
    // Before paint, so no frame lacks the cards; React and Preact leave a node they did not make alone.
    if (adopted && box.current && adopted.parentNode !== box.current) box.current.prepend(adopted);
  }, [adopted]);

  useEffect(() => {
    if (serverTrack || ids.length === 0) return;
    let live = true;
    fetchProducts(ids).then(
      (list) => live && setProducts(list),
      () => live && setProducts([]),
    );
    return () => {
      live = false;
    };
  }, [serverTrack, ids]);

  useLayoutEffect(() => {
    const el = serverTrack ?? own.current;
    if (!el) return;
    const update = () => setEdges({ start: el.scrollLeft <= 1, end: el.scrollLeft + el.clientWidth >= el.scrollWidth - 1 });
    update();
    el.addEventListener('scroll', update, { passive: true });
    return () => el.removeEventListener('scroll', update);
  }, [serverTrack, products]);

  const move = (direction: 1 | -1) => {
    const el = serverTrack ?? own.current;
    if (!el) return;
    const step = el.clientWidth * direction;
    if (typeof el.scrollBy === 'function') el.scrollBy({ left: step, behavior: 'smooth' });
    else el.scrollLeft += step;
  };

  const buttons = (
    <>
      <button type="button" className="carousel__button carousel__button--prev" aria-label={i18n._('Predchádzajúce')} disabled={edges.start} onClick={() => move(-1)}>
        ‹
      </button>
      <button type="button" className="carousel__button carousel__button--next" aria-label={i18n._('Ďalšie')} disabled={edges.end} onClick={() => move(1)}>
        ›
      </button>
    </>
  );
  if (besideTrack) return buttons;
  if (!adopted && products !== null && products.length === 0) return null;
  // The markup of templates/partials/product-carousel.eta for an editor's tag.
  return (
    <section className="carousel-section" aria-labelledby={label ? headingId : undefined}>
      {label ? (
        <h2 className="carousel-section__title" id={headingId}>
          {label}
        </h2>
      ) : null}
      <div className="carousel carousel--product" aria-busy={!adopted && products === null ? true : undefined} ref={box}>
        {adopted ? null : (
          <ul className="carousel__track" tabIndex={0} aria-label={label || i18n._('Produkty')} ref={own}>
            {(products ?? []).map((product) => (
              <li className="carousel__item" key={product.id}>
                <Card product={product} />
              </li>
            ))}
          </ul>
        )}
        {buttons}
      </div>
    </section>
  );
}
