import { describe, expect, it } from 'vitest';
import { journey, useShop, VIEWPORTS } from './harness';

const s = useShop();

/** Every page must work before (or without) its widgets: the server's fallbacks are real controls. */
describe('without JavaScript', () => {
  for (const vp of VIEWPORTS) {
    it(`the home page is complete and its fallbacks work (${vp.name})`, () =>
      journey(s.browser, vp, { javaScriptEnabled: false }, async ({ page }) => {
        const response = await page.goto(`${s.shop.url}/`);
        expect(response?.status()).toBe(200);
        expect(await page.locator('header a.logo').isVisible()).toBe(true);
        expect(await page.locator('header form.search input[name="q"]').isVisible()).toBe(true);
        expect(await page.locator('shop-cart-button a.cart-button[href="/nakupny-kosik"]').isVisible()).toBe(true);
        expect((await page.locator('.cart-button__count').textContent())?.trim()).toBe('0');
        expect(await page.locator('shop-theme-switch button').isVisible()).toBe(true);
        expect(await page.locator('.product-card').count()).toBeGreaterThan(0);
        expect(await page.locator('footer.site-footer a[href="/podmienky"]').isVisible()).toBe(true);
        expect(await page.locator('nav.mega-menu').isVisible()).toBe(vp.name === 'desktop');

        if (vp.name === 'phone') {
          const menu = page.locator('shop-mobile-menu details.mobile-menu');
          const fallback = menu.locator('nav.mobile-menu__fallback');
          expect(await fallback.isVisible()).toBe(false);
          await menu.locator('summary').click();
          expect(await menu.getAttribute('open')).not.toBeNull();
          await fallback.waitFor({ state: 'visible' });
          expect(await fallback.getByRole('link').count()).toBeGreaterThan(0);
          await menu.locator('summary').click();
          await fallback.waitFor({ state: 'hidden' });
        }

        const profile = page.locator('shop-profile-menu details.profile-menu');
        const panel = profile.locator('.profile-menu__panel');
        expect(await panel.isVisible()).toBe(false);
        await profile.locator('summary').click();
        await panel.waitFor({ state: 'visible' });
        for (const name of ['Obľúbené', 'Prihlásiť sa', 'Registrovať sa']) {
          expect(await panel.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
        }
        await profile.locator('summary').click();
        await panel.waitFor({ state: 'hidden' });
      }));

    it(`the cookie settings work as a page from the footer: switches posted, stored, shown again (${vp.name})`, () =>
      // Chromium asked for /favicon.ico once in this journey (the layout names an SVG icon); not yet explained, so allowed here only.
      journey(s.browser, vp, { javaScriptEnabled: false, allow: [/favicon\.ico/] }, async ({ page, context }) => {
        await page.goto(`${s.shop.url}/`);
        // Without JavaScript nothing optional can load, so the bar stays hidden (decision 243).
        expect(await page.locator('form.consent').isVisible()).toBe(false);
        await page.locator('footer').getByRole('link', { name: 'Nastavenia cookies' }).click();
        await page.waitForURL(/\/suhlas-cookies$/);
        await page.locator('.consent-page').getByLabel('Analytické').check();
        const [post] = await Promise.all([
          page.waitForResponse((r) => r.url().endsWith('/suhlas-cookies') && r.request().method() === 'POST'),
          page.locator('.consent-page').getByRole('button', { name: 'Uložiť výber' }).click(),
        ]);
        expect(post.status()).toBe(303);
        await page.waitForLoadState('load');
        expect(await page.locator('.consent-page__saved').isVisible()).toBe(true);
        expect((await context.cookies()).find((c) => c.name === 'consent')?.value).toBe('a1m0');
        expect(await page.locator('.consent-page').getByLabel('Analytické').isChecked()).toBe(true);
      }));

    it(`the footer's language switch, with a cart kept, returns to the page it was sent from (${vp.name})`, () =>
      journey(s.browser, vp, { javaScriptEnabled: false }, async ({ page }) => {
        await page.goto(`${s.shop.url}/`);
        await Promise.all([page.waitForURL((u) => u.pathname !== '/'), page.locator('.product-card a.product-card__link').first().click()]);
        const productPath = new URL(page.url()).pathname;
        // A cart makes the pages this shopper's own: the footer's forms then carry their token.
        await Promise.all([page.waitForURL((u) => u.pathname === '/nakupny-kosik'), page.locator('main form.add-to-cart button[type="submit"]').first().click()]);
        await page.goto(`${s.shop.url}${productPath}`);
        expect(await page.locator('input[form="language-form"][name="_csrf"]').count()).toBe(1);
        await page.locator('#language-select').selectOption('cs');
        const [post] = await Promise.all([
          page.waitForResponse((r) => new URL(r.url()).pathname === '/jazyk' && r.request().method() === 'POST'),
          page.locator('#language-form button[type="submit"]').click(),
        ]);
        expect(post.status()).toBe(303);
        await page.waitForLoadState('load');
        expect(new URL(page.url()).pathname).toBe(productPath);
        expect(await page.locator('html').getAttribute('lang')).toBe('cs');
        expect((await page.locator('.cart-button__count').textContent())?.trim()).toBe('1');
      }));

    it(`the search form posts q, proven by the browser, and lands on the results (${vp.name})`, () =>
      journey(s.browser, vp, { javaScriptEnabled: false }, async ({ page }) => {
        await page.goto(`${s.shop.url}/`);
        const input = page.locator('header form.search input[name="q"]');
        await input.fill('stôl');
        const [request, results] = await Promise.all([
          page.waitForRequest((r) => r.url() === `${s.shop.url}/hladaj` && r.method() === 'POST'),
          page.waitForResponse((r) => r.request().method() === 'GET' && new URL(r.url()).pathname === '/hladaj'),
          input.press('Enter'),
        ]);
        const body = new URLSearchParams(request.postData() ?? '');
        expect(body.get('q')).toBe('stôl');
        // Home is shared by anonymous visitors (decision 213): its form holds no token, and the
        // browser's Sec-Fetch-Site proves the post instead (decision 181).
        expect(body.get('_csrf')).toBe('');
        expect(await request.headerValue('sec-fetch-site')).toBe('same-origin');
        // POST → 303 → GET /hladaj?q=…: a linkable results page (403 would mean the CSRF check failed).
        expect((await request.response())?.status()).toBe(303);
        expect(results.status()).toBe(200);
        expect(new URL(page.url()).searchParams.get('q')).toBe('stôl');
        expect(await page.locator('header form.search input[name="q"]').inputValue()).toBe('stôl');
      }));
  }
});
