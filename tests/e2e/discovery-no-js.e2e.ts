import { beforeAll, describe, expect, it } from 'vitest';
import { journey, useShop, VIEWPORTS } from './harness';
import { cardIds, cardPrices, consentGiven, expectListCount, parseMoney, planBrowse, productMenu, ShopApi, type BrowsePlan } from './discovery-helpers';

/**
 * Issue 3, "Done when": the discovery pages work with JavaScript disabled: the filter is a plain
 * form, the paginator plain links, the product page complete, search a POST, and the watchdog a
 * page form. 2,000 products, so that a filtered list has a second page (as in discovery-browse).
 */
const s = useShop({ products: 2000 });
let plan: BrowsePlan;
/** Chromium logs the status of a document answered 400 (the watch form sent back with its errors). */
const BAD_REQUEST_DOCUMENT = /Failed to load resource: the server responded with a status of 400/;

beforeAll(async () => {
  const api = await ShopApi.open(s.shop.url);
  plan = await planBrowse(api, await productMenu(api));
});

describe('discovery without JavaScript', () => {
  for (const vp of VIEWPORTS) {
    it(`category filter form → filtered canonical list → page 2 → product page (${vp.name})`, () =>
      journey(s.browser, vp, { javaScriptEnabled: false }, async ({ page, context }) => {
        await consentGiven(context, s.shop.url);
        const response = await page.goto(`${s.shop.url}${plan.category.url}`);
        expect(response?.status()).toBe(200);
        expect(await page.locator('nav.breadcrumb').isVisible()).toBe(true);
        await expectListCount(page, plan.total);
        const list = page.locator('shop-product-list');
        expect(await list.locator('.product-card').count()).toBe(12);

        // The server's form inside <shop-category-filter>: open from 576 px up; on phones it is
        // collapsed behind its <details> toggle (spec 2), which works without JavaScript.
        if (vp.name === 'phone') await page.locator('shop-category-filter details.category-filter-details > summary').click();
        const form = page.locator('shop-category-filter form.category-filter');
        expect(await form.isVisible()).toBe(true);
        await form.locator(`input[type="checkbox"][name="${plan.code}"][value="${plan.key}"]`).check();
        await form.locator('input[name="price_min"]').fill(plan.priceText[0]);
        await form.locator('input[name="price_max"]').fill(plan.priceText[1]);
        const filtered = `/${plan.slug}/1/${plan.segment}`;
        await Promise.all([page.waitForURL((u) => decodeURIComponent(u.pathname) === filtered), form.getByRole('button', { name: 'Použiť' }).click()]);
        await expectListCount(page, plan.expected);
        const page1 = await cardIds(list);
        expect(page1).toHaveLength(12);
        for (const id of page1) expect(plan.matching.has(id), `product ${id} does not match the filter`).toBe(true);
        for (const price of await cardPrices(list)) {
          expect(price).toBeGreaterThanOrEqual(plan.price[0]);
          expect(price).toBeLessThanOrEqual(plan.price[1]);
        }
        // The form shows what is applied.
        expect(await form.locator(`input[name="${plan.code}"][value="${plan.key}"]`).isChecked()).toBe(true);
        expect(parseMoney(await form.locator('input[name="price_min"]').inputValue())).toBe(plan.price[0]);
        expect(parseMoney((await form.locator('input[name="price_max"]').inputValue()).replace('.', ','))).toBe(plan.price[1]);

        // The paginator is a list of links.
        const page2Path = `/${plan.slug}/2/${plan.segment}`;
        await Promise.all([
          page.waitForURL((u) => decodeURIComponent(u.pathname) === page2Path),
          list.locator('nav.paginator a[rel="next"]').click(),
        ]);
        await expectListCount(page, plan.expected);
        const page2 = await cardIds(list);
        expect(page2.length).toBe(Math.min(12, plan.expected - 12));
        for (const id of page2) {
          expect(page1).not.toContain(id);
          expect(plan.matching.has(id)).toBe(true);
        }

        // The list's own order and search (issue 23): a GET form, the filter kept in the address.
        const tools = page.locator('form.list-tools');
        await tools.locator('select[name="sort"]').selectOption('price');
        await Promise.all([page.waitForURL((u) => u.search === '?sort=price'), tools.getByRole('button', { name: 'Zobraziť' }).click()]);
        expect(decodeURIComponent(new URL(page.url()).pathname)).toBe(filtered);
        await expectListCount(page, plan.expected);
        const ascending = await cardPrices(list);
        expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
        const code = (await list.locator('.product-card__code').first().textContent())!.trim();
        await tools.locator('input[name="q"]').fill(code.toLowerCase());
        await Promise.all([page.waitForURL((u) => u.searchParams.get('q') === code.toLowerCase()), tools.getByRole('button', { name: 'Zobraziť' }).click()]);
        await expectListCount(page, 1);
        expect(await tools.locator('select[name="sort"]').inputValue()).toBe('price');
        await Promise.all([page.waitForURL((u) => u.search === '?sort=price'), tools.getByRole('link', { name: 'Zrušiť hľadanie' }).click()]);
        await expectListCount(page, plan.expected);

        // A product: price, gallery pictures.
        const card = list.locator('.product-card').first();
        const href = await card.locator('a.product-card__link').getAttribute('href');
        const listed = parseMoney(await card.locator('.product-card__price strong').textContent());
        await Promise.all([page.waitForURL(`${s.shop.url}${href}`), card.locator('a.product-card__link').click()]);
        expect(parseMoney(await page.locator('.product-detail__current').textContent())).toBe(listed);
        expect(await page.locator('.product-detail__vat').textContent()).toBe('s DPH');
        const main = page.locator('shop-product-gallery .product-gallery__main img');
        expect(await main.isVisible()).toBe(true);
        await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      }));

    it(`search posts and lists results, a card's "Do košíka" comes back to them; product 1 shows reviews; the watch page form validates and saves (${vp.name})`, () =>
      journey(s.browser, vp, { javaScriptEnabled: false, allow: [BAD_REQUEST_DOCUMENT] }, async ({ page, context }) => {
        await consentGiven(context, s.shop.url);
        await page.goto(`${s.shop.url}/`);
        const input = page.locator('header form.search input[name="q"]');
        await input.fill('slahackova');
        const [post] = await Promise.all([
          page.waitForRequest((r) => new URL(r.url()).pathname === '/hladaj' && r.method() === 'POST'),
          page.waitForURL((u) => u.pathname === '/hladaj' && u.searchParams.get('q') === 'slahackova'),
          input.press('Enter'),
        ]);
        expect((await post.response())?.status()).toBe(303);
        const result = page.locator('shop-product-list #product-1');
        expect(await result.isVisible()).toBe(true);
        expect((await result.locator('.product-card__name').textContent())?.trim()).toBe('Šľahačková torta – forma 24 cm');

        // The card's "Do košíka" carries no return address (decision 199): the confirmation and the
        // cart lead back to these very results through the Referer.
        const results = page.url();
        const resultsPath = `${new URL(results).pathname}${new URL(results).search}`;
        expect(await result.locator('form.add-to-cart input[name="return_to"]').count()).toBe(0);
        await Promise.all([page.waitForURL((u) => u.pathname === '/nakupny-kosik/pridat'), result.locator('form.add-to-cart button[type="submit"]').click()]);
        expect(await page.getByRole('link', { name: 'Späť do obchodu' }).getAttribute('href')).toBe(resultsPath);
        await Promise.all([page.waitForURL((u) => u.pathname === '/nakupny-kosik'), page.locator('form.cart-add__form button[type="submit"]').click()]);
        expect(await page.locator('tr.cart-item#cart-item-1').count()).toBe(1);
        await Promise.all([page.waitForURL(results), page.getByRole('link', { name: 'Späť do obchodu' }).first().click()]);
        expect(await result.isVisible()).toBe(true);

        // The results' own order, a GET form without JS: the dearest first, the query kept.
        const sorter = page.locator('form.list-tools');
        await sorter.locator('select[name="sort"]').selectOption('-price');
        await Promise.all([
          page.waitForURL((u) => u.searchParams.get('sort') === '-price' && u.searchParams.get('q') === 'slahackova'),
          sorter.getByRole('button', { name: 'Zobraziť' }).click(),
        ]);
        const dearestFirst = await cardPrices(page.locator('shop-product-list'));
        expect(dearestFirst.length).toBeGreaterThan(1);
        expect(dearestFirst).toEqual([...dearestFirst].sort((a, b) => b - a));

        // Product 1 without JS: price, every gallery picture, reviews.
        await Promise.all([page.waitForURL((u) => u.pathname !== '/hladaj'), result.locator('a.product-card__link').click()]);
        expect((await page.locator('h1').textContent())?.trim()).toBe('Šľahačková torta – forma 24 cm');
        expect(await page.locator('.product-detail__current').textContent()).toMatch(/^\d[\d\s]*,\d{2}\s€$/);
        const pictures = page.locator('shop-product-gallery .product-gallery img');
        expect(await pictures.count()).toBeGreaterThan(1);
        const thumbs = page.locator('shop-product-gallery .product-gallery__thumb');
        expect(await thumbs.count()).toBeGreaterThan(1);
        expect(await thumbs.nth(1).getAttribute('href')).toMatch(/^\/data\/product\/image\//);
        const reviews = page.locator('#hodnotenia .review');
        expect(await reviews.count()).toBeGreaterThan(0);
        expect((await reviews.first().locator('.review__text').textContent())?.trim().length).toBeGreaterThan(0);

        // The watch: the server's link leads to the page form.
        const link = page.locator('shop-watchdog-dialog a.watchdog-slot__open');
        expect(await link.getAttribute('href')).toBe('/sledovanie-ceny/1');
        await Promise.all([page.waitForURL(`${s.shop.url}/sledovanie-ceny/1`), link.click()]);
        const form = page.locator('form.watchdog--page');
        const [empty] = await Promise.all([
          page.waitForResponse((r) => new URL(r.url()).pathname === '/sledovanie-ceny/1' && r.request().method() === 'POST'),
          form.getByRole('button', { name: 'Sledovať', exact: true }).click(),
        ]);
        expect(empty.status()).toBe(400);
        await page.waitForLoadState('load');
        expect(await page.locator('.watchdog__alert').count()).toBe(0);
        expect((await page.locator('#watchdog-available-error').textContent())?.trim()).toBe('Vyberte o čom chcete byt informovaný');
        expect((await page.locator('#watchdog-email-error').textContent())?.trim()).toBe('Nezadali ste email');

        await page.locator('form.watchdog--page input[name="price"]').check();
        await page.locator('form.watchdog--page input[name="price_value"]').fill('1,50');
        await page.locator('form.watchdog--page input[name="email"]').fill(`nojs-${vp.name}@example.sk`);
        const [saved] = await Promise.all([
          page.waitForResponse((r) => new URL(r.url()).pathname === '/sledovanie-ceny/1' && r.request().method() === 'POST'),
          page.locator('form.watchdog--page').getByRole('button', { name: 'Sledovať', exact: true }).click(),
        ]);
        expect(saved.status()).toBe(200);
        await page.waitForLoadState('load');
        expect((await page.getByRole('status').textContent())?.trim()).toBe('Budeme vás informovať e-mailom.');
      }));
  }
});
