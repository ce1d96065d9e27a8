import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openDb } from '../../server/db/client';
import { DEMO_LIVE_STREAM, DEMO_RECORDED_STREAM } from '../../server/db/seed/streams';
import { hashSessionId, newSessionId } from '../../server/http/session';
import { journey, screenshot, useShop, VIEWPORTS } from './harness';
import { consentGiven } from './discovery-helpers';

/**
 * Issue 22, "Done when": two browsers on a live stream see each other's messages and likes within a
 * second (Server-Sent Events); a recorded stream shows a chapter when the player's time reaches it
 * (the player is another widget: its `shop-video:time` event is dispatched here).
 */
const s = useShop({ products: 30 });

/** A signed-in consumer's session written into the server's database, as its cookie on the context. */
async function signedIn(context: BrowserContext, email: string): Promise<void> {
  const db = openDb(s.shop.dbFile);
  const sid = newSessionId();
  try {
    const now = Date.now();
    const userId = db.$client.prepare('INSERT INTO users (email, roles, created_at) VALUES (?, ?, ?)').run(email, '["ROLE_CONSUMER"]', now).lastInsertRowid;
    db.$client.prepare('INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)').run(hashSessionId(sid), userId, now, now + 86_400_000);
  } finally {
    db.$client.close();
  }
  await context.addCookies([{ name: 'sid', value: sid, url: s.shop.url, sameSite: 'Lax' }]);
  await consentGiven(context, s.shop.url);
}

describe('live streams', () => {
  VIEWPORTS.forEach((vp) =>
    it(`two viewers see each other's messages and like; a recorded stream shows a chapter by the video time (${vp.name})`, () =>
      journey(s.browser, vp, {}, async ({ page, context }) => {
        const other = await s.browser.newContext({ viewport: { width: vp.width, height: vp.height } });
        try {
          await signedIn(context, `a-${vp.name}@example.sk`);
          await signedIn(other, `b-${vp.name}@example.sk`);
          const second = await other.newPage();
          await page.goto(`${s.shop.url}/live/${DEMO_LIVE_STREAM}`, { waitUntil: 'domcontentloaded' });
          await second.goto(`${s.shop.url}/live/${DEMO_LIVE_STREAM}`, { waitUntil: 'domcontentloaded' });
          // Both event connections are open once each page counts two viewers.
          for (const p of [page, second]) await expect.poll(() => p.locator('[data-count="count_user"]').textContent(), { timeout: 5000 }).toBe('2');

          const text = `Ahoj z ${vp.name} <b>`;
          await page.getByLabel('Správa').fill(text);
          await page.getByRole('button', { name: 'Odoslať' }).click();
          await expect.poll(() => second.locator('.stream-chat__text').allTextContents(), { timeout: 1500 }).toContain(text);

          const likes = Number(await page.locator('[data-count="count_like"]').textContent());
          await second.getByRole('button', { name: 'Páči sa mi' }).click();
          await expect.poll(() => page.locator('[data-count="count_like"]').textContent(), { timeout: 1500 }).toBe(String(likes + 1));
          expect(await second.getByRole('button', { name: 'Páči sa vám' }).isDisabled()).toBe(true);

          await second.getByLabel('Správa').fill(`Odpoveď ${vp.name}`);
          await second.getByRole('button', { name: 'Odoslať' }).click();
          await expect.poll(() => page.locator('.stream-chat__text').allTextContents(), { timeout: 1500 }).toContain(`Odpoveď ${vp.name}`);
          await screenshot(page, `streams-live-${vp.name}`);

          await page.goto(`${s.shop.url}/live/${DEMO_RECORDED_STREAM}`, { waitUntil: 'domcontentloaded' });
          expect(await page.locator('.stream-state').textContent()).toBe('Stream skončil');
          const guides = page.locator('.stream-chapter--guides');
          expect(await guides.isHidden()).toBe(true);
          // The player dispatches its time every second while playing; until the widget listens, the next one does it.
          await expect
            .poll(async () => {
              await page.evaluate(() => document.dispatchEvent(new CustomEvent('shop-video:time', { detail: { seconds: 31 }, bubbles: true })));
              return guides.isVisible();
            })
            .toBe(true);
          expect(await page.locator('.stream-chapter--rewards').isHidden()).toBe(true);
          await screenshot(page, `streams-recorded-${vp.name}`);
        } finally {
          await other.close();
        }
      })),
  );
});
