import { useEffect, useMemo, useState } from 'react';
import { useLingui } from '@lingui/react';
import type { WidgetProps } from '../lib/define';
import { ExpandableText, ReadMore } from './ExpandableText';
import { LazyImage } from './LazyImage';
import { cleanPage, fetchReviews, type Review } from './reviews';

export interface ReviewListProps {
  productId?: number;
  total?: number;
  /** 'list' or 'grid'. */
  layout?: string;
  /** The first page the server rendered: { items, total } as GET /api/review answers. */
  reviews?: unknown;
}

function Stars({ rating }: { rating: number }) {
  const { i18n } = useLingui();
  const full = Math.round(rating);
  return (
    <span className="review__rating">
      <span className="stars" aria-hidden="true">
        {[1, 2, 3, 4, 5].map((n) => (
          <span key={n} className={n <= full ? 'stars__star stars__star--full' : 'stars__star'}>★</span>
        ))}
      </span>
      <span className="visually-hidden">{i18n._('Hodnotenie {rating} z 5', { rating })}</span>
    </span>
  );
}

function ReviewItem({ review, grid }: { review: Review; grid: boolean }) {
  const { i18n } = useLingui();
  const details = (
    <>
      {review.pros ? <p className="review__pros"><strong>{i18n._('Výhody')}:</strong> {review.pros}</p> : null}
      {review.cons ? <p className="review__cons"><strong>{i18n._('Nevýhody')}:</strong> {review.cons}</p> : null}
    </>
  );
  return (
    <li className="review">
      <div className="review__head">
        {review.avatar ? (
          <LazyImage src={review.avatar} className="review__avatar" size={40} />
        ) : (
          <span className="review__avatar review__avatar--initial" aria-hidden="true">{review.name.slice(0, 1)}</span>
        )}
        <span className="review__name">{review.name}</span>
        <Stars rating={review.rating} />
      </div>
      {review.recommends === null ? null : (
        <p className={`review__recommends review__recommends--${review.recommends ? 'yes' : 'no'}`}>
          {review.recommends ? i18n._('Odporúča') : i18n._('Neodporúča')}
        </p>
      )}
      {grid ? (
        <div className="review__body">
          {review.text ? <ReadMore text={review.text} /> : null}
          {details}
        </div>
      ) : (
        <ExpandableText>
          <div className="review__body">
            {review.text ? <p className="review__text">{review.text}</p> : null}
            {details}
          </div>
        </ExpandableText>
      )}
    </li>
  );
}

/**
 * Reviews in a list or a grid, with expandable texts and "more" through GET /api/review. The first
 * page comes from the server (the `reviews` prop, with its markup inside the tag); a tag without it
 * (placed by hand, or added to a page later) loads the first page itself when it first draws.
 */
export function ReviewList({ productId, total, layout, reviews, host }: WidgetProps<ReviewListProps>) {
  const { i18n } = useLingui();
  // The first page comes from the prop (it may arrive after the first render); "more" adds to it.
  const first = useMemo(() => cleanPage(reviews), [reviews]);
  const [loaded, setLoaded] = useState<Review[]>([]);
  const [loadedTotal, setLoadedTotal] = useState<number | null>(null);
  const items = useMemo(() => [...first.items, ...loaded], [first, loaded]);
  const count = loadedTotal ?? Math.max(first.total, total ?? 0);
  const [chosen, setGrid] = useState<boolean | null>(null);
  const grid = chosen ?? layout === 'grid';
  // No server page at all (not a malformed one, which shows as empty): this tag loads its first page.
  const [ownFirst] = useState(() => !host.hasAttribute('reviews') && Boolean(productId));
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>(ownFirst ? 'loading' : 'idle');

  const load = async (offset: number) => {
    if (!productId) return;
    setState('loading');
    try {
      const page = await fetchReviews(productId, offset);
      setLoaded((current) => [...current, ...page.items]);
      setLoadedTotal(page.total);
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  const more = () => {
    if (state !== 'loading') void load(items.length);
  };

  useEffect(() => {
    if (ownFirst) void load(0);
  }, [ownFirst]);

  return (
    <div className={`review-list review-list--${grid ? 'grid' : 'list'}`}>
      <div className="review-list__layout" role="group" aria-label={i18n._('Zobrazenie')}>
        <button type="button" className="review-list__layout-button" aria-pressed={!grid} onClick={() => setGrid(false)}>{i18n._('Zoznam')}</button>
        <button type="button" className="review-list__layout-button" aria-pressed={grid} onClick={() => setGrid(true)}>{i18n._('Mriežka')}</button>
      </div>
      <ul className="review-list__items">
        {items.map((review, index) => (
          <ReviewItem key={`${index}-${grid ? 'g' : 'l'}`} review={review} grid={grid} />
        ))}
      </ul>
      {items.length < count ? (
        <button type="button" className="button button--ghost review-list__more" disabled={state === 'loading'} onClick={more}>
          {i18n._('Zobraziť ďalšie hodnotenia ({count})', { count: count - items.length })}
        </button>
      ) : null}
      {state === 'failed' ? <p className="review-list__error" role="alert">{i18n._('Hodnotenia sa nepodarilo načítať. Skúste to znova.')}</p> : null}
    </div>
  );
}
