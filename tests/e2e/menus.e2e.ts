import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { journey, readMenu, screenshot, useShop, VIEWPORTS, type MenuNode } from './harness';

const s = useShop();
const phone = VIEWPORTS.find((v) => v.name === 'phone')!;
const desktop = VIEWPORTS.find((v) => v.name === 'desktop')!;
const PROFILE_LINKS = ['Obľúbené', 'Prihlásiť sa', 'Registrovať sa'];

/** What a shopper presses to open a menu widget: its button once upgraded, else the fallback's <summary>. */
function opener(page: Page, tag: string): Locator {
  return page.locator(tag).locator('button[aria-expanded], summary').first();
}

function firstTapFailed(control: string, what: string) {
  return (error: Error) => {
    throw new Error(
      `The first press on ${control} (the server's <summary>, which also loads the widget) did not leave the ${what} open: ` +
        `the widget must take over in the state the fallback was left in.\n${error.message}`,
    );
  };
}

/** A product root with a child that has children of its own: two levels to drill into. */
function deepRoot(roots: MenuNode[]): { root: MenuNode; child: MenuNode } {
  for (const root of roots) {
    const child = root.children.find((c) => c.children.length > 0);
    if (child) return { root, child };
  }
  throw new Error('the demo catalogue has no category two levels deep in the menu');
}

describe('menus', () => {
  it('phone: the hamburger opens a drawer that drills down two levels, goes back, and goes home', () =>
    journey(s.browser, phone, {}, async ({ page }) => {
      // Start away from "/" so that "Domov" has somewhere to go.
      await page.goto(`${s.shop.url}/?from=e2e`);
      const { root, child } = deepRoot((await readMenu(page)).product);
      // The widget loads on first interaction: the tap lands on the server's <summary>, and the
      // widget, once loaded, takes over already open.
      await opener(page, 'shop-mobile-menu').click();
      const drawer = page.getByRole('dialog', { name: 'Menu' });
      await drawer.waitFor({ state: 'visible' }).catch(firstTapFailed('the hamburger', 'drawer'));
      const toggle = page.locator('shop-mobile-menu button[aria-expanded]');
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      expect(await drawer.getByRole('searchbox').isVisible()).toBe(true);
      expect(await drawer.getByRole('button', { name: 'Späť' }).count()).toBe(0);

      await drawer.getByRole('button', { name: root.name, exact: true }).click();
      await drawer.getByRole('button', { name: child.name, exact: true }).waitFor({ state: 'visible' });
      expect(await drawer.getByRole('link', { name: `Všetko z ${root.name}`, exact: true }).getAttribute('href')).toBe(root.url);
      expect(await drawer.innerText()).not.toMatch(/[{}]/);
      for (const sibling of root.children) {
        const role = sibling.children.length > 0 ? 'button' : 'link';
        expect(await drawer.getByRole(role, { name: sibling.name, exact: true }).isVisible()).toBe(true);
      }

      await drawer.getByRole('button', { name: child.name, exact: true }).click();
      const grandchild = child.children[0];
      await drawer.getByRole('link', { name: grandchild.name, exact: true }).waitFor({ state: 'visible' });
      await screenshot(page, 'drawer-phone');
      expect(await drawer.getByRole('link', { name: grandchild.name, exact: true }).getAttribute('href')).toBe(grandchild.url);

      await drawer.getByRole('button', { name: 'Späť' }).click();
      await drawer.getByRole('button', { name: child.name, exact: true }).waitFor({ state: 'visible' });
      expect(await drawer.getByRole('link', { name: grandchild.name, exact: true }).count()).toBe(0);

      await Promise.all([page.waitForURL(`${s.shop.url}/`), drawer.getByRole('link', { name: 'Domov' }).click()]);
      expect(await page.getByRole('dialog').count()).toBe(0);
    }));

  it('phone: Escape closes the drawer and gives focus back to the hamburger', () =>
    journey(s.browser, phone, {}, async ({ page }) => {
      await page.goto(`${s.shop.url}/`);
      await opener(page, 'shop-mobile-menu').click();
      const drawer = page.getByRole('dialog', { name: 'Menu' });
      await drawer.waitFor({ state: 'visible' }).catch(firstTapFailed('the hamburger', 'drawer'));
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });
      const toggle = page.locator('shop-mobile-menu button[aria-expanded]');
      expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      // Opens again from the widget's own button.
      await toggle.click();
      await drawer.waitFor({ state: 'visible' });
    }));

  it('phone: a press held while the menu\'s code arrives opens the drawer on release', () =>
    journey(s.browser, phone, {}, async ({ page }) => {
      // The code comes while the button is held down: the widget must not swap the <summary> away
      // under the press, or the release's click lands on neither and the tap is lost.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/build\/chunks\/mobile-menu\.element-[^/]*\.js$/, async (route) => {
        await released;
        await route.continue();
      });
      await page.goto(`${s.shop.url}/`);
      const summary = page.locator('shop-mobile-menu summary');
      const box = (await summary.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      release();
      await page.evaluate(() => customElements.whenDefined('shop-mobile-menu'));
      // Time enough for the first render, had nothing held it back.
      await page.waitForTimeout(300);
      expect(await summary.count()).toBe(1);
      await page.mouse.up();
      const drawer = page.getByRole('dialog', { name: 'Menu' });
      await drawer.waitFor({ state: 'visible' }).catch(firstTapFailed('the hamburger, held down,', 'drawer'));
      expect(await page.locator('shop-mobile-menu button[aria-expanded]').getAttribute('aria-expanded')).toBe('true');
    }));

  it('desktop: hovering a product root shows its mega-menu panel with its children', () =>
    journey(s.browser, desktop, {}, async ({ page }) => {
      await page.goto(`${s.shop.url}/`);
      const roots = (await readMenu(page)).product;
      const index = roots.findIndex((r) => r.children.length > 0);
      expect(index).toBeGreaterThanOrEqual(0);
      const root = roots[index];
      const items = page.locator('nav.mega-menu .mega-menu__part--product > .mega-menu__item');
      const item = items.nth(index);
      expect((await item.locator('> a.mega-menu__link').textContent())?.trim()).toBe(root.name);
      const panel = item.locator('.mega-menu__panel');
      expect(await panel.isVisible()).toBe(false);

      await item.locator('> a.mega-menu__link').hover();
      await panel.waitFor({ state: 'visible' });
      // It fades in: wait for the end of the transition so the screenshot shows it.
      await expect.poll(() => panel.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
      await screenshot(page, 'mega-menu-desktop');
      for (const child of root.children) {
        expect(await panel.getByRole('link', { name: child.name, exact: true }).isVisible()).toBe(true);
      }
      // Only the hovered root's panel is open.
      const open = await page.locator('nav.mega-menu .mega-menu__panel').evaluateAll((panels) => panels.filter((p) => getComputedStyle(p).visibility === 'visible').length);
      expect(open).toBe(1);

      await page.mouse.move(640, 790);
      await panel.waitFor({ state: 'hidden' });
    }));

  for (const vp of VIEWPORTS) {
    it(`the profile menu shows the signed-out links in a ${vp.name === 'desktop' ? 'popover' : 'drawer'} (${vp.name})`, () =>
      journey(s.browser, vp, {}, async ({ page }) => {
        await page.goto(`${s.shop.url}/`);
        await opener(page, 'shop-profile-menu').click();
        const button = page.locator('shop-profile-menu button[aria-expanded="true"]');
        await button.waitFor({ state: 'visible' }).catch(firstTapFailed('the profile button', 'menu'));

        const controls = await button.getAttribute('aria-controls');
        expect(controls).toBeTruthy();
        const panel = page.locator(`[id="${controls}"]`);
        await panel.waitFor({ state: 'visible' });
        await screenshot(page, `profile-${vp.name}`);
        for (const name of PROFILE_LINKS) {
          expect(await panel.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
        }
        // The drawer slides in (0.2 s): measure where it comes to rest, not mid-slide.
        await panel.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
        const box = await panel.boundingBox();
        expect(box).not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(vp.width);
        if (vp.name === 'desktop') {
          // A popover beside its button, not a modal: no dialog covers the page.
          expect(await page.getByRole('dialog').count()).toBe(0);
          expect(await panel.evaluate((el) => el.closest('shop-profile-menu') !== null)).toBe(true);
        } else {
          expect(await panel.getAttribute('role')).toBe('dialog');
          expect(await page.getByRole('dialog', { name: 'Profil' }).count()).toBe(1);
        }

        await page.keyboard.press('Escape');
        await panel.waitFor({ state: 'detached' });
        const closed = page.locator('shop-profile-menu button[aria-expanded]');
        expect(await closed.getAttribute('aria-expanded')).toBe('false');
        // Opens again from the widget's own button.
        await closed.click();
        await page.locator(`[id="${await closed.getAttribute('aria-controls')}"]`).getByRole('link', { name: PROFILE_LINKS[0] }).waitFor();
      }));
  }
});
