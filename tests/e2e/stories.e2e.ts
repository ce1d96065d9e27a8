import sharp from 'sharp';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/accounts/password';
import { openDb } from '../../server/db/client';
import { consentGiven } from './discovery-helpers';
import { journey, scrollWidth, useShop, VIEWPORTS } from './harness';
import { enrolStaff, staffSignIn } from './staff-helpers';

/**
 * Issue 21, Rakeťák (docs/decisions/245): a story author writes a story with a picture and a linked
 * product and submits it; the operator approves it in /admin/pribehy; the home page's strip shows it
 * and its page shows the product card. At phone and desktop widths, one browser.
 */
const s = useShop({ products: 30, env: { UPLOADS_DIR: mkdtempSync(join(tmpdir(), 'obchod-e2e-stories-')) } });
const PASSWORD = 'Modrý kvetináč na balkóne 42';

/** An author (ROLE_STORY) and an admin with TOTP (./staff-helpers.ts), written to the server's DB file (WAL: safe while it runs). */
async function people(tag: string) {
  const db = openDb(s.shop.dbFile);
  try {
    const author = `autor.${tag}@example.sk`;
    db.$client
      .prepare("INSERT INTO users (email, password_hash, roles, status, created_at) VALUES (?, ?, '[\"ROLE_CONSUMER\",\"ROLE_STORY\"]', 'active', ?)")
      .run(author, await hashPassword(PASSWORD), Date.now());
    const admin = await enrolStaff(s.shop.dbFile, `admin.${tag}@obchod.sk`);
    const code = db.$client.prepare('SELECT code_public FROM products WHERE visible = 2 AND parent_id IS NULL ORDER BY id DESC LIMIT 1').pluck().get() as string;
    return { author, admin, code };
  } finally {
    db.$client.close();
  }
}

describe('Rakeťák', () => {
  // Both viewports' people are made (scrypt hashes) while the first journey runs.
  let made: Map<string, ReturnType<typeof people>> | undefined;
  const peopleFor = (name: string) => (made ??= new Map(VIEWPORTS.map((v) => [v.name, people(v.name)]))).get(name)!;
  for (const viewport of VIEWPORTS) {
    it(`${viewport.name}: an author submits a story with a picture, the operator approves it, the home page shows it`, () =>
      journey(s.browser, viewport, {}, async ({ page, context }) => {
        await consentGiven(context, s.shop.url);
        const who = await peopleFor(viewport.name);
        const title = `Piknik v parku ${viewport.name}`;

        await page.goto(`${s.shop.url}/moje/prihlasenie`);
        const signIn = page.locator('form.auth-form');
        await signIn.locator('[name="username"]').fill(who.author);
        await signIn.locator('[name="password"]').fill(PASSWORD);
        await Promise.all([page.waitForURL(/\/moje\/konto$/), signIn.locator('button[type="submit"]').click()]);
        expect(await page.locator('a[href="/moje/raketak"]').count()).toBeGreaterThan(0);

        await page.goto(`${s.shop.url}/moje/raketak`);
        await Promise.all([page.waitForURL(/\/moje\/raketak\/novy$/), page.locator('a[href="/moje/raketak/novy"]').click()]);
        const form = page.locator('form.story-form');
        await form.locator('[name="title"]').fill(title);
        await form.locator('[name="body"]').fill('Deka, košík a slnko.\nStačilo málo.');
        await form.locator('[name="products"]').fill(who.code);
        const picture = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#e83' } }).png().toBuffer();
        await form.locator('input[type="file"]').setInputFiles({ name: 'piknik.png', mimeType: 'image/png', buffer: picture });
        expect(await scrollWidth(page)).toBeLessThanOrEqual(viewport.width);
        await Promise.all([page.waitForURL(/\/moje\/raketak\?ok=odoslany/), form.locator('button[value="submit"]').click()]);
        const item = page.locator('.story-list__item', { hasText: title });
        expect(await item.locator('[data-field="status"]').textContent()).toBe('Čaká na schválenie');
        expect(await item.locator('img.story-list__image').getAttribute('src')).toMatch(/^\/data\/story\/image\/[A-Za-z0-9_-]{22}\.jpg$/);
        expect(await scrollWidth(page)).toBeLessThanOrEqual(viewport.width);

        await staffSignIn(page, s.shop.url, who.admin);
        await page.goto(`${s.shop.url}/admin/pribehy`);
        const waiting = page.locator('[data-story]', { hasText: title });
        await Promise.all([page.waitForURL(/\/admin\/pribehy\?ok=approved/), waiting.locator('button', { hasText: 'Schváliť' }).click()]);
        expect(await page.locator('[data-field="notice"]').textContent()).toBe('Príbeh je schválený a je na titulnej stránke.');

        await page.goto(`${s.shop.url}/`);
        const link = page.locator('.story-strip a', { hasText: title });
        await expect.poll(() => link.count()).toBe(1);
        expect(await scrollWidth(page)).toBeLessThanOrEqual(viewport.width);
        await Promise.all([page.waitForURL(/\/pribehy\/piknik-v-parku-/), link.click()]);
        expect(await page.locator('h1.story-page__title').textContent()).toBe(title);
        expect(await page.locator('.story-page .product-card').count()).toBe(1);
        expect(await page.locator('img.story-page__image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
        expect(await scrollWidth(page)).toBeLessThanOrEqual(viewport.width);
      }));
  }
});
