import { describe, expect, it } from 'vitest';
import { journey, seedCart, themeAtFirstPaint, useShop, VIEWPORTS } from './harness';

const s = useShop();
const LIGHT = 'aura-light-pink';
const DARK = 'aura-dark-pink';

describe('header and footer widgets', () => {
  for (const vp of VIEWPORTS) {
    it(`the theme switch toggles data-theme and the choice survives a reload without a flash (${vp.name})`, () =>
      journey(s.browser, vp, { colorScheme: 'light' }, async ({ page }) => {
        await page.goto(`${s.shop.url}/`);
        const html = page.locator('html');
        expect(await html.getAttribute('data-theme')).toBe(LIGHT);
        const button = page.locator('shop-theme-switch button:not([disabled])');
        await button.waitFor({ state: 'visible' });

        await button.click();
        await expect.poll(() => html.getAttribute('data-theme')).toBe(DARK);
        expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe(DARK);

        await page.reload({ waitUntil: 'domcontentloaded' });
        expect(await themeAtFirstPaint(page)).toBe(DARK);
        expect(await html.getAttribute('data-theme')).toBe(DARK);
        await page.waitForLoadState('networkidle');
        expect(await html.getAttribute('data-theme')).toBe(DARK);

        await page.locator('shop-theme-switch button:not([disabled])').click();
        await expect.poll(() => html.getAttribute('data-theme')).toBe(LIGHT);
        await page.reload({ waitUntil: 'domcontentloaded' });
        expect(await themeAtFirstPaint(page)).toBe(LIGHT);
        await page.waitForLoadState('networkidle');
        expect(await html.getAttribute('data-theme')).toBe(LIGHT);
      }));

    it(`the cart button shows the count of the session's cart (${vp.name})`, () =>
      journey(s.browser, vp, {}, async ({ page, context }) => {
        const sid = seedCart(s.shop.dbFile, [2, 1]);
        await context.addCookies([{ name: 'sid', value: sid, url: s.shop.url, httpOnly: true, sameSite: 'Lax' }]);
        await page.goto(`${s.shop.url}/`);
        const count = page.locator('shop-cart-button .cart-button__count');
        expect((await count.textContent())?.trim()).toBe('3');
        await page.waitForLoadState('networkidle');
        // Still 3 once the widget has taken over from the server's fallback.
        expect((await count.textContent())?.trim()).toBe('3');
        expect(await page.locator('shop-cart-button a[href="/nakupny-kosik"]').isVisible()).toBe(true);
        // The server kept the cookie we gave it (no new session was issued).
        expect((await context.cookies(s.shop.url)).find((c) => c.name === 'sid')?.value).toBe(sid);
      }));

    it(`the copy button copies the e-mail address and shows it is done (${vp.name})`, () =>
      journey(s.browser, vp, {}, async ({ page, context }) => {
        await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: s.shop.url });
        await page.goto(`${s.shop.url}/`);
        // The consent bar floats over the bottom of the page until accepted (it covers the footer
        // on desktop), so accept it first, as a shopper would.
        await page.locator('form.consent').getByRole('button', { name: 'Odmietnuť všetko' }).click();
        await expect.poll(() => page.locator('form.consent').isVisible()).toBe(false);
        const widget = page.locator('shop-copy-button');
        // Footer widgets may be defined only once they scroll into view.
        await widget.scrollIntoViewIfNeeded();
        const button = widget.locator('button');
        await button.waitFor({ state: 'visible' });
        expect(await widget.locator('.copy-button--done').count()).toBe(0);
        await button.click();
        await widget.locator('.copy-button--done').waitFor({ state: 'attached', timeout: 5000 });
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('info@obchod.sk');
      }));
  }
});
