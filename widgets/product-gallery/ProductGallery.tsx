import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useLingui } from '@lingui/react';
import type { WidgetProps } from '../lib/define';
import { cleanImages, fetchImages, SWIPE_PX, type GalleryImage } from './images';

export interface ProductGalleryProps {
  productId?: number;
  /** The server's list; without it the images come from GET /api/product/{id}/images. */
  images?: unknown;
}

/** The product's pictures: swipe, arrow keys or thumbnails switch the main one; it links to the full image. */
export function ProductGallery({ productId, images }: WidgetProps<ProductGalleryProps>) {
  const { i18n } = useLingui();
  const given = useMemo(() => cleanImages(images), [images]);
  const [fetched, setFetched] = useState<GalleryImage[]>([]);
  const list = given ?? fetched;
  const [index, setIndex] = useState(0);
  const pointer = useRef<number | null>(null);

  useEffect(() => {
    if (given || !productId) return;
    let live = true;
    fetchImages(productId).then(
      (answer) => live && setFetched(answer),
      () => live && setFetched([]),
    );
    return () => {
      live = false;
    };
  }, [given, productId]);

  if (list.length === 0) return <div className="product-gallery"><span className="product-gallery__main product-gallery__main--none" /></div>;
  const count = list.length;
  const current = list[Math.min(index, count - 1)];
  const go = (next: number) => setIndex(((next % count) + count) % count);
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') go(index + 1);
    else if (event.key === 'ArrowLeft') go(index - 1);
    else return;
    event.preventDefault();
  };
  const onDown = (event: PointerEvent) => void (pointer.current = event.clientX);
  const onUp = (event: PointerEvent) => {
    const start = pointer.current;
    pointer.current = null;
    if (start === null || Math.abs(event.clientX - start) < SWIPE_PX) return;
    go(index + (event.clientX < start ? 1 : -1));
  };

  return (
    <div className="product-gallery product-gallery--enhanced" onKeyDown={onKey}>
      <div className="product-gallery__stage" onPointerDown={onDown} onPointerUp={onUp}>
        <a className="product-gallery__main" href={current.url} draggable={false}>
          <img src={current.url} alt={current.alt || current.text} width={600} height={600} decoding="async" draggable={false} />
        </a>
        {count > 1 ? (
          <>
            <button type="button" className="product-gallery__nav product-gallery__nav--prev" aria-label={i18n._('Predchádzajúci obrázok')} onClick={() => go(index - 1)}>‹</button>
            <button type="button" className="product-gallery__nav product-gallery__nav--next" aria-label={i18n._('Ďalší obrázok')} onClick={() => go(index + 1)}>›</button>
            <p className="product-gallery__counter" aria-live="polite">{i18n._('Obrázok {index} z {count}', { index: index + 1, count })}</p>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <ul className="product-gallery__thumbs">
          {list.map((image, i) => (
            <li key={image.id || i}>
              <button type="button" className="product-gallery__thumb" aria-current={i === index ? 'true' : undefined} onClick={() => go(i)}>
                <img src={image.thumbnailUrl} alt={image.text || image.alt} width={80} height={80} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
