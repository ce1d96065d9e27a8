import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ARTICLE_WIDGET_LIST } from '../../server/content/article-widgets';
import { WIDGET_GUIDE_SLUG } from '../../server/db/seed/blog';
import { openDb } from '../../server/db/client';
import { axeViolations, journey, layoutShift, layoutShifts, screenshot, useShop, VIEWPORTS } from './harness';

/**
 * Issue 19: the demo guide with every tag editors may place (server/db/seed/blog.ts
 * seedWidgetGuide) works with and without JavaScript at 375 and 1280 px, and holds still while
 * its widgets upgrade (CLS ≤ 0.02).
 */

const s = useShop();
const guide = { url: '', product: 0, reviews: 0, carousel: [] as number[] };

beforeAll(() => {
  const db = openDb(s.shop.dbFile);
  try {
    const row = db.$client
      .prepare('SELECT b.slug, c.slug AS category, b.body FROM blog_posts b JOIN categories c ON c.id = b.category_id WHERE b.slug = ?')
      .get(WIDGET_GUIDE_SLUG) as { slug: string; category: string; body: string };
    guide.url = `/navody-inspiracie/${row.category}/${row.slug}`;
    for (const widget of ARTICLE_WIDGET_LIST) expect(row.body, `the demo guide has no <${widget.tag}>`).toMatch(new RegExp(`<${widget.tag}[ >]`));
    guide.product = Number(/<shop-add-to-cart product-id="(\d+)"/.exec(row.body)![1]);
    guide.carousel = /<shop-product-carousel product-ids="([\d,]+)"/.exec(row.body)![1].split(',').map(Number);
    const reviewed = Number(/<shop-review-list product-id="(\d+)"/.exec(row.body)![1]);
    guide.reviews = (db.$client.prepare('SELECT count(*) AS n FROM reviews WHERE product_id = ? AND visible = 1').get(reviewed) as { n: number }).n;
  } finally {
    db.$client.close();
  }
});

const consent = (url: string) => [{ name: 'consent', value: '1', url, sameSite: 'Lax' as const }];
const body = (page: Page) => page.locator('.guide__body');

/**
 * Brings each widget that draws by itself into the middle of the screen and waits until it has
 * drawn (and fetched what it fetches), so every upgrade happens in view, where a shift would count.
 * The others (cart, heart, watch) wait for the shopper's first touch (decision 166).
 */
const DRAWN: [string, string][] = [
  ['shop-product-carousel', '.carousel__button--next'],
  ['shop-copy-button', 'button:not([disabled])'],
  ['shop-video-player', 'button.video-player__chapter'],
  ['shop-review-list', '.review-list__layout-button:not([disabled])'],
  ['shop-banner-carousel', '.banner-carousel__track'],
];
async function visitWidgets(page: Page): Promise<void> {
  for (const [tag, drawn] of DRAWN) {
    await body(page).locator(tag).evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await body(page).locator(`${tag} ${drawn}`).first().waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  }
}

describe('widget tags in a guide', () => {
  for (const vp of VIEWPORTS) {
    it(`with JavaScript every widget draws, fetches and works, and nothing moves: CLS ≤ 0.02 (${vp.name})`, () =>
      journey(s.browser, vp, {}, async ({ page, context }) => {
        await context.addCookies(consent(s.shop.url));
        await page.goto(`${s.shop.url}${guide.url}`);
        await page.waitForLoadState('networkidle');
        // Each widget upgrades in view: the carousel's buttons (hidden on a phone, where the track is
        // swiped), the copy button, the video's chapter buttons, the review list's live switch, the banners.
        await visitWidgets(page);
        const carousel = body(page).locator('shop-product-carousel');
        const cls = await layoutShift(page);
        console.info(`guide widgets: CLS ${cls.toFixed(4)} at ${vp.width} px`);
        expect(cls, `layout shift ${cls.toFixed(3)}: ${(await layoutShifts(page)).join(' | ')}`).toBeLessThanOrEqual(0.02);
        await screenshot(page, `guide-widgets-${vp.name}`, { fullPage: true });

        // Carousel: the label, the editor's shown products, a turn of the track.
        expect((await carousel.locator('h2').textContent())?.trim()).toBe('Odporúčame');
        const ids = await carousel.locator('.product-card').evaluateAll((cards) => cards.map((c) => Number(c.getAttribute('data-product-id'))));
        expect(ids).toEqual(guide.carousel);
        const track = carousel.locator('.carousel__track');
        await track.scrollIntoViewIfNeeded();
        if (vp.name === 'desktop' && guide.carousel.length > 4) await carousel.locator('.carousel__button--next').click();
        else await track.evaluate((el) => el.scrollBy({ left: el.clientWidth, behavior: 'instant' }));
        await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);

        // Add to cart: the header's count follows.
        const count = page.locator('shop-cart-button .cart-button__count');
        const buy = body(page).locator(':scope > div > shop-add-to-cart');
        await buy.scrollIntoViewIfNeeded();
        await buy.locator('button.add-to-cart__button').click();
        await buy.locator('.add-to-cart--added').waitFor();
        await expect.poll(async () => (await count.textContent())?.trim()).toBe('1');

        // Favourite: the heart toggles (an anonymous visitor's are kept in local storage).
        const heart = body(page).locator(':scope > div > shop-favourite-button button.favourite-button__toggle');
        await heart.click();
        await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
        expect(await page.evaluate(() => localStorage.getItem('product.favorites'))).toContain(String(guide.product));
        await heart.click();
        await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('false');

        // Watchdog: the button opens its dialog; Escape closes it.
        await body(page).locator('shop-watchdog-dialog').getByText('Sledovať cenu a dostupnosť').click();
        const dialog = page.getByRole('dialog', { name: 'Sledovať cenu a dostupnosť' });
        await dialog.waitFor();
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });

        // Video: the placeholder (nothing from the provider yet), and a chapter is a button that
        // seeks the video on the page and becomes the current one (tests/e2e/video-consent.e2e.ts
        // plays it against the fake player).
        const video = body(page).locator('shop-video-player');
        await video.scrollIntoViewIfNeeded();
        // The placeholder: the server's link, or the widget's button once it has upgraded (either may be first).
        expect(await video.locator('shop-video .video__facade').first().isVisible()).toBe(true);
        const chapter = video.locator('button.video-player__chapter').nth(1);
        await chapter.click();
        await expect.poll(() => chapter.getAttribute('aria-current')).toBe('true');

        // Reviews: the first page from the server, the grid switch, the rest from the API.
        const reviews = body(page).locator('shop-review-list');
        expect(await reviews.locator('.review').count()).toBe(Math.min(10, guide.reviews));
        await reviews.getByRole('button', { name: 'Mriežka' }).click();
        await reviews.locator('.review-list--grid').waitFor();
        if (guide.reviews > 10) {
          await reviews.locator('button.review-list__more').click();
          await expect.poll(() => reviews.locator('.review').count()).toBe(Math.min(20, guide.reviews));
        }

        // Banner and copy button.
        // The banner carousel turns by itself: whichever slide shows has its image.
        expect(await body(page).locator('shop-banner-carousel .banner-carousel__slide:not([hidden]) img').isVisible()).toBe(true);
        expect(await body(page).locator('shop-copy-button code').textContent()).toMatch(/^OB-\d+$/);
      }));

    it(`without JavaScript the guide is complete: cards, reviews, video, links, and the cart form works (${vp.name})`, () =>
      journey(s.browser, vp, { javaScriptEnabled: false }, async ({ page, context }) => {
        await context.addCookies(consent(s.shop.url));
        await page.goto(`${s.shop.url}${guide.url}`);
        const carousel = body(page).locator('shop-product-carousel');
        expect(await carousel.locator('.product-card').count()).toBe(guide.carousel.length);
        expect(await carousel.locator('.product-card__price strong').first().textContent()).toMatch(/\d,\d\d\s€/);
        expect(await carousel.locator('.product-card img').first().evaluate((img: HTMLImageElement) => img.complete || img.loading === 'lazy')).toBe(true);
        const reviews = body(page).locator('shop-review-list');
        expect(await reviews.locator('.review').count()).toBe(Math.min(10, guide.reviews));
        // Whole texts: the collapse and its toggle are for scripting only (product-detail.css).
        expect(await reviews.locator('.expandable__toggle').first().isVisible()).toBe(false);
        expect(await reviews.locator('.expandable__content').first().evaluate((el) => el.scrollHeight <= el.clientHeight)).toBe(true);
        const facade = body(page).locator('shop-video-player a.video__facade');
        expect(await facade.getAttribute('href')).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}$/);
        expect(await body(page).locator('shop-video-player a.video-player__chapter').count()).toBeGreaterThan(1);
        expect(await body(page).locator('shop-watchdog-dialog a').getAttribute('href')).toBe(`/sledovanie-ceny/${guide.product}`);
        expect(await body(page).locator(':scope > div > shop-favourite-button form').getAttribute('action')).toBe('/oblubene/pridat');
        expect(await body(page).locator('shop-banner-carousel img').first().isVisible()).toBe(true);

        // The cart form: GET confirmation, then its POST; the cart holds the product.
        await body(page).locator(':scope > div > shop-add-to-cart input[name="quantity"]').fill('2');
        await Promise.all([page.waitForURL((u) => u.pathname === '/nakupny-kosik/pridat'), body(page).locator(':scope > div > shop-add-to-cart button[type="submit"]').click()]);
        await Promise.all([page.waitForLoadState('load'), page.locator('form.cart-add__form button[type="submit"]').click()]);
        await page.goto(`${s.shop.url}/nakupny-kosik`);
        expect((await page.locator('.cart-button__count').textContent())?.trim()).toBe('2');
      }));
  }

  it('the guide and the help page pass axe-core (WCAG 2 A and AA: no serious or critical violation) with every widget drawn (phone)', () =>
    // axe runs through the DevTools protocol (harness.ts), so the shop's CSP stays on and is checked too.
    journey(s.browser, VIEWPORTS[0], {}, async ({ page, context }) => {
      await context.addCookies(consent(s.shop.url));
      for (const path of [guide.url, '/pomoc/widgety']) {
        await page.goto(`${s.shop.url}${path}`);
        if (path === guide.url) await visitWidgets(page);
        const violations = await axeViolations(page);
        expect(violations, path).toEqual([]);
      }
    }));
});
