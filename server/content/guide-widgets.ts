import type { Context } from 'hono';
import { catalogueLang } from '../catalog/catalogue-texts';
import { keptCards, keptHtml, priceRole } from '../catalog/card-cache';
import { pageIdsSql } from '../catalog/listing.service';
import { sellable } from '../catalog/sellable';
import type { AppEnv } from '../http/env';
import { loadProduct } from '../product/product.service';
import { listReviews } from '../product/review.service';
import { chaptersForYoutubeId, videoView, YOUTUBE_ID } from '../product/video.service';
import { attrJson } from '../render/json';
import { cutText } from '../../widgets/review-list/cut-text';
import { NO_RETURN_PATH, type Renderer } from '../render/renderer';
import { ARTICLE_WIDGETS, MAX_CAROUSEL_IDS } from './article-widgets';
import { BANNER_TEXT_FIELDS, firstBannerPicture, listBanners } from './banner.service';
import { fillFreeShippingLimit, withFreeShippingLimit } from '../cart/free-shipping';
import { voteJson } from '../votes/votes.api';
import { findVote } from '../votes/votes.service';

/**
 * Editors' widget tags in a guide or static post, drawn by the server (docs/decisions/215): each
 * listed tag of the sanitised body is replaced by the markup our own pages render for it, from the
 * same partials and loaders (product cards from card-cache.ts, the product page's review list and
 * video, the watch, heart and cart forms), so the article is complete without JavaScript and for
 * crawlers, and the element upgrades in its own box (no layout shift). A tag whose product the
 * shop does not show (hidden, not priced in this shop, not sold for the cart) is removed: an editor's
 * stale id never shows an empty box. Nothing drawn here is personal: it is kept per shop, locale,
 * price role and catalogue version (articleHtml), and anonymous guide pages stay HTTP-cacheable.
 */

type Draw = (c: Context<AppEnv>, render: Renderer, attributes: Record<string, string>, n: number) => string;

const ids = (value: string | undefined) => [...new Set((value ?? '').split(',').map((s) => Number(s.trim())).filter((n) => Number.isSafeInteger(n) && n > 0))].slice(0, MAX_CAROUSEL_IDS);
const idOf = (value: string | undefined) => (value && /^\d{1,10}$/.test(value) ? Number(value) : null);
const fragment = (c: Context<AppEnv>, render: Renderer, template: string, view: Record<string, unknown>) => render.fragment(c, template, view, NO_RETURN_PATH);

/** The product as this shop shows it to this price role, or null (hidden, no price here). */
function shownProduct(c: Context<AppEnv>, attributes: Record<string, string>) {
  const id = idOf(attributes['product-id']);
  return id === null ? null : loadProduct(c.get('deps').db, c.get('shop').id, id, priceRole(c) === 'b2b', catalogueLang(c));
}

/** The poll of a vote-id, as the API answers it; unknown → nothing is drawn. */
function shownVote(c: Context<AppEnv>, attributes: Record<string, string>) {
  const hash = attributes['vote-id'];
  const vote = hash && /^[A-Za-z0-9_-]{22}$/.test(hash) ? findVote(c.get('deps').db, hash) : null;
  return vote ? voteJson(vote) : null;
}

const DRAW: Record<string, Draw> = {
  'shop-product-carousel': (c, render, a, n) => {
    const list = ids(a['product-ids']);
    // What the shop shows of a list of ids (sellable.ts: not hidden, priced in this shop), in the
    // editor's order: the products GET /api/product/{id} answers for, which the widget would fetch.
    const shown = pageIdsSql(c.get('deps').db, { shopId: c.get('shop').id, wholesale: priceRole(c) === 'b2b', scope: { kind: 'ids', ids: list }, optionGroups: [], price: null, offset: 0, limit: MAX_CAROUSEL_IDS });
    const cards = keptCards(c, render, shown);
    if (cards.length === 0) return '';
    return fragment(c, render, '/partials/product-carousel', {
      carousel: { id: `clanok-karusel-${n}`, title: a.label ?? '', kind: 'product', productIds: cards.map((card) => card.id).join(','), cardsHtml: cards.map((card) => card.html.toString()) },
    });
  },
  'shop-banner-carousel': (c, render, a) => {
    const size = a.size === 'mobile' || a.size === 'pc' ? a.size : undefined;
    const banners = fillFreeShippingLimit(c, listBanners(c.get('deps').db, c.get('shop').id, c.get('deps').clock.now().getTime(), undefined, c.get('locale')), BANNER_TEXT_FIELDS);
    const shown = size ? banners.filter((b) => b.size === size) : banners;
    const bannerFallback = firstBannerPicture(shown);
    return bannerFallback ? fragment(c, render, '/partials/banner-carousel', { banners: shown, bannerFallback, bannerSize: size }) : '';
  },
  'shop-copy-button': (c, render, a) => (a.value ? fragment(c, render, '/partials/copy-button', { copy: { value: a.value, label: a.label } }) : ''),
  'shop-video-player': (c, render, a) => {
    const youtubeId = a['video-id'];
    // The body is sanitised already; checked again because it goes into links.
    if (!youtubeId || !YOUTUBE_ID.test(youtubeId)) return '';
    const known = chaptersForYoutubeId(c.get('deps').db, youtubeId);
    const start = a.start && /^\d{1,5}$/.test(a.start) ? Number(a.start) : 0;
    const title = a.label ?? known.title ?? c.get('i18n')._('Video');
    const video = videoView({ youtubeId, title, chapters: known.chapters }, c.get('deps').config.videoOrigin, start);
    return fragment(c, render, '/partials/video-player', { video });
  },
  'shop-review-list': (c, render, a) => {
    const product = shownProduct(c, a);
    if (!product) return '';
    const page = listReviews(c.get('deps').db, product.id);
    if (page.total === 0) return '';
    const layout = a.layout === 'grid' ? 'grid' : 'list';
    return fragment(c, render, '/partials/review-list', {
      reviewList: { productId: product.id, layout, page, json: attrJson(page), moreHref: `/${product.slug}#hodnotenia`, cutText },
    });
  },
  'shop-watchdog-dialog': (c, render, a) => {
    const p = shownProduct(c, a);
    return p ? fragment(c, render, '/partials/watchdog-slot', { product: { id: p.id, name: p.name, price: p.priceB2c, quantity: p.quantity } }) : '';
  },
  'shop-favourite-button': (c, render, a) => {
    const p = shownProduct(c, a);
    return p ? fragment(c, render, '/partials/favourite-button', { productId: p.id }) : '';
  },
  'shop-add-to-cart': (c, render, a) => {
    const p = shownProduct(c, a);
    return p && sellable(p) ? fragment(c, render, '/partials/add-to-cart', { product: { id: p.id, name: p.name, visible: p.visible, price: p.price } }) : '';
  },
  // Polls change only through their own tables, whose triggers raise the catalogue version: the kept body follows each confirmed vote.
  'shop-vote': (c, render, a) => {
    const vote = shownVote(c, a);
    return vote ? fragment(c, render, '/partials/vote', { vote }) : '';
  },
  'shop-vote-chart': (c, render, a) => {
    const vote = shownVote(c, a);
    return vote ? fragment(c, render, '/partials/vote-chart', { vote }) : '';
  },
};

const OPEN = /<(shop-[a-z]+(?:-[a-z]+)*)((?:\s+[a-z-]+="[^"]*")*)\s*>/;
const ATTRIBUTE = /([a-z-]+)="([^"]*)"/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Attribute values as sanitize-html wrote them (entities for & < > "), back to text. */
function decode(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** Where the element opened before `from` ends: after its matching close tag (same tags nested inside count). */
function endOf(html: string, tag: string, from: number): number {
  const pattern = new RegExp(`<(/?)${tag}(?=[\\s>/])[^>]*>`, 'g');
  pattern.lastIndex = from;
  let depth = 1;
  for (let m = pattern.exec(html); m; m = pattern.exec(html)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return m.index + m[0].length;
  }
  return html.length;
}

/** The sanitised body with every listed widget tag replaced by the server's markup for it. */
export function expandArticleWidgets(c: Context<AppEnv>, render: Renderer, html: string): string {
  if (!html.includes('<shop-')) return html;
  let out = '';
  let at = 0;
  let n = 0;
  const open = new RegExp(OPEN.source, 'g');
  for (let m = open.exec(html); m; m = open.exec(html)) {
    const draw = ARTICLE_WIDGETS[m[1]] ? DRAW[m[1]] : undefined;
    if (!draw) continue;
    const attributes: Record<string, string> = {};
    for (const [, name, value] of m[2].matchAll(ATTRIBUTE)) attributes[name] = decode(value);
    const end = endOf(html, m[1], open.lastIndex);
    out += html.slice(at, m.index) + draw(c, render, attributes, ++n);
    at = end;
    open.lastIndex = end;
  }
  return out + html.slice(at);
}

/**
 * A guide's or static post's body with its widgets drawn, kept per catalogue version (guides,
 * static posts, products, prices, reviews, videos and banners all raise it) and per shop, locale
 * and price role (keptHtml). `key` names the record ("guide:12"); `body` is already sanitised.
 */
export function articleHtml(c: Context<AppEnv>, render: Renderer, key: string, text: string): Buffer | string {
  // An editor may state the free-shipping limit as a token: the one limit is filled in (free-shipping.ts).
  const body = withFreeShippingLimit(c, text);
  if (!body.includes('<shop-')) return body;
  return keptHtml(c, `article|${key}`, () => expandArticleWidgets(c, render, body));
}
