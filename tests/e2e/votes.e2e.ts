import { describe, expect, it } from 'vitest';
import { journey, screenshot, useShop, VIEWPORTS } from './harness';
import { consentGiven, readOutbox } from './discovery-helpers';

/**
 * Issue 22, "Done when": vote on the home page → the mail in the outbox → its link → "Potvrdiť hlas"
 * (the confirm-link directive answers in place) → the chart counts it; the same e-mail again gets
 * "Tento email už hlasoval.". Its own server: the journeys change the demo poll's counts.
 */
const s = useShop();

describe('votes', () => {
  VIEWPORTS.forEach((vp) =>
    it(`vote, confirm by the mailed link, the chart changes; a second vote is refused (${vp.name})`, () =>
      // The second vote's 409 is the answer the journey expects.
      journey(s.browser, vp, { allow: [/status of 409 .*\/api\/vote\/send/] }, async ({ page, context }) => {
        await consentGiven(context, s.shop.url);
        const email = `hlas-${vp.name}@example.sk`;
        await page.goto(`${s.shop.url}/`);
        const vote = page.locator('shop-vote').first();
        await vote.scrollIntoViewIfNeeded();
        // The first press loads the widget and is replayed on it (registry: replay).
        await vote.getByLabel('Zážitok').click();
        await expect.poll(() => vote.getByLabel('Zážitok').isChecked()).toBe(true);
        await vote.getByLabel('E-mail').fill(email);
        await vote.getByRole('button', { name: 'Hlasovať' }).click();
        await expect.poll(() => vote.locator('.vote__success').textContent()).toContain('Započíta sa až po potvrdení');
        expect(await vote.getByRole('button', { name: 'Hlasovať' }).isDisabled()).toBe(true);
        expect(new URL(page.url()).pathname).toBe('/');
        await screenshot(page, `votes-sent-${vp.name}`);

        await expect.poll(() => readOutbox(s.shop.outbox).filter((m) => m.to.includes(email)).length).toBe(1);
        const mail = readOutbox(s.shop.outbox).find((m) => m.to.includes(email))!;
        const link = /https?:\/\/[^\s]+\/hlasovanie\/potvrdit\/[A-Za-z0-9_-]{43}/.exec(mail.text)![0];
        await page.goto(`${s.shop.url}${new URL(link).pathname}`);
        const row = page.locator('.vote-chart__row', { hasText: 'Zážitok' });
        const before = Number(await row.locator('.vote-chart__sum').textContent());
        await page.getByRole('link', { name: 'Potvrdiť hlas' }).click();
        await expect.poll(() => page.locator('.confirm-link__notice--success').textContent()).toBe('Ďakujeme, váš hlas sme započítali.');
        expect(new URL(page.url()).pathname).toBe(new URL(link).pathname);
        await expect.poll(async () => Number(await row.locator('.vote-chart__sum').textContent())).toBe(before + 1);
        await screenshot(page, `votes-confirmed-${vp.name}`);

        await page.goto(`${s.shop.url}/`);
        const again = page.locator('shop-vote').first();
        await again.scrollIntoViewIfNeeded();
        await again.getByLabel('Knihu').click();
        await expect.poll(() => again.getByLabel('Knihu').isChecked()).toBe(true);
        await again.getByLabel('E-mail').fill(email);
        await again.getByRole('button', { name: 'Hlasovať' }).click();
        await expect.poll(() => again.locator('.vote__alert').textContent()).toBe('Tento email už hlasoval.');
      })),
  );

  const phone = VIEWPORTS.find((v) => v.name === 'phone')!;
  it('without JavaScript: the form posts, the mailed link and "Potvrdiť hlas" are plain pages that say the same', () =>
    journey(s.browser, phone, { javaScriptEnabled: false }, async ({ page, context }) => {
      await consentGiven(context, s.shop.url);
      const email = 'bez-js@example.sk';
      await page.goto(`${s.shop.url}/`);
      const vote = page.locator('shop-vote').first();
      await vote.getByLabel('Spoločenskú hru').check();
      await vote.getByLabel('E-mail').fill(email);
      await vote.getByRole('button', { name: 'Hlasovať' }).click();
      await page.waitForURL(/\/hlasovanie\/ukazkova-anketa-darcek$/);
      expect(await page.locator('.vote__success').textContent()).toContain('Započíta sa až po potvrdení');
      await expect.poll(() => readOutbox(s.shop.outbox).filter((m) => m.to.includes(email)).length).toBe(1);
      const link = /\/hlasovanie\/potvrdit\/[A-Za-z0-9_-]{43}/.exec(readOutbox(s.shop.outbox).find((m) => m.to.includes(email))!.text)![0];
      await page.goto(`${s.shop.url}${link}`);
      await page.getByRole('link', { name: 'Potvrdiť hlas' }).click();
      await page.waitForURL(/\/ano$/);
      expect(await page.locator('.vote__success').textContent()).toBe('Ďakujeme, váš hlas sme započítali.');
    }));
});
