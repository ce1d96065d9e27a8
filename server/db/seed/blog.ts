import type Database from 'better-sqlite3';
import { BLOG, INTROS, PARAGRAPHS, STEPS, TIPS, TITLES } from './blog-data';
import { blogCategoryText } from './blog-categories-i18n';
import { SEED_LOCALES } from './catalog-i18n';
import { categoryInserter, SlugRegistry } from './catalog';
import { CATALOG } from './catalog-data';
import { SELLABLE_SQL } from '../../catalog/sellable';
import { DAY, SEED_BASE_TIME, rng, type Rng } from './random';
import { DEMO_VOTE } from './votes';
import { guidePictureFile } from './product-pictures';
import { slugify } from './slug';

const MIN_GUIDES = 24;
const MAX_GUIDES = 300;

/** About 8 guides per blog category at the default 2,000 products, growing slowly with the shop. */
export function guideCount(products: number): number {
  const perCategory = BLOG.reduce((n, root) => n + root.children.length, 0);
  return Math.min(MAX_GUIDES, Math.max(MIN_GUIDES, Math.round(8 * perCategory * Math.sqrt(products / 2000))));
}

interface BlogLeaf {
  id: number;
  /** Its Slovak name: what its guides' pictures show (product-pictures.ts). */
  name: string;
  topics: string[];
  shop: number;
}

/** Writes the blog category tree (type "blog", two levels) and the guides in its leaves. */
export function seedBlog(
  sqlite: Database.Database,
  slugs: SlugRegistry,
  firstCategoryId: number,
  showcase: number[][],
  products: number,
): { categories: number; guides: number } {
  const insertCategory = categoryInserter(sqlite);
  const insertText = sqlite.prepare('INSERT INTO category_texts (category_id, locale, name, description, slug) VALUES (?, ?, ?, ?, ?)');
  // The Czech shop's slugs share its root with the product categories' Czech slugs.
  const csSlugs = new SlugRegistry();
  for (const slug of sqlite.prepare(`SELECT slug FROM category_texts WHERE locale = 'cs' AND slug IS NOT NULL`).pluck().all() as string[]) csSlugs.claim(slug);
  const texts = (categoryId: number, name: string) => {
    for (const locale of SEED_LOCALES) {
      const text = blogCategoryText(name, locale);
      if (text) insertText.run(categoryId, locale, ...text, locale === 'cs' ? csSlugs.claim(slugify(text[0])) : null);
    }
  };
  const leaves: BlogLeaf[] = [];
  let id = firstCategoryId;
  BLOG.forEach((root, rootIndex) => {
    const rootId = id++;
    insertCategory({ id: rootId, parentId: null, type: 'blog', name: root.name, slug: slugs.claim(slugify(root.name)), description: root.description, position: rootIndex + 1, visibleMenu: true, path: `/${rootId}/`, depth: 0 });
    texts(rootId, root.name);
    root.children.forEach((child, i) => {
      const childId = id++;
      insertCategory({ id: childId, parentId: rootId, type: 'blog', name: child.name, slug: slugs.claim(slugify(child.name)), description: `${child.name}: návody a tipy z praxe.`, position: i + 1, visibleMenu: true, path: `/${rootId}/${childId}/`, depth: 1 });
      texts(childId, child.name);
      leaves.push({ id: childId, name: child.name, topics: child.topics, shop: child.shop });
    });
  });

  const r = rng('blog');
  const insert = sqlite.prepare(
    `INSERT INTO blog_posts (id, category_id, title, slug, image, short, body, visible, obtain_mode, obtain_price, position, published_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?)`,
  );
  const everyProduct = showcase.flat();
  const count = guideCount(products);
  const postSlugs = new Set<string>([WIDGET_GUIDE_SLUG]);
  // The last id is the widget showcase (seedWidgetGuide), written once reviews and videos exist.
  for (let k = 0; k < count - 1; k++) {
    const leaf = leaves[k % leaves.length];
    const nth = Math.floor(k / leaves.length);
    const topic = leaf.topics[nth % leaf.topics.length];
    const round = Math.floor(nth / leaf.topics.length);
    let title = TITLES[round % TITLES.length](topic, nth);
    if (round >= TITLES.length) title += ` (${Math.floor(round / TITLES.length) + 1}. časť)`;
    let slug = slugify(title);
    while (postSlugs.has(slug)) slug += `-${k + 1}`;
    postSlugs.add(slug);

    // The first guide always shows products, so every demo shop has a carousel to render.
    const pool = (showcase[leaf.shop]?.length ?? 0) >= 3 ? showcase[leaf.shop] : everyProduct;
    const carousel = pool.length > 0 && (k === 0 || r.chance(0.35)) ? pickDistinct(r, pool, r.int(3, 6)) : [];
    const mode = r.next();
    const [obtainMode, obtainPrice] =
      // Points are the unlock price in loyalty points; a purchase price is in euro cents.
      // The first guide (the one with the carousel) is free, so every demo shopper can read it.
      k === 0 || mode < 0.8 ? ['free', null] : mode < 0.92 ? ['points', r.int(5, 30) * 10] : ['purchase', r.pick([199, 299, 399, 499])];
    const publishedAt = SEED_BASE_TIME - Math.round((count - k) * 2.5 * DAY) + r.int(7, 18) * 3_600_000;
    const postId = k + 1;
    insert.run(postId, leaf.id, title, slug, guidePictureFile(postId, leaf.name), teaser(r, topic), body(r, topic, leaf.shop, carousel), obtainMode, obtainPrice, nth + 1, publishedAt);
  }
  return { categories: id - firstCategoryId, guides: count };
}

function pickDistinct(r: Rng, pool: number[], count: number): number[] {
  const chosen = new Set<number>();
  const want = Math.min(count, pool.length);
  while (chosen.size < want) chosen.add(pool[r.int(0, pool.length - 1)]);
  return [...chosen];
}

const capitalise = (s: string) => s[0].toUpperCase() + s.slice(1);

function teaser(r: Rng, topic: string): string {
  return r.chance(0.5)
    ? `<p>${capitalise(topic)} nie je žiadna veda. Poradíme vám, čo si pripraviť a na čo si dať pozor.</p>`
    : `<p>Praktický návod, ako ${topic}, s tipmi z praxe a zoznamom všetkého potrebného.</p>`;
}

const lowerFirst = (s: string) => (/^\p{Lu}\p{Ll}/u.test(s) ? s[0].toLowerCase() + s.slice(1) : s);

/**
 * Editor-style HTML: headings, paragraphs, lists and, where products fit, the carousel widget tag
 * exactly as an editor places it (custom element, ids only, no script).
 */
function body(r: Rng, topic: string, shop: number, carousel: number[]): string {
  const items = CATALOG[shop].children.flatMap((c) => c.leaves.flatMap((l) => l.items.map((i) => lowerFirst(i.split('|')[0]))));
  const needed = r.sample(items, r.int(3, 5)).map((i) => `<li>${i}</li>`).join('');
  const steps = STEPS.slice(0, r.int(3, 5)).map((s) => `<li>${s}</li>`).join('');
  const parts = [
    `<p>${r.pick(INTROS)(topic)}</p>`,
    `<h2>Čo budete potrebovať</h2><ul>${needed}</ul>`,
    `<h2>Postup</h2><ol>${steps}</ol>`,
    `<p>${r.pick(PARAGRAPHS)}</p>`,
  ];
  if (carousel.length > 0) {
    parts.push(`<h2>Produkty, ktoré sa vám zídu</h2><shop-product-carousel product-ids="${carousel.join(',')}"></shop-product-carousel>`);
  }
  parts.push(`<h3>Tip na záver</h3><p>${r.pick(TIPS)}</p>`);
  return parts.join('\n');
}

export const WIDGET_GUIDE_SLUG = 'ukazka-widgetov-v-navode';

/**
 * The demo guide with every widget tag editors may use (server/content/article-widgets.ts), as an
 * editor writes them: the help page's examples on real products of the Slovak shop (product 1 has
 * 12 reviews; the first video has chapters). Its id is the last of seedBlog's; published before
 * the others, so the home page's newest guides stay as they were.
 */
export function seedWidgetGuide(sqlite: Database.Database, id: number): void {
  const leaf = sqlite.prepare("SELECT id FROM categories WHERE type = 'blog' AND depth = 1 ORDER BY position, id LIMIT 1").pluck().get() as number | undefined;
  if (leaf === undefined) return;
  const sold = sqlite
    .prepare(`SELECT id, code_public AS code FROM products WHERE parent_id IS NULL AND ${SELLABLE_SQL} AND id IN (SELECT product_id FROM product_prices WHERE shop_id = 1) ORDER BY id LIMIT 7`)
    .all() as { id: number; code: string }[];
  const video = sqlite.prepare('SELECT youtube_id FROM product_videos ORDER BY id LIMIT 1').pluck().get() as string | undefined;
  const reviewed = sqlite.prepare('SELECT product_id FROM reviews WHERE visible = 1 GROUP BY product_id ORDER BY count(*) DESC, product_id LIMIT 1').pluck().get() as number | undefined;
  const [first, ...others] = sold;
  const parts = [
    '<p>Tento návod ukazuje všetky widgety, ktoré môže redaktor vložiť do návodu. Ich značky a atribúty nájdete na stránke <a href="/pomoc/widgety">Widgety v návodoch</a>.</p>',
    '<h2>Čo budete potrebovať</h2><ul><li>produkty z karuselu nižšie</li><li>chvíľu času na video</li><li>názor zákazníkov</li></ul>',
  ];
  if (others.length) parts.push(`<shop-product-carousel product-ids="${others.map((p) => p.id).join(',')}" label="Odporúčame"></shop-product-carousel>`);
  if (first) {
    parts.push(
      '<h2>Kúpte si hlavný produkt</h2>',
      `<div><shop-add-to-cart product-id="${first.id}"></shop-add-to-cart></div>`,
      // Forms (the heart's, the cart's) may not sit in a <p>: the parser would close it before them.
      '<p>Uložte si ho medzi obľúbené alebo sledujte jeho cenu:</p>',
      `<div><shop-favourite-button product-id="${first.id}"></shop-favourite-button> <shop-watchdog-dialog product-id="${first.id}"></shop-watchdog-dialog></div>`,
      `<p>Kód produktu do objednávky: <shop-copy-button value="${first.code}" label="Kopírovať kód produktu"></shop-copy-button></p>`,
    );
  }
  if (video) parts.push('<h2>Postup na videu</h2>', `<shop-video-player video-id="${video}"></shop-video-player>`);
  if (reviewed !== undefined) parts.push('<h2>Čo hovoria zákazníci</h2>', `<shop-review-list product-id="${reviewed}"></shop-review-list>`);
  parts.push('<h2>Akcie obchodu</h2>', '<shop-banner-carousel></shop-banner-carousel>');
  parts.push('<h2>Anketa</h2>', `<shop-vote vote-id="${DEMO_VOTE}"></shop-vote>`, `<shop-vote-chart vote-id="${DEMO_VOTE}"></shop-vote-chart>`);
  sqlite
    .prepare(
      `INSERT INTO blog_posts (id, category_id, title, slug, image, short, body, visible, obtain_mode, obtain_price, position, published_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 1, 'free', NULL, ?, ?)`,
    )
    .run(id, leaf, 'Ukážka: widgety v návode', WIDGET_GUIDE_SLUG, guidePictureFile(id, ''), '<p>Karusel produktov, video, hodnotenia, košík a ďalšie widgety, ako ich vloží redaktor.</p>', parts.join('\n'), 0, SEED_BASE_TIME - 400 * DAY);
}
