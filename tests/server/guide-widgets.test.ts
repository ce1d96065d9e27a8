import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTICLE_WIDGET_LIST } from '../../server/content/article-widgets';
import { createGuide } from '../../server/content/blog-write.service';
import { createStaticPost } from '../../server/content/static-post.service';
import { sanitizeArticle } from '../../server/content/sanitize';
import { SELLABLE_SQL } from '../../server/catalog/sellable';
import { formatMoney } from '../../server/render/format';
import { createTestShop, type TestShop } from '../setup/test-app';
import { parseHtml } from '../setup/html';
import { DEMO_VOTE, DEMO_VOTE_ENDED } from '../../server/db/seed/votes';

/**
 * Editors' widget tags inside a guide (issue 19, decision 215): every listed tag is drawn by the
 * server from the shop's own partials and data, so the guide is complete without JavaScript; what
 * the shop does not show is left out; and nothing the sanitiser keeps is blocked by the CSP.
 */

let shop: TestShop;
const SK = '127.0.0.1:3000';
const CZ = 'cz.localhost:3000';
const one = <T>(sql: string, ...params: unknown[]) => shop.db.$client.prepare(sql).get(...params) as T;
const all = <T>(sql: string, ...params: unknown[]) => shop.db.$client.prepare(sql).all(...params) as T[];

let category: { id: number; slug: string };
let sold: { id: number; name: string; slug: string; code: string }[];
let hidden: number;
let reviewed: { id: number; total: number };
let video: { youtubeId: string; title: string; chapters: number };
let guideUrl: string;

const money = (minor: number, currency = 'EUR', locale: 'sk' | 'cs' = 'sk') => formatMoney(minor, currency, locale).replace(/\s/g, ' ');
const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
const priceOf = (id: number, shopId = 1) => one<{ b2c: number }>('SELECT price_b2c AS b2c FROM product_prices WHERE product_id = ? AND shop_id = ?', id, shopId).b2c;

async function page(path: string, host = SK, cookie?: string) {
  const response = await shop.app.request(path, { headers: { host, ...(cookie ? { cookie } : {}) } });
  const html = await response.text();
  return { response, html, doc: parseHtml(html) };
}

function body(ids: { carousel: number[]; product: number; reviewed: number; youtubeId: string }) {
  return [
    '<p>Úvod</p>',
    `<shop-product-carousel product-ids="${ids.carousel.join(',')}" label="Tip &amp; trik"></shop-product-carousel>`,
    '<shop-banner-carousel size="pc"></shop-banner-carousel>',
    '<p>Kód: <shop-copy-button value="JESEN10" label="Kopírovať kód"></shop-copy-button></p>',
    `<shop-video-player video-id="${ids.youtubeId}"></shop-video-player>`,
    `<shop-review-list product-id="${ids.reviewed}"></shop-review-list>`,
    `<div><shop-watchdog-dialog product-id="${ids.product}"></shop-watchdog-dialog></div>`,
    `<div><shop-favourite-button product-id="${ids.product}"></shop-favourite-button></div>`,
    `<div><shop-add-to-cart product-id="${ids.product}"></shop-add-to-cart></div>`,
    `<shop-vote vote-id="${DEMO_VOTE}"></shop-vote>`,
    `<shop-vote-chart vote-id="${DEMO_VOTE}"></shop-vote-chart>`,
    `<shop-vote vote-id="${DEMO_VOTE_ENDED}"></shop-vote>`,
    '<p>Záver</p>',
  ].join('\n');
}

beforeAll(() => {
  shop = createTestShop({ products: 60 });
  category = one("SELECT id, slug FROM categories WHERE type = 'blog' AND depth = 1 ORDER BY id LIMIT 1");
  sold = all(
    `SELECT id, name, slug, code_public AS code FROM products WHERE parent_id IS NULL AND ${SELLABLE_SQL}
       AND id IN (SELECT product_id FROM product_prices WHERE shop_id = 1) AND id IN (SELECT product_id FROM product_prices WHERE shop_id = 2) ORDER BY id LIMIT 4`,
  );
  hidden = sold[3].id;
  shop.db.$client.prepare('UPDATE products SET visible = 0 WHERE id = ?').run(hidden);
  reviewed = one("SELECT product_id AS id, count(*) AS total FROM reviews WHERE visible = 1 GROUP BY product_id ORDER BY count(*) DESC, product_id LIMIT 1");
  video = one('SELECT v.youtube_id AS youtubeId, v.title, (SELECT count(*) FROM video_chapters c WHERE c.video_id = v.id) AS chapters FROM product_videos v ORDER BY v.id LIMIT 1');
  createGuide(shop.db, {
    categoryId: category.id,
    title: 'Všetky widgety',
    slug: 'vsetky-widgety',
    short: '<p>Krátko</p>',
    body: body({ carousel: [sold[0].id, hidden, 999_999, sold[1].id, sold[2].id], product: sold[0].id, reviewed: reviewed.id, youtubeId: video.youtubeId }),
    publishedAt: new Date('2026-01-01T00:00:00Z'),
  });
  guideUrl = `/navody-inspiracie/${category.slug}/vsetky-widgety`;
});
afterAll(() => shop.close());

describe('widget tags in a guide, drawn by the server', () => {
  it('keeps every listed tag and draws its content inside it, complete without JavaScript', async () => {
    const { response, doc } = await page(guideUrl);
    expect(response.status).toBe(200);
    const article = doc.querySelector('.guide__body')!;
    for (const widget of ARTICLE_WIDGET_LIST) expect(article.querySelector(widget.tag), widget.tag).not.toBeNull();

    // Carousel: the label as its heading, one card per shown product in the editor's order, with price and forms.
    const carousel = article.querySelector('shop-product-carousel')!;
    expect(carousel.getAttribute('label')).toBe('Tip & trik');
    expect(text(carousel.querySelector('h2'))).toBe('Tip & trik');
    const cards = [...carousel.querySelectorAll('.carousel__track > .carousel__item > .product-card')];
    expect(cards.map((c) => Number(c.getAttribute('data-product-id')))).toEqual([sold[0].id, sold[1].id, sold[2].id]);
    expect(cards.map((c) => text(c.querySelector('.product-card__name')))).toEqual(sold.slice(0, 3).map((p) => p.name));
    expect(text(cards[0].querySelector('.product-card__price strong'))).toBe(money(priceOf(sold[0].id)));
    expect(cards[0].querySelector(`a[href="/${sold[0].slug}"]`)).not.toBeNull();
    expect(cards[0].querySelector('shop-add-to-cart form[action="/nakupny-kosik/pridat"]')).not.toBeNull();

    // Banner: the first banner of the forced size, as the home page draws it.
    expect(article.querySelector('shop-banner-carousel[size="pc"] .banner-carousel img.banner-carousel__image')?.getAttribute('src')).toMatch(/^\/data\/banner\/.+-pc\.svg$/);
    expect(text(article.querySelector('shop-copy-button code'))).toBe('JESEN10');
    // Issue 23: the button shows its icon and says what it does before its code loads (never an empty pill).
    expect(article.querySelector('shop-copy-button .copy-button__action svg path')).not.toBeNull();
    expect(article.querySelector('shop-copy-button .copy-button__action')?.getAttribute('aria-label')).toBe('Kopírovať kód');

    // Video: the facade links to YouTube, the chapters of the shop's video, its title.
    const player = article.querySelector('shop-video-player')!;
    expect(player.getAttribute('video-id')).toBe(video.youtubeId);
    expect(player.querySelector('shop-video a.video__facade')?.getAttribute('href')).toBe(`https://www.youtube.com/watch?v=${video.youtubeId}`);
    expect(text(player.querySelector('.video__title'))).toBe(video.title);
    expect(player.querySelectorAll('a.video-player__chapter')).toHaveLength(video.chapters);

    // Reviews: the first page (10), the same page in the widget's prop, a link to the rest.
    const reviews = article.querySelector('shop-review-list')!;
    const first = all<{ name: string }>('SELECT name FROM reviews WHERE product_id = ? AND visible = 1 ORDER BY created_at DESC, id DESC LIMIT 10', reviewed.id);
    expect([...reviews.querySelectorAll('.review__name')].map(text)).toEqual(first.map((r) => r.name));
    expect(JSON.parse(reviews.getAttribute('reviews')!)).toMatchObject({ total: reviewed.total, items: first.map((r) => ({ name: r.name })) });
    if (reviewed.total > 10) expect(reviews.querySelector('a.review-list__more')?.getAttribute('href')).toMatch(/#hodnotenia$/);

    // Watch, heart and cart: the no-JS link and forms of the product page.
    const id = String(sold[0].id);
    expect(article.querySelector('shop-watchdog-dialog a')?.getAttribute('href')).toBe(`/sledovanie-ceny/${id}`);
    const heart = article.querySelector(':scope > div > shop-favourite-button form')!;
    expect(heart.getAttribute('action')).toBe('/oblubene/pridat');
    expect(heart.querySelector<HTMLInputElement>('input[name="product_id"]')?.value).toBe(id);
    const cart = article.querySelector(':scope > div > shop-add-to-cart form')!;
    expect([cart.getAttribute('method'), cart.getAttribute('action')]).toEqual(['get', '/nakupny-kosik/pridat']);
    expect(cart.querySelector<HTMLInputElement>('input[name="product_id"]')?.value).toBe(id);

    // Polls: the plain POST form with the poll's choices (an ended one disabled), the chart's bars.
    const [vote, ended] = article.querySelectorAll('shop-vote');
    expect(vote.querySelector('form')?.getAttribute('action')).toBe(`/hlasovanie/${DEMO_VOTE}`);
    expect(vote.querySelectorAll('input[type="radio"][name="choice"]')).toHaveLength(4);
    expect(vote.querySelector('fieldset')?.hasAttribute('disabled')).toBe(false);
    expect(ended.getAttribute('inactive')).toBe('true');
    expect(ended.querySelector('fieldset')?.hasAttribute('disabled')).toBe(true);
    const rows = [...article.querySelectorAll('shop-vote-chart .vote-chart__row')];
    expect(rows.map((r) => [text(r.querySelector('.vote-chart__label')), r.querySelector('meter')?.getAttribute('value')])).toEqual([['Knihu', '12'], ['Spoločenskú hru', '9'], ['Zážitok', '17'], ['Oblečenie', '4']]);
  });

  it('leaves out what the shop does not show: hidden, unknown and unsold products', async () => {
    const { html, doc } = await page(guideUrl);
    expect(doc.querySelector(`.guide__body [data-product-id="${hidden}"]`)).toBeNull();
    expect(html).not.toContain('999999');
    const soldOut = sold[1].id;
    createGuide(shop.db, {
      categoryId: category.id,
      title: 'Skryté',
      slug: 'skryte-widgety',
      body: [
        `<shop-product-carousel product-ids="${hidden},999999"></shop-product-carousel>`,
        `<shop-review-list product-id="${hidden}"></shop-review-list>`,
        `<shop-watchdog-dialog product-id="${hidden}"></shop-watchdog-dialog>`,
        `<shop-favourite-button product-id="${hidden}"></shop-favourite-button>`,
        `<shop-add-to-cart product-id="${hidden}"></shop-add-to-cart>`,
        `<shop-add-to-cart product-id="${soldOut}"></shop-add-to-cart>`,
        '<shop-vote vote-id="AAAAAAAAAAAAAAAAAAAAAA"></shop-vote>',
        '<p>Text zostáva.</p>',
      ].join(''),
      publishedAt: new Date('2026-01-02T00:00:00Z'),
    });
    shop.db.$client.prepare('UPDATE products SET availability_days = -1 WHERE id = ?').run(soldOut);
    try {
      const hiddenGuide = await page(`/navody-inspiracie/${category.slug}/skryte-widgety`);
      expect(hiddenGuide.doc.querySelector('.guide__body')!.innerHTML.trim()).toBe('<p>Text zostáva.</p>');
    } finally {
      shop.db.$client.prepare('UPDATE products SET availability_days = 0 WHERE id = ?').run(soldOut);
    }
  });

  it('follows the catalogue: a new price shows at once (kept per catalogue version), and the page stays HTTP-cacheable', async () => {
    const before = await page(guideUrl);
    expect(before.response.headers.get('cache-control')).toMatch(/public.*s-maxage=/);
    const price = priceOf(sold[0].id);
    shop.db.$client.prepare('UPDATE product_prices SET price_b2c = ? WHERE product_id = ? AND shop_id = 1').run(price + 100, sold[0].id);
    try {
      const after = await page(guideUrl);
      const card = after.doc.querySelector(`shop-product-carousel [data-product-id="${sold[0].id}"] .product-card__price strong`);
      expect(text(card)).toBe(money(price + 100));
    } finally {
      shop.db.$client.prepare('UPDATE product_prices SET price_b2c = ? WHERE product_id = ? AND shop_id = 1').run(price, sold[0].id);
    }
  });

  it('draws each shop in its own currency and texts (the Czech shop in Kč, Czech)', async () => {
    // The Czech shop's address of the guide: its category's Czech slug (the guide has no Czech slug).
    const csCategory = one<{ slug: string }>("SELECT slug FROM category_texts WHERE category_id = ? AND locale = 'cs'", category.id).slug;
    const { doc } = await page(`/navody-inspiracie/${csCategory}/vsetky-widgety`, CZ);
    const card = doc.querySelector(`shop-product-carousel [data-product-id="${sold[0].id}"]`)!;
    expect(text(card.querySelector('.product-card__price strong'))).toBe(money(priceOf(sold[0].id, 2), 'CZK', 'cs'));
    expect(text(doc.querySelector('shop-add-to-cart .add-to-cart__button'))).toBe('Do košíku');
  });

  it('draws a grid review list with the texts cut as the widget cuts them, the whole text kept for no-JS', async () => {
    const long = one<{ text: string }>('SELECT text FROM reviews WHERE product_id = ? AND visible = 1 AND length(text) > 200 ORDER BY created_at DESC, id DESC LIMIT 1', reviewed.id);
    createGuide(shop.db, { categoryId: category.id, title: 'Mriežka', slug: 'mriezka-widgety', body: `<shop-review-list product-id="${reviewed.id}" layout="grid"></shop-review-list>`, publishedAt: new Date('2026-01-04T00:00:00Z') });
    const { doc } = await page(`/navody-inspiracie/${category.slug}/mriezka-widgety`);
    const list = doc.querySelector('shop-review-list[layout="grid"] .review-list--grid')!;
    expect(list.querySelector('.expandable')).toBeNull();
    expect(long, "a review over 200 characters").toBeTruthy();
    const text = [...list.querySelectorAll('.review__text--server')].find((p) => p.querySelector('.review__full')?.textContent === long.text)!;
    expect(text.querySelector('.review__cut')?.textContent).toMatch(/…\s*Čítať ďalej$/);
  });

  it('replaces a whole tag, whatever an editor left inside it, and keeps the text around it', async () => {
    const [a, b] = [sold[0].id, sold[2].id];
    createGuide(shop.db, {
      categoryId: category.id,
      title: 'Vnorené',
      slug: 'vnorene-widgety',
      body: `<p>pred</p><shop-add-to-cart product-id="${a}"><p>vnútri <shop-add-to-cart product-id="${b}"></shop-add-to-cart></p></shop-add-to-cart><p>po &amp; "úvodzovky"</p>`,
      publishedAt: new Date('2026-01-05T00:00:00Z'),
    });
    const { doc } = await page(`/navody-inspiracie/${category.slug}/vnorene-widgety`);
    const article = doc.querySelector('.guide__body')!;
    expect([...article.querySelectorAll('shop-add-to-cart')].map((el) => el.getAttribute('product-id'))).toEqual([String(a)]);
    expect([...article.querySelectorAll(':scope > p')].map(text)).toEqual(['pred', 'po & "úvodzovky"']);
    expect(article.textContent).not.toContain('vnútri');
  });

  it('draws the tags of a static post too', async () => {
    createStaticPost(shop.db, { shopId: 1, title: 'Akcia', slug: 'akcia-widgety', body: `<p>Akcia</p><shop-product-carousel product-ids="${sold[2].id}"></shop-product-carousel>` });
    const { doc } = await page('/akcia-widgety');
    expect(doc.querySelector(`.prose shop-product-carousel [data-product-id="${sold[2].id}"]`)).not.toBeNull();
  });

  it('keeps a locked guide locked: no widget content without the body', async () => {
    const locked = createGuide(shop.db, {
      categoryId: category.id,
      title: 'Za body',
      slug: 'za-body-widgety',
      body: `<shop-product-carousel product-ids="${sold[0].id}"></shop-product-carousel>`,
      obtainMode: 'points',
      obtainPrice: 100,
      publishedAt: new Date('2026-01-03T00:00:00Z'),
    });
    expect(locked).toBeGreaterThan(0);
    const { doc } = await page(`/navody-inspiracie/${category.slug}/za-body-widgety`);
    expect(doc.querySelector('shop-product-carousel')).toBeNull();
    expect(doc.querySelector('.guide-lock')).not.toBeNull();
  });
});

describe('the help page for editors', () => {
  it('lists every tag with its attributes and an example, translated', async () => {
    for (const [host, cookie, heading] of [[SK, undefined, 'Widgety v návodoch'], [SK, 'locale=en', undefined]] as const) {
      const { response, doc } = await page('/pomoc/widgety', host, cookie);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toMatch(cookie ? /./ : /public/);
      if (heading) expect(text(doc.querySelector('h1'))).toBe(heading);
      else expect(text(doc.querySelector('h1'))).not.toBe('Widgety v návodoch');
      for (const widget of ARTICLE_WIDGET_LIST) {
        const section = doc.getElementById(widget.tag)!;
        expect(section, widget.tag).not.toBeNull();
        expect([...section.querySelectorAll('tbody td:first-child code')].map(text)).toEqual(widget.attributes.map((a) => a.name));
        expect(text(section.querySelector('pre code'))).toBe(widget.example);
      }
    }
  });
});

/** CSP source matching for img-src, as the CSP spec does it for the sources our policy uses. */
function cspAllows(policy: string, src: string, origin: string): boolean {
  const directive = policy.split(';').map((d) => d.trim().split(/\s+/)).find(([name]) => name === 'img-src') ?? policy.split(';').map((d) => d.trim().split(/\s+/)).find(([name]) => name === 'default-src');
  const url = new URL(src, origin);
  for (const source of directive!.slice(1)) {
    if (source === "'self'" && url.origin === new URL(origin).origin) return true;
    if (source === 'data:' && url.protocol === 'data:') return true;
    const host = /^https:\/\/([a-z0-9.-]+)$/.exec(source);
    if (host && url.protocol === 'https:' && url.hostname === host[1] && url.port === '') return true;
  }
  return false;
}

describe('images in guides: one rule for the sanitiser and the CSP', () => {
  let withHosts: TestShop;
  beforeAll(() => {
    withHosts = createTestShop({ products: 0, env: { IMAGE_HOSTS: 'cdn.example.com, https://img.example.net' } });
  });
  afterAll(() => withHosts.close());

  const CANDIDATES = [
    '/data/blog/image/a.svg', '/static/images/logo.png', '/data/../moje/konto', '/api/session', 'relative.png', './a.png', '../a.png',
    'https://cdn.example.com/a.png', 'https://CDN.example.com/b.png', 'https://img.example.net/c/d.jpg?w=800#x', 'https://cdn.example.com:444/a.png',
    'https://cdn.example.com.evil.example/a.png', 'https://evil.example/a.png', 'https://evil.example/cdn.example.com/a.png', 'https://user:pw@cdn.example.com/a.png',
    'http://cdn.example.com/a.png', '//cdn.example.com/a.png', '/\\cdn.example.com/a.png', ' https://cdn.example.com/space.png ', 'https://cdn.example.com/a b.png',
    'data:image/png;base64,AAAA', 'javascript:alert(1)', 'blob:https://cdn.example.com/x', 'https://xn--cdn-example-7ib.com/a.png', 'ftp://cdn.example.com/a.png',
    '/data/%2e%2e/moje', 'https://cdn.example.com/%2e%2e/a.png', 'https://127.0.0.1/a.png', 'https://cdn.example.com./a.png',
  ];

  it('lets the CSP load every image the sanitiser keeps, and the sanitiser keeps those of our uploads and the listed hosts', async () => {
    const response = await withHosts.app.request('/', { headers: { host: SK } });
    const policy = response.headers.get('content-security-policy')!;
    expect(policy).toContain("img-src 'self' data: https://cdn.example.com https://img.example.net;");
    const origin = withHosts.config.origins.sk;
    const html = sanitizeArticle(CANDIDATES.map((src) => `<img src="${src.replace(/"/g, '&quot;')}" alt="">`).join(''), withHosts.config.imageHosts);
    const kept = [...parseHtml(html).querySelectorAll('img')].map((img) => img.getAttribute('src')!);
    expect(kept.length).toBeGreaterThanOrEqual(6);
    for (const src of kept) expect(cspAllows(policy, src, origin), src).toBe(true);
    expect(kept).toEqual(expect.arrayContaining(['/data/blog/image/a.svg', '/static/images/logo.png', 'https://cdn.example.com/a.png', 'https://cdn.example.com/b.png']));
    expect(kept.some((src) => /evil|http:|data:|javascript:|moje|api/.test(src))).toBe(false);
  });

  it('pages send that policy and the help page names the hosts; API answers keep theirs', async () => {
    const api = await withHosts.app.request('/api/session', { headers: { host: SK } });
    expect(api.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    const page = await withHosts.app.request('/pomoc/widgety', { headers: { host: SK } });
    expect(page.headers.get('content-security-policy')).toContain('https://img.example.net');
    expect(await page.text()).toContain('<code>https://img.example.net/…</code>');
  });
});
