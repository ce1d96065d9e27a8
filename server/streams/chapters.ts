import type { Context } from 'hono';
import { keptCards } from '../catalog/card-cache';
import { catalogAt, categoryIndex } from '../catalog/catalog-views';
import { catalogueLang } from '../catalog/catalogue-texts';
import { categoryUrl } from '../catalog/urls';
import { guidesByIds, type Guide } from '../content/blog.service';
import { expandArticleWidgets } from '../content/guide-widgets';
import { allowedImageSrc } from '../content/image-rule';
import { sanitizeArticle } from '../content/sanitize';
import { staticPostLinks } from '../content/static-post.service';
import type { AppEnv } from '../http/env';
import { pointItem } from '../points/points.service';
import type { Renderer } from '../render/renderer';
import type { StreamChapter } from './streams.service';

/** At most this many things one chapter names (ids or slugs). */
const MAX_ITEMS = 12;

/** A chapter as the page draws it: what its value names, resolved; nothing the shop does not show. */
export type ChapterView = { id: number; type: number; timestamp: number } & (
  | { kind: 'html'; html: string }
  | { kind: 'image'; src: string }
  | { kind: 'products'; cardsHtml: string[] }
  | { kind: 'guides'; guides: Guide[] }
  | { kind: 'links'; links: { name: string; url: string }[] }
  | { kind: 'rewards'; rewards: { id: number; name: string; image: string | null; price: number; disabled: boolean }[] }
);

const list = (value: string) => [...new Set(value.split(',').map((s) => s.trim()).filter(Boolean))].slice(0, MAX_ITEMS);
const ids = (value: string) => list(value).filter((s) => /^\d{1,10}$/.test(s)).map(Number);

/**
 * Each chapter as what it names (spec 3 types): 1 sanitised HTML (the guides' rule, their widget
 * tags drawn too), 2 an image (the CSP's image rule), 3 product cards with their cart forms (the
 * lists' kept cards), 4 guide cards, 5 category links, 6 static-post links, 8 point rewards. A
 * chapter whose value names nothing shown is left out: a stale id never shows an empty box.
 */
export function chapterViews(c: Context<AppEnv>, render: Renderer, chapters: readonly StreamChapter[]): ChapterView[] {
  const { db, config } = c.get('deps');
  const shopId = c.get('shop').id;
  const views: ChapterView[] = [];
  for (const ch of chapters) {
    const base = { id: ch.id, type: ch.type, timestamp: ch.timestamp };
    if (ch.type === 1) {
      const html = expandArticleWidgets(c, render, sanitizeArticle(ch.value, config.imageHosts));
      if (html.trim()) views.push({ ...base, kind: 'html', html });
    } else if (ch.type === 2) {
      const src = allowedImageSrc(ch.value.trim(), config.imageHosts);
      if (src) views.push({ ...base, kind: 'image', src });
    } else if (ch.type === 3) {
      const cards = keptCards(c, render, ids(ch.value));
      if (cards.length) views.push({ ...base, kind: 'products', cardsHtml: cards.map((card) => card.html.toString()) });
    } else if (ch.type === 4) {
      const guides = guidesByIds(db, ids(ch.value), catalogueLang(c));
      if (guides.length) views.push({ ...base, kind: 'guides', guides });
    } else if (ch.type === 5) {
      const index = categoryIndex(catalogAt(c));
      const links = list(ch.value).flatMap((slug) => {
        const node = index.bySlugVisible(slug);
        return node ? [{ name: node.name, url: categoryUrl(node.slug) }] : [];
      });
      if (links.length) views.push({ ...base, kind: 'links', links });
    } else if (ch.type === 6) {
      const slugs = list(ch.value);
      const links = staticPostLinks(db, shopId, slugs, catalogueLang(c)).map((p) => ({ name: p.title, url: p.path }));
      if (links.length) views.push({ ...base, kind: 'links', links });
    } else if (ch.type === 8) {
      const rewards = ids(ch.value).flatMap((id) => {
        const item = pointItem(db, id, c.get('locale'));
        return item && item.kind === 'reward' ? [{ id: item.id, name: item.name, image: item.image, price: item.price, disabled: item.disabled !== 0 || item.stock === 0 }] : [];
      });
      if (rewards.length) views.push({ ...base, kind: 'rewards', rewards });
    }
  }
  return views;
}
