import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../server/db/client';
import { startFakeOidc, type FakeOidc } from '../setup/fake-oidc';
import { journey, launchBrowser, startShop, VIEWPORTS, type RunningShop } from './harness';
import { freePort } from '../setup/free-port';

let fake: FakeOidc;
let shop: RunningShop;
let browser: Browser;


beforeAll(async () => {
  fake = await startFakeOidc();
  const port = await freePort();
  [shop, browser] = await Promise.all([
    startShop({
      products: 20,
      env: {
        PORT: String(port),
        OAUTH_REDIRECT_BASE: `http://127.0.0.1:${port}`,
        GOOGLE_CLIENT_ID: fake.clientId,
        GOOGLE_CLIENT_SECRET: fake.clientSecret,
        GOOGLE_ISSUER: fake.issuer,
      },
    }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await fake?.close();
});

describe('social sign-in in Chromium', () => {
  const desktop = VIEWPORTS.find((v) => v.name === 'desktop')!;

  it('"Prihlásiť sa cez Google" on the sign-in page goes through the provider and lands on /moje/konto', () =>
    journey(browser, desktop, {}, async ({ page, context }) => {
      fake.user = { sub: 'e2e-google-1', email: 'Zuzana.Google@example.sk', email_verified: true };
      await page.goto(`${shop.url}/moje/prihlasenie`);
      const anonymous = (await context.cookies()).find((c) => c.name === 'sid')?.value;
      const link = page.getByRole('link', { name: 'Prihlásiť sa cez Google' });
      expect(await link.isVisible()).toBe(true);
      expect(await page.getByRole('link', { name: 'Prihlásiť sa cez Facebook' }).count()).toBe(0);

      await Promise.all([page.waitForURL(`${shop.url}/moje/konto`), link.click()]);
      // It went through the provider's authorize endpoint with PKCE.
      expect(fake.authorizeLog.at(-1)?.get('code_challenge_method')).toBe('S256');
      expect(fake.tokenLog.at(-1)).toEqual({ status: 200 });
      expect(await page.locator('main h1').count()).toBeGreaterThan(0);
      // The header greets the name before the at-sign, as after a password sign-in.
      expect(await page.locator('header').textContent()).toContain('zuzana.google');
      const signedIn = (await context.cookies()).find((c) => c.name === 'sid')?.value;
      expect(signedIn).toBeDefined();
      expect(signedIn).not.toBe(anonymous);

      const db = openDb(shop.dbFile);
      try {
        const row = db.$client
          .prepare('SELECT u.password_hash AS hash, o.provider AS provider FROM users u JOIN oauth_accounts o ON o.user_id = u.id WHERE u.email = ?')
          .get('zuzana.google@example.sk');
        expect(row).toEqual({ hash: null, provider: 'google' });
      } finally {
        db.$client.close();
      }
    }));
});
