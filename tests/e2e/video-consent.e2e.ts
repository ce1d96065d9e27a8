import Database from 'better-sqlite3';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journey, launchBrowser, screenshot, startShop, VIEWPORTS, type RunningShop } from './harness';
import { startFakePlayer, type FakePlayer } from '../fixtures/fake-youtube/server';

/**
 * Issue 22, "Done when": rejecting consent loads nothing optional; accepting marketing, a click plays
 * the product video on the page (the fake player page speaking YouTube's IFrame API messages, at
 * VIDEO_EMBED_ORIGIN) and a chapter click seeks it. At 375 and 1280 px, one browser.
 */
let fake: FakePlayer;
let shop: RunningShop;
let browser: Browser;
let product: { slug: string; chapters: { name: string; time: number }[] };

beforeAll(async () => {
  fake = await startFakePlayer();
  [shop, browser] = await Promise.all([startShop({ env: { VIDEO_EMBED_ORIGIN: fake.origin } }), launchBrowser()]);
  const db = new Database(shop.dbFile, { readonly: true });
  try {
    const row = db
      .prepare('SELECT p.slug, v.id AS video FROM products p JOIN product_videos v ON v.product_id = p.id WHERE p.visible != 0 ORDER BY p.id, v.position, v.id LIMIT 1')
      .get() as { slug: string; video: number };
    product = { slug: row.slug, chapters: db.prepare('SELECT name, time FROM video_chapters WHERE video_id = ? ORDER BY time, id').all(row.video) as { name: string; time: number }[] };
  } finally {
    db.close();
  }
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await fake?.close();
});

describe('videos and consent', () => {
  VIEWPORTS.forEach((vp) =>
    it(`rejecting loads nothing optional; marketing consent, a click plays the video, a chapter seeks it (${vp.name})`, () =>
      journey(browser, vp, {}, async ({ page, context }) => {
        const requests: string[] = [];
        context.on('request', (r) => requests.push(r.url()));
        const foreign = () => requests.filter((url) => !url.startsWith(shop.url) && !url.startsWith('data:'));

        await page.goto(`${shop.url}/${product.slug}`);
        const bar = page.locator('form.consent');
        await expect.poll(() => bar.isVisible()).toBe(true);
        await bar.getByRole('button', { name: 'Odmietnuť všetko' }).click();
        await expect.poll(() => bar.isVisible()).toBe(false);
        expect((await context.cookies()).find((c) => c.name === 'consent')?.value).toBe('a0m0');
        const consentSignals = await page.evaluate(() => (window.dataLayer ?? []).map((entry) => JSON.stringify(Array.from(entry as ArrayLike<unknown>))));
        expect(consentSignals[0]).toBe(JSON.stringify(['consent', 'default', { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' }]));

        // Rejected: the facade asks instead of loading the player.
        const video = page.locator('shop-video').first();
        await video.scrollIntoViewIfNeeded();
        await video.locator('.video__facade').click();
        await video.locator('.video__ask').waitFor();
        expect(await page.locator('iframe').count()).toBe(0);
        expect(foreign()).toEqual([]);
        await screenshot(page, `video-ask-${vp.name}`);

        // The footer's settings: marketing on, the video plays at once.
        await page.reload();
        await page.locator('footer a.consent-settings').click();
        const dialog = page.locator('dialog.consent-dialog');
        await dialog.waitFor();
        expect(await dialog.getByRole('switch', { name: /Nevyhnutné/ }).isDisabled()).toBe(true);
        await dialog.getByRole('switch', { name: /Marketingové/ }).check();
        await dialog.getByRole('button', { name: 'Uložiť výber' }).click();
        await dialog.waitFor({ state: 'hidden' });
        expect((await context.cookies()).find((c) => c.name === 'consent')?.value).toBe('a0m1');
        expect(foreign()).toEqual([]);

        const player = page.locator('shop-video-player').first();
        await player.scrollIntoViewIfNeeded();
        await player.locator('.video__facade').click();
        const frame = page.frameLocator('iframe.video__frame');
        await expect.poll(() => frame.locator('#state').textContent()).toBe('playing');
        expect(foreign().every((url) => url.startsWith(`${fake.origin}/embed/`))).toBe(true);

        const chapter = product.chapters.at(-1)!;
        await player.locator('button.video-player__chapter').last().click();
        await expect.poll(async () => Number(await frame.locator('#time').textContent())).toBeGreaterThanOrEqual(chapter.time);
        await expect.poll(() => player.locator('.video-player__chapter--current .video-player__chapter-name').textContent(), { timeout: 5000 }).toBe(chapter.name);
        await screenshot(page, `video-playing-${vp.name}`);
      })),
  );
});
