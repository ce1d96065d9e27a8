import type { Context } from 'hono';
import { isWholesale } from '../accounts/wholesale';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import type { AppEnv } from '../http/env';
import { NO_RETURN_PATH, type Renderer } from '../render/renderer';
import { cacheBytes, keptBytes } from './cache-budget';
import { CatalogueCache, stringBytes } from './catalog-cache';
import { catalogueLang } from './catalogue-texts';
import { productsByIds } from './listing.service';
import { toProductCard, type ProductCard } from './product-card';

/** A product as every list shows it: its card's HTML (UTF-8, as pages are sent) and what JSON-LD names it by. */
export interface KeptCard {
  id: number;
  html: Buffer | string;
  name: string;
  url: string;
}

/** ~1.5 KB a card: 10,000 cards. */
const MAX_BYTES = cacheBytes('cards');
const caches = perDatabase(() => new CatalogueCache<KeptCard>(MAX_BYTES, (card) => card.html.length + stringBytes(card.name) + stringBytes(card.url) + 64));

/**
 * Which cards a shopper sees: a card holds prices, so it is kept per price role; nothing else in
 * it depends on who asks (render.fragment() gives templates no session), so signed-in consumers
 * share the anonymous cards and every wholesale buyer the B2B ones.
 */
export function priceRole(c: Context<AppEnv>): 'b2c' | 'b2b' {
  return isWholesale(c) ? 'b2b' : 'b2c';
}

/**
 * The cards of `ids` in that order (category, seller and search lists: decision 184), kept per shop,
 * locale, price role, product and catalogue version (when `keep`); only cards not kept are read and
 * drawn. A card holds nothing per shopper or page (its no-JS forms return to the Referer, decision
 * 199). Ids not listed (hidden, no price in the shop) are left out.
 */
export function keptCards(c: Context<AppEnv>, render: Renderer, ids: readonly number[], keep = true): KeptCard[] {
  const db: Db = c.get('deps').db;
  const shop = c.get('shop');
  const role = priceRole(c);
  return caches(db).many(c.get('catalogVersion'), `${shop.code}|${c.get('locale')}|${role}`, ids, (missing) => {
    const t = c.get('i18n').t;
    const drawn = new Map<number, KeptCard>();
    for (const row of productsByIds(db, shop.id, role === 'b2b', missing, catalogueLang(c))) {
      const card: ProductCard = toProductCard(row, shop.currencySymbol, t);
      const html = render.fragment(c, '/partials/product-card', { product: card }, NO_RETURN_PATH);
      drawn.set(card.id, { id: card.id, html: keep ? keptBytes(html) : html, name: card.name, url: card.url });
    }
    return drawn;
  }, keep);
}

/** Other pieces shown as they are (a category's filter panel 8–15 KB, the home's main part, a guide's article with its widgets). */
const pieces = perDatabase(() => new CatalogueCache<Buffer>(cacheBytes('pieces'), (bytes) => bytes.length));

/**
 * A piece of HTML (as UTF-8) kept per catalogue version under `key`, which names everything it
 * depends on besides shop, locale and price role; drawn when missing.
 */
export function keptHtml(c: Context<AppEnv>, key: string, draw: () => string): Buffer {
  const scope = `${c.get('shop').code}|${c.get('locale')}|${priceRole(c)}`;
  return pieces(c.get('deps').db).get(c.get('catalogVersion'), `${scope}|${key}`, () => keptBytes(draw()));
}

/** The cards' HTML for the shared product list's `itemsHtml`: a list the template outputs piece by piece. */
export function cardsHtml(cards: readonly KeptCard[]): (Buffer | string)[] {
  return cards.map((card) => card.html);
}
