/** @jsxImportSource preact */
import type { EmbedCard } from './products';
import { i18n } from './i18n';

export type CarouselState = { kind: 'loading'; slots: number } | { kind: 'ready'; cards: EmbedCard[] } | { kind: 'message'; text: string };

export interface CarouselView {
  label: string;
  state: CarouselState;
  /** Whether the track is scrolled to its start / end (the buttons hide there). */
  edges: { start: boolean; end: boolean };
  move(direction: 1 | -1): void;
}

/** Every link leaves the partner's page for the shop in a new tab; noopener keeps their page to itself. */
const AWAY = { target: '_blank', rel: 'noopener' } as const;

function Card({ card, eager }: { card: EmbedCard; eager: boolean }) {
  return (
    <article class="card" part="card">
      <a class="media" href={card.url} {...AWAY} tabIndex={-1} aria-hidden="true">
        {card.image ? <img part="image" src={card.image} alt="" width={300} height={300} loading={eager ? 'eager' : 'lazy'} decoding="async" /> : null}
        {card.ribbons.length ? (
          <span class="ribbons">
            {card.ribbons.map((r) => (
              <span class="ribbon" part="ribbon" data-type={r.type}>
                {r.label}
              </span>
            ))}
          </span>
        ) : null}
      </a>
      <div class="body">
        <h3 class="title" part="title">
          <a href={card.url} {...AWAY}>
            {card.name}
          </a>
        </h3>
        <p class="price" part="price">
          {card.priceOld ? (
            <>
              <del>{card.priceOld}</del>{' '}
            </>
          ) : null}
          <strong>{card.price}</strong>
        </p>
        {card.priceOld && card.lowest ? (
          <p class="lowest" part="lowest">
            {card.lowest}
          </p>
        ) : null}
        <p class="availability" part="availability" data-severity={card.severity}>
          {card.availability}
        </p>
        <a class="button" part="button" href={card.cartUrl} {...AWAY}>
          {i18n._('Do košíka')}
        </a>
      </div>
    </article>
  );
}

function Skeleton() {
  return (
    <article class="card" aria-hidden="true">
      <span class="media" />
    </article>
  );
}

/**
 * The carousel inside its shadow root: a label, then a scroll-snap track of cards (4 in a wide box,
 * 1.4 in a narrow one) with previous/next buttons over it, or a short message in the same box.
 */
export function Carousel({ label, state, edges, move }: CarouselView) {
  const title = label || i18n._('Produkty');
  let stage;
  if (state.kind === 'message') {
    stage = (
      <p class="message" part="message" role="status">
        {state.text}
      </p>
    );
  } else {
    const loading = state.kind === 'loading';
    const items = loading ? Array.from({ length: state.slots }, (_, i) => <li class="item skeleton" key={`s${i}`}><Skeleton /></li>) : state.cards.map((card, i) => <li class="item" key={card.id}><Card card={card} eager={i < 4} /></li>);
    stage = (
      <>
        <ul class="track" tabIndex={0} role="region" aria-label={title} aria-busy={loading ? 'true' : undefined}>
          {items}
        </ul>
        <button type="button" class="move prev" aria-label={i18n._('Predchádzajúce')} disabled={loading || edges.start} onClick={() => move(-1)}>
          ‹
        </button>
        <button type="button" class="move next" aria-label={i18n._('Ďalšie')} disabled={loading || edges.end} onClick={() => move(1)}>
          ›
        </button>
      </>
    );
  }
  return (
    <div class="root">
      {label ? (
        <p class="label" part="label">
          {label}
        </p>
      ) : null}
      <div class="stage">{stage}</div>
    </div>
  );
}
