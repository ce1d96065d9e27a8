import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { journey, layoutShift, layoutShifts, readMenu, screenshot, useShop, VIEWPORTS, type Viewport } from './harness';
import { cardIds, cardPrices, consentGiven, expectListCount, inViewport, pathOf, planBrowse, productMenu, ShopApi, type BrowsePlan } from './discovery-helpers';

/**
 * Issue 3, "Done when": browse the menu to a category, filter it by an attribute and a price range
 * (the live count changes before Apply), page 2, a product and its gallery, Back to the product in
 * the list; search with and without diacritics; a guide with an editor-placed product carousel.
 * 2,000 products: a second-level category filtered by one option and a price range must still
 * fill more than one page of 12.
 */
const s = useShop({ products: 2000 });
let api: ShopApi;
let plan: BrowsePlan;

beforeAll(async () => {
  api = await ShopApi.open(s.shop.url);
  plan = await planBrowse(api, await productMenu(api));
});

/** Desktop: hover the root in the mega-menu, click the category in its panel. Phone: drawer drill-down. */
async function openCategoryThroughMenu(page: Page, vp: Viewport): Promise<void> {
  const { root, category } = plan;
  if (vp.name === 'desktop') {
    const roots = (await readMenu(page)).product;
    const item = page.locator('nav.mega-menu .mega-menu__part--product > .mega-menu__item').nth(roots.findIndex((r) => r.url === root.url));
    await item.locator('> a.mega-menu__link').hover();
    const panel = item.locator('.mega-menu__panel');
    await panel.waitFor({ state: 'visible' });
    await Promise.all([page.waitForURL(`${s.shop.url}${category.url}`), panel.getByRole('link', { name: category.name, exact: true }).click()]);
    return;
  }
  // The drawer's code loads on the first tap; the tap lands on the server's <summary> and the widget takes over open.
  await page.locator('shop-mobile-menu').locator('button[aria-expanded], summary').first().click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await drawer.waitFor({ state: 'visible' });
  // By accessible name, as a screen reader announces it: the category's name and nothing else.
  const press = (name: string) =>
    drawer
      .getByRole('button', { name, exact: true })
      .click({ timeout: 5000 })
      .catch(async (error: Error) => {
        throw new Error(`The drawer has no button named exactly "${name}"; its accessibility tree:\n${await drawer.ariaSnapshot()}\n${error.message}`);
      });
  await press(root.name);
  await press(category.name);
  const all = drawer.getByRole('link', { name: `Všetko z ${category.name}`, exact: true });
  await Promise.all([page.waitForURL(`${s.shop.url}${category.url}`), all.click()]);
}

describe('discovery: browse, filter, page, product, back', () => {
  for (const vp of VIEWPORTS) {
    it(`menu → category → filter (live count before apply) → page 2 → product gallery → back to the product (${vp.name})`, () =>
      journey(s.browser, vp, {}, async ({ page, context }) => {
        await consentGiven(context, s.shop.url);
        await page.goto(`${s.shop.url}/`);
        await openCategoryThroughMenu(page, vp);

        // The category page: breadcrumb ending in this category, a list of 12, the filter.
        const crumb = page.locator('nav.breadcrumb');
        expect(await crumb.isVisible()).toBe(true);
        expect((await crumb.locator('[aria-current="page"]').textContent())?.trim()).toBe(plan.category.name);
        expect(await crumb.getByRole('link', { name: plan.root.name, exact: true }).getAttribute('href')).toBe(plan.root.url);
        expect((await page.locator('h1').textContent())?.trim()).toBe(plan.category.name);
        await expectListCount(page, plan.total);
        const list = page.locator('shop-product-list');
        expect(await list.locator('.product-card').count()).toBe(12);

        // The filter's code comes with the first touch or hover (decision 166); collapsed on phones.
        // On a phone the first tap opens the server's <details> (or the widget's toggle if it came
        // first), and the widget keeps it open; the widget's toggle is a button, the server's a summary.
        const filter = page.locator('shop-category-filter');
        const toggle = filter.locator('button.category-filter__toggle');
        if (vp.name === 'phone') {
          expect(await filter.locator('form').isVisible()).toBe(false);
          await filter.locator('.category-filter__toggle').click();
        } else {
          await filter.hover();
        }
        await toggle.waitFor({ state: 'attached' });
        expect(await toggle.getAttribute('aria-expanded')).toBe('true');
        const form = filter.locator('form.category-filter');
        await form.waitFor({ state: 'visible' });
        const count = form.locator('.category-filter__count');
        await expect.poll(() => count.textContent()).toBe(`Nájdené produkty: ${plan.total}`);

        // Each change asks for a new count, before anything is applied.
        const categoryPath = pathOf(page);
        await form.locator(`input[type="checkbox"][name="${plan.code}"][value="${plan.key}"]`).check();
        await expect.poll(() => count.textContent()).toBe(`Nájdené produkty: ${plan.optionCount}`);
        await form.locator('input[name="price_min"]').fill(plan.priceText[0]);
        await form.locator('input[name="price_max"]').fill(plan.priceText[1]);
        await expect.poll(() => count.textContent(), { timeout: 5000 }).toBe(`Nájdené produkty: ${plan.expected}`);
        expect(pathOf(page)).toBe(categoryPath);
        await screenshot(page, `filter-${vp.name}`);

        // Apply: the canonical filtered address, and the list holds only what matches.
        const filtered = `/${plan.slug}/1/${plan.segment}`;
        await Promise.all([page.waitForURL((u) => decodeURIComponent(u.pathname) === filtered), form.getByRole('button', { name: 'Použiť' }).click()]);
        await page.waitForLoadState('load');
        await expectListCount(page, plan.expected);
        const page1 = await cardIds(list);
        expect(page1).toHaveLength(12);
        for (const id of page1) expect(plan.matching.has(id), `product ${id} on the filtered list does not match the filter`).toBe(true);
        for (const price of await cardPrices(list)) {
          expect(price).toBeGreaterThanOrEqual(plan.price[0]);
          expect(price).toBeLessThanOrEqual(plan.price[1]);
        }
        // The filter shows what is applied (the server's form until the widget comes).
        expect(await page.locator(`shop-category-filter input[name="${plan.code}"][value="${plan.key}"]`).isChecked()).toBe(true);

        // Page 2 through the paginator: the address's second segment, other cards.
        const paginator = list.locator('nav.paginator');
        await paginator.scrollIntoViewIfNeeded();
        // The list's code comes with the first hover; then the next page is swapped in place.
        await paginator.hover();
        await list.locator('.layout-switch').waitFor({ state: 'attached' });
        const page2Path = `/${plan.slug}/2/${plan.segment}`;
        await Promise.all([
          page.waitForURL((u) => decodeURIComponent(u.pathname) === page2Path),
          paginator.locator('a[data-page="2"]').first().click(),
        ]);
        // Swapped in place (skeletons while loading, cards without ids): wait for the new cards.
        await list.locator('[aria-busy="true"]').waitFor({ state: 'detached' });
        await expect.poll(async () => (await cardIds(list)).some((id) => !page1.includes(id))).toBe(true);
        const page2 = await cardIds(list);
        expect(page2.length).toBe(Math.min(12, plan.expected - 12));
        for (const id of page2) {
          expect(page1).not.toContain(id);
          expect(plan.matching.has(id), `product ${id} on page 2 does not match the filter`).toBe(true);
        }
        expect(await paginator.locator('[aria-current="page"]').textContent()).toBe('2');
        await expectListCount(page, plan.expected);

        // A product whose gallery has more than one picture, as far down the page as there is one,
        // so coming back to it needs a scroll.
        let chosen: { id: number; images: { url: string }[] } | null = null;
        for (const id of [...page2].reverse()) {
          const images = await api.get<{ url: string; thumbnail_url: string }[]>(`/api/product/${id}/images`);
          if (images.length > 1) {
            chosen = { id, images };
            break;
          }
        }
        expect(chosen, 'no product on page 2 has more than one image').not.toBeNull();
        const card = list.locator(`#product-${chosen!.id}`);
        const href = await card.locator('a.product-card__link').getAttribute('href');
        await card.scrollIntoViewIfNeeded();
        await Promise.all([page.waitForURL(`${s.shop.url}${href}`), card.locator('a.product-card__link').click()]);

        // The gallery: a thumbnail, then "next", change the main picture.
        const gallery = page.locator('shop-product-gallery');
        await gallery.scrollIntoViewIfNeeded();
        await gallery.hover();
        const enhanced = gallery.locator('.product-gallery--enhanced');
        await enhanced.waitFor({ state: 'visible' });
        const main = enhanced.locator('.product-gallery__main img');
        const urls = chosen!.images.map((i) => i.url);
        expect(await main.getAttribute('src')).toBe(urls[0]);
        const thumbs = enhanced.locator('.product-gallery__thumb');
        expect(await thumbs.count()).toBe(urls.length);
        await thumbs.nth(1).click();
        await expect.poll(() => main.getAttribute('src')).toBe(urls[1]);
        expect(await thumbs.nth(1).getAttribute('aria-current')).toBe('true');
        await enhanced.getByRole('button', { name: 'Ďalší obrázok' }).click();
        await expect.poll(() => main.getAttribute('src')).toBe(urls[2 % urls.length]);
        await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
        await screenshot(page, `gallery-${vp.name}`);

        // Back: the list's page 2, scrolled to the product (the list scrolls there after 800 ms).
        await page.goBack();
        expect(decodeURIComponent(new URL(page.url()).pathname)).toBe(page2Path);
        const back = page.locator(`shop-product-list #product-${chosen!.id}`);
        await back.waitFor({ state: 'attached' });
        await page.waitForTimeout(1500);
        const where = await inViewport(page, back);
        expect(where.inside, `#product-${chosen!.id} is not in the viewport after Back: ${where.box}`).toBe(true);
        await screenshot(page, `back-to-list-${vp.name}`);
      }));
  }
});

describe('discovery: the category page holds still', () => {
  for (const vp of VIEWPORTS) {
    it(`the list and the filter upgrade in the server's boxes: CLS ≤ 0.02 (${vp.name})`, () =>
      journey(s.browser, vp, {}, async ({ page, context }) => {
        await consentGiven(context, s.shop.url);
        await page.goto(`${s.shop.url}${plan.category.url}`);
        await page.waitForLoadState('networkidle');
        // Their code comes with the first hover or touch (decision 166); both take over then: the
        // list's layout switch and the filter's toggle button exist only then.
        await page.locator('shop-product-list').hover();
        await page.locator('shop-category-filter').hover();
        await page.locator('shop-product-list .layout-switch').waitFor({ state: 'attached' });
        await page.locator('shop-category-filter button.category-filter__toggle').waitFor({ state: 'attached' });
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
        const cls = await layoutShift(page);
        const layout = await page.locator('shop-product-list .product-list').getAttribute('class');
        // Issue 3: CLS ≤ 0.02 on category pages.
        expect(cls, `layout shift ${cls.toFixed(3)} while the widgets upgraded (list now "${layout}"): ${(await layoutShifts(page)).join(' | ')}`).toBeLessThanOrEqual(0.02);
      }));

    // A slow first paint can come while the parser is still inside the sort menu: the list tools must
    // already stand where the whole page puts them, whatever the select holds so far.
    it(`the list tools stand in the same boxes with the sort menu half parsed (${vp.name})`, () =>
      journey(s.browser, vp, {}, async ({ page }) => {
        await page.goto(`${s.shop.url}${plan.category.url}`);
        const boxes = () =>
          page.locator('form.list-tools > *').evaluateAll((fields) => fields.map((f) => JSON.stringify(f.getBoundingClientRect())));
        const whole = await boxes();
        expect(whole.length).toBeGreaterThanOrEqual(3);
        await page.locator('form.list-tools select[name="sort"]').evaluate((select: HTMLSelectElement) => {
          while (select.options.length > 1) select.remove(select.options.length - 1);
          select.options[0]!.text = '';
        });
        expect(await boxes()).toEqual(whole);
      }));
  }
});

describe('discovery: search', () => {
  for (const vp of VIEWPORTS) {
    for (const query of ['šľahačková', 'slahackova']) {
      it(`the header search finds product 1 for "${query}" (${vp.name})`, () =>
        journey(s.browser, vp, {}, async ({ page }) => {
          await page.goto(`${s.shop.url}/`);
          const input = page.locator('header form.search input[name="q"]');
          expect(await input.isVisible()).toBe(true);
          await input.fill(query);
          await Promise.all([
            page.waitForURL((u) => u.pathname === '/hladaj' && u.searchParams.get('q') === query),
            page.locator('header form.search button[type="submit"]').click(),
          ]);
          expect((await page.locator('h1').textContent())?.trim()).toBe(`Výsledky hľadania „${query}“`);
          const card = page.locator('shop-product-list #product-1');
          await card.waitFor({ state: 'visible' });
          expect((await card.locator('.product-card__name').textContent())?.trim()).toBe('Šľahačková torta – forma 24 cm');
          expect(await page.locator('header form.search input[name="q"]').inputValue()).toBe(query);
          // Ranked: the exact name is the first result.
          expect((await cardIds(page.locator('shop-product-list')))[0]).toBe(1);
          await page.waitForLoadState('networkidle');
        }));
    }
  }
});

describe('discovery: guides', () => {
  for (const vp of VIEWPORTS) {
    it(`a guide from the home page renders its body; the first guide's product carousel shows product cards (${vp.name})`, () =>
      journey(s.browser, vp, {}, async ({ page, context }) => {
        await consentGiven(context, s.shop.url);
        await page.goto(`${s.shop.url}/`);
        // A free guide: points and purchase guides show only their intro until obtained.
        const guideCard = page.locator('.guide-card:has(.guide-card__obtain--free) a.guide-card__link').first();
        await guideCard.scrollIntoViewIfNeeded();
        const title = (await guideCard.locator('.guide-card__title').textContent())?.trim();
        const href = await guideCard.getAttribute('href');
        expect(href).toMatch(/^\/navody-inspiracie\/[^/]+\/[^/]+$/);
        await Promise.all([page.waitForURL(`${s.shop.url}${href}`), guideCard.click()]);
        expect((await page.locator('h1.guide__title').textContent())?.trim()).toBe(title);
        const body = page.locator('.guide__body');
        expect(await body.isVisible()).toBe(true);
        expect(await body.locator('h2').count()).toBeGreaterThan(0);
        expect(((await body.innerText()) ?? '').length).toBeGreaterThan(200);
        expect(await page.locator('nav.breadcrumb [aria-current="page"]').textContent()).toBe(title);

        // The first guide carries an editor-placed <shop-product-carousel product-ids="…">.
        const first = await api.get<{ url: string; body: string }>('/api/blog/1');
        const ids = /<shop-product-carousel product-ids="([\d,]+)"/.exec(first.body)?.[1].split(',').map(Number);
        expect(ids?.length, 'the first guide has no product carousel').toBeGreaterThan(0);
        await page.goto(`${s.shop.url}${first.url}`);
        const carousel = page.locator('.guide__body shop-product-carousel');
        await carousel.scrollIntoViewIfNeeded();
        const cards = carousel.locator('.product-card');
        await cards.first().waitFor({ state: 'visible' });
        expect(await cardIds(carousel)).toEqual(ids);
        for (const name of await cards.locator('.product-card__name').allTextContents()) expect(name.trim()).not.toBe('');
        expect(await carousel.locator('.product-card a.product-card__link').first().getAttribute('href')).toMatch(/^\/[a-z0-9-]+$/);
        await page.waitForLoadState('networkidle');
        await screenshot(page, `guide-carousel-${vp.name}`);
      }));
  }
});
