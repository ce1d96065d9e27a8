import { useLayoutEffect, useRef, useState } from 'react';
import { LAZY_IMAGE_THRESHOLD } from './reviews';

/** Spec 4: the image loads once 30 % of its box is visible; without IntersectionObserver, at once. */
export function LazyImage({ src, className, size }: { src: string; className: string; size: number }) {
  const ref = useRef<HTMLImageElement>(null);
  const [visible, setVisible] = useState(false);

  useLayoutEffect(() => {
    const image = ref.current;
    if (!image || visible) return;
    if (typeof IntersectionObserver !== 'function') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting && e.intersectionRatio >= LAZY_IMAGE_THRESHOLD)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { threshold: LAZY_IMAGE_THRESHOLD },
    );
    observer.observe(image);
    return () => observer.disconnect();
  }, [visible]);

  return <img ref={ref} className={className} src={visible ? src : undefined} data-src={src} alt="" width={size} height={size} decoding="async" />;
}
