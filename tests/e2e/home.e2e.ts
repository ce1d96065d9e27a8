import { describe, expect, it } from 'vitest';
import { axeViolations, journey, layoutShift, layoutShifts, screenshot, scrollWidth, useShop, VIEWPORTS } from './harness';

const s = useShop();
const NOT_FOUND_RESOURCE = /Failed to load resource: the server responded with a status of 404/;

describe('home page', () => {
  for (const vp of VIEWPORTS) {
    it(`renders the header, menus for the width, footer and the consent bar (${vp.name})`, () =>
      journey(s.browser, vp, {}, async ({ page }) => {
        const response = await page.goto(`${s.shop.url}/`);
        expect(response?.status()).toBe(200);
        await page.waitForLoadState('networkidle');

        expect(await page.locator('html').getAttribute('lang')).toBe('sk');
        expect(await page.locator('header.site-header').isVisible()).toBe(true);
        expect(await page.locator('header a.logo').isVisible()).toBe(true);
        expect(await page.locator('header form.search input[name="q"]').isVisible()).toBe(true);
        expect(await page.locator('nav.mega-menu').isVisible()).toBe(vp.name === 'desktop');
        expect(await page.locator('shop-mobile-menu').isVisible()).toBe(vp.name === 'phone');
        expect(await page.locator('shop-cart-button').isVisible()).toBe(true);
        expect(await page.locator('.product-card').count()).toBeGreaterThan(0);
        const terms = page.locator('footer.site-footer a[href="/podmienky"]');
        expect(await terms.count()).toBe(1);
        expect(await terms.isVisible()).toBe(true);
        expect(await scrollWidth(page)).toBeLessThanOrEqual(vp.width);

        await screenshot(page, `home-${vp.name}`);
        await screenshot(page, `home-${vp.name}-full`, { fullPage: true });
        // Widgets upgrade inside the box of their server fallback: nothing should move.
        expect(await layoutShift(page), (await layoutShifts(page)).join(' | ')).toBeLessThan(0.1);

        // The bar is in every page, shown by the site entry until the shopper chooses (decision 243).
        const consent = page.locator('form.consent');
        await expect.poll(() => consent.isVisible()).toBe(true);
        await consent.getByRole('button', { name: 'Odmietnuť všetko' }).click();
        await expect.poll(() => consent.isVisible()).toBe(false);
        await page.reload();
        expect(await page.locator('form.consent').isVisible()).toBe(false);
      }));

    if (vp.name === 'desktop') {
      it('the mega menu lays out the product part the same before the blog part is parsed', () =>
        journey(s.browser, vp, {}, async ({ page }) => {
          await page.goto(`${s.shop.url}/`);
          const places = () =>
            page.locator('nav.mega-menu .mega-menu__part--product > .mega-menu__item').evaluateAll((items) =>
              items.map((item) => {
                const box = item.getBoundingClientRect();
                return `${Math.round(box.x)},${Math.round(box.y)}`;
              }),
            );
          const parsed = await places();
          expect(parsed.length).toBeGreaterThan(1);
          // Chromium may paint a document it has parsed only up to the product part: emptying the
          // blog part is that first paint. Had the items moved, they would have moved on screen too.
          await page.locator('nav.mega-menu .mega-menu__part--blog').evaluate((part) => part.replaceChildren());
          expect(await places()).toEqual(parsed);
        }));
    }

    it(`the banner carousel's code comes after the load, draws inside the first banner's box and turns (${vp.name})`, () =>
      journey(s.browser, vp, {}, async ({ page }) => {
        const chunks: string[] = [];
        page.on('request', (r) => {
          if (/\/build\/chunks\/banner-carousel\.element-[^/]*\.js$/.test(new URL(r.url()).pathname)) chunks.push(r.url());
        });
        await page.goto(`${s.shop.url}/`);
        await page.waitForLoadState('networkidle');
        // Decision 201: the server's first banner is all there is at load.
        expect(chunks).toEqual([]);
        const host = page.locator('shop-banner-carousel');
        expect(await host.locator('a.banner-carousel__slide').first().isVisible()).toBe(true);
        // The copy is text over the art (issue 23): legible (axe's contrast), inside its box, at every width.
        const copyFits = () =>
          host.locator('a.banner-carousel__slide:not([hidden])').evaluate((slide) => {
            const copy = slide.querySelector('.banner-carousel__copy');
            if (!copy) return 'no copy';
            const outer = slide.getBoundingClientRect();
            const inner = copy.getBoundingClientRect();
            const clipped = [...copy.children].filter((el) => el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().bottom > inner.bottom + 1);
            return inner.left >= outer.left && inner.right <= outer.right && inner.top >= outer.top && inner.bottom <= outer.bottom && clipped.length === 0 ? 'fits' : `overflows: ${clipped.map((el) => el.className).join(', ')}`;
          });
        const headline = await host.locator('.banner-carousel__headline').first().textContent();
        expect(headline).toBe('Jesenné pečenie so zľavou až 30 %');
        expect(await host.locator('a.banner-carousel__slide .banner-carousel__cta').first().isVisible()).toBe(true);
        expect(await copyFits()).toBe('fits');
        expect((await axeViolations(page)).filter((v) => v.includes('banner-carousel'))).toEqual([]);
        const box = await host.boundingBox();
        // Phones get the dots (no arrows); the second dot is "next" from the first banner.
        const next = vp.name === 'phone' ? host.locator('button.banner-carousel__dot').nth(1) : host.locator('button.banner-carousel__arrow--next');
        await next.waitFor({ state: 'visible', timeout: 10_000 });
        expect(chunks).toHaveLength(1);
        expect(await host.boundingBox()).toEqual(box);
        expect(await layoutShift(page), (await layoutShifts(page)).join(' | ')).toBeLessThan(0.02);
        expect(await host.locator('a.banner-carousel__slide:not([hidden]) .banner-carousel__headline').textContent()).toBe(headline);
        const label = async () => host.locator('a.banner-carousel__slide:not([hidden])').getAttribute('aria-label');
        const first = await label();
        await next.click();
        expect(await label()).not.toBe(first);
        expect(await copyFits()).toBe('fits');
        expect((await axeViolations(page)).filter((v) => v.includes('banner-carousel'))).toEqual([]);
        if (vp.name === 'phone') {
          await page.setViewportSize({ width: 320, height: 640 });
          expect(await copyFits()).toBe('fits');
          expect(await scrollWidth(page)).toBeLessThanOrEqual(320);
        }
      }));

    it(`a pointer on the banner before its time loads the carousel at once (${vp.name})`, () =>
      journey(s.browser, vp, {}, async ({ page }) => {
        await page.goto(`${s.shop.url}/`);
        const started = Date.now();
        await page.locator('shop-banner-carousel').hover();
        await page.locator('shop-banner-carousel button.banner-carousel__dot').first().waitFor({ state: 'visible' });
        expect(Date.now() - started).toBeLessThan(2500);
      }));

    it(`unknown paths show the Slovak 404 page (${vp.name})`, () =>
      journey(s.browser, vp, { allow: [NOT_FOUND_RESOURCE] }, async ({ page }) => {
        const response = await page.goto(`${s.shop.url}/neexistuje-xyz`);
        expect(response?.status()).toBe(404);
        expect(await page.locator('html').getAttribute('lang')).toBe('sk');
        expect((await page.locator('main h1').textContent())?.trim()).toBe('Stránka neexistuje');
        expect(await page.locator('header.site-header').isVisible()).toBe(true);
        expect(await page.locator('main a[href="/"]').count()).toBeGreaterThan(0);
      }));

    it(`the Czech shop answers on cz.localhost in Czech with prices in Kč (${vp.name})`, () =>
      journey(s.browser, vp, {}, async ({ page }) => {
        const response = await page.goto(`http://cz.localhost:${s.shop.port}/`);
        expect(response?.status()).toBe(200);
        expect(await page.locator('html').getAttribute('lang')).toBe('cs');
        expect(await page.locator('footer.site-footer a[href="/obchodni-podminky"]').count()).toBe(1);
        expect(await page.locator('footer.site-footer a[href="/podmienky"]').count()).toBe(0);
        const prices = await page.locator('.product-card__price').allTextContents();
        expect(prices.length).toBeGreaterThan(0);
        for (const price of prices) {
          expect(price).toContain('Kč');
          expect(price).not.toContain('€');
        }
        await page.waitForLoadState('networkidle');
      }));

    it(`the home page breaks no Content-Security-Policy rule (${vp.name})`, () =>
      journey(s.browser, vp, {}, async ({ page }) => {
        const response = await page.goto(`${s.shop.url}/`);
        const csp = response?.headers()['content-security-policy'] ?? '';
        expect(csp).toMatch(/script-src 'self' 'sha256-[^']+';/);
        await page.waitForLoadState('networkidle');
        // Wake every lazily defined widget (interaction-triggered ones included) before checking.
        await page.mouse.move(10, 10);
        await page.keyboard.press('Tab');
        await page.waitForLoadState('networkidle');
        const violations = await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
        expect(violations).toEqual([]);
      }));
  }
});
