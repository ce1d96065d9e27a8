import type { Page } from 'playwright-core';

/** The password the journeys' shoppers sign up with (long enough for the shop's rule). */
export const SHOPPER_PASSWORD = 'modrá-lúka-nad-tatrami-7';

/**
 * Fills and sends the sign-up form at `origin` (as a seller when asked) and waits for where the shop
 * sends a new account: signed in at once (/moje/konto) or to sign in (/moje/prihlasenie, a seller
 * waiting for approval).
 */
export async function signUpThroughPage(page: Page, origin: string, email: string, options: { seller?: boolean } = {}): Promise<void> {
  await page.goto(`${origin}/registracia`);
  const form = page.locator('form.auth-form');
  await form.locator('[name="username"]').fill(email);
  await form.locator('[name="phone"]').fill('0905 123 456');
  await form.locator('[name="password"]').fill(SHOPPER_PASSWORD);
  await form.locator('[name="password2"]').fill(SHOPPER_PASSWORD);
  if (options.seller) await form.locator('[name="type"][value="seller"]').check();
  await Promise.all([page.waitForURL(/\/moje\/(prihlasenie|konto)/), form.locator('button[type="submit"]').click()]);
}
