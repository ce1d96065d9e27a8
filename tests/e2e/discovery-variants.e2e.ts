import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { journey, useShop, VIEWPORTS } from './harness';
import { consentGiven } from './discovery-helpers';

/**
 * Issue 3: the product list's grid/list switch on a product page's variants is remembered per
 * parent product, so a variant's sibling opens in the layout chosen on the first one.
 */
const s = useShop({ products: 2000 });

/** Two visible variants of one parent (their slugs, for their pages), from the server's DB file. */
function twoVariants(dbFile: string): [string, string] {
  const db = new Database(dbFile, { readonly: true });
  try {
    const rows = db
      .prepare(
        `SELECT v.slug FROM products v WHERE v.visible != 0 AND v.parent_id = (
           SELECT parent_id FROM products WHERE parent_id IS NOT NULL AND visible != 0 GROUP BY parent_id HAVING count(*) >= 2 ORDER BY parent_id LIMIT 1)
         ORDER BY v.position, v.id LIMIT 2`,
      )
      .all() as { slug: string }[];
    expect(rows, 'the demo catalogue has no parent with two visible variants').toHaveLength(2);
    return [rows[0].slug, rows[1].slug];
  } finally {
    db.close();
  }
}

describe("discovery: a product's variants", () => {
  for (const vp of VIEWPORTS) {
    it(`the variants' grid/list choice is kept for the parent, on every variant's page (${vp.name})`, () =>
      journey(s.browser, vp, {}, async ({ page, context }) => {
        await consentGiven(context, s.shop.url);
        const [first, sibling] = twoVariants(s.shop.dbFile);
        await page.goto(`${s.shop.url}/${first}`);
        const list = page.locator('.product-variants shop-product-list');
        // The page's own variant is marked in the list.
        expect(await list.locator('a.product-card__link[aria-current="page"]').count()).toBe(1);
        await list.scrollIntoViewIfNeeded();
        await list.hover();
        const switcher = list.locator('.layout-switch');
        await switcher.waitFor({ state: 'attached' });
        const drawn = list.locator('.product-list');
        const other = (await drawn.getAttribute('class'))!.includes('product-list--list') ? 'grid' : 'list';
        await switcher.getByRole('button', { name: other === 'grid' ? 'Mriežka' : 'Zoznam' }).click();
        await expect.poll(() => drawn.getAttribute('class')).toContain(`product-list--${other}`);

        // The sibling's page lists the same family: the choice comes with it.
        await page.goto(`${s.shop.url}/${sibling}`);
        await list.hover();
        await switcher.waitFor({ state: 'attached' });
        await expect.poll(() => drawn.getAttribute('class')).toContain(`product-list--${other}`);
        expect(await switcher.getByRole('button', { pressed: true }).getAttribute('title')).toBe(other === 'grid' ? 'Mriežka' : 'Zoznam');
      }));
  }
});
