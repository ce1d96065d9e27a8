import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG } from '../../server/db/seed/catalog-data';
import { GUIDE_PICTURES, LEAF_PICTURES } from '../../server/db/seed/product-pictures';
import { BLOG } from '../../server/db/seed/blog-data';
import { drawProductImage } from '../../server/media/placeholder-image';
import { PRODUCT_PICTURES, pictureElements, pictureFile } from '../../server/media/product-pictures';
import { createTestShop, type TestShop } from '../setup/test-app';
import { sql } from './catalog-helpers';

let shop: TestShop;
beforeAll(() => {
  shop = createTestShop({ products: 120 });
});
afterAll(() => shop.close());

describe('demo product pictures (issue 23: pictures that read as the product)', () => {
  it('name a drawing for every leaf of the demo catalogue', () => {
    const leaves = CATALOG.flatMap((root) => root.children.flatMap((child) => child.leaves.map((leaf) => leaf.name)));
    expect(leaves.filter((leaf) => !Object.hasOwn(LEAF_PICTURES, leaf))).toEqual([]);
  });

  it('name a drawing for every blog category, and the seeded guides carry it', () => {
    const leaves = BLOG.flatMap((root) => root.children.map((child) => child.name));
    expect(leaves.filter((leaf) => !Object.hasOwn(GUIDE_PICTURES, leaf))).toEqual([]);
    const guides = sql<{ image: string; category: string }>(shop, "SELECT b.image, c.name AS category FROM blog_posts b JOIN categories c ON c.id = b.category_id WHERE b.slug <> 'ukazka-widgetov-v-navode' LIMIT 20");
    expect(guides.length).toBeGreaterThan(5);
    for (const guide of guides) expect(guide.image).toMatch(new RegExp(`^g\\d{5}-${GUIDE_PICTURES[guide.category]}-1\\.svg$`));
    expect(drawProductImage(guides[0].image)).toContain(pictureElements(GUIDE_PICTURES[guides[0].category]));
  });

  it('draw the kind the file name says, in the product’s colour when it has one', () => {
    const pot = drawProductImage(pictureFile('p000007', { kind: 'cooking-pot', colour: '#DC2626' }, 1));
    expect(pot).toContain(pictureElements('cooking-pot'));
    expect(pot).toContain('fill="#dc2626"');
    const cake = drawProductImage(pictureFile('p000001', { kind: 'cake', colour: null }, 2));
    expect(cake).toContain(pictureElements('cake'));
    expect(cake).not.toContain(pictureElements('cooking-pot'));
    // The second picture of a product is turned; its tone is the product's, not the picture's.
    expect(cake).toContain('rotate(-8 300 285)');
    expect(drawProductImage(pictureFile('p000001', { kind: 'cake', colour: null }, 1)).slice(0, 200)).toBe(cake.slice(0, 200));
  });

  it('fall back to a plain silhouette for a name without a known kind', () => {
    for (const name of ['p000001-1.svg', 'p000001-nonsense-1.svg', 'darcek-semienka.svg']) {
      const svg = drawProductImage(name);
      expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 600 600"/);
      expect(Object.keys(PRODUCT_PICTURES).some((kind) => svg.includes(pictureElements(kind as keyof typeof PRODUCT_PICTURES)))).toBe(false);
    }
  });

  it('are what the seeded shop serves: each product’s pictures show its leaf’s kind, in its colour filter’s colour', async () => {
    const rows = sql<{ filename: string; leaf: string; colour: string | null }>(
      shop,
      `SELECT i.filename, c.name AS leaf, (SELECT json_extract(o.style, '$.background') FROM product_attribute_values v
          JOIN attribute_options o ON o.id = v.option_id JOIN attributes a ON a.id = o.attribute_id AND a.code = 'farba' WHERE v.product_id = p.id) AS colour
         FROM product_images i JOIN products p ON p.id = i.product_id JOIN categories c ON c.id = p.category_id WHERE p.parent_id IS NULL AND p.children_count = 0 ORDER BY i.id LIMIT 60`,
    );
    expect(rows.length).toBe(60);
    for (const row of rows) {
      const [, kind, hex] = /^p\d{6}-([a-z-]+?)(?:-([0-9a-f]{6}))?-\d+\.svg$/.exec(row.filename)!;
      expect(kind, row.filename).toBe(LEAF_PICTURES[row.leaf]);
      expect(hex ? `#${hex}` : null, row.filename).toBe(row.colour?.toLowerCase() ?? null);
    }
    const answer = await shop.app.request(`/data/product/image/medium/sk/${rows[0].filename}`);
    expect(answer.headers.get('content-type')).toBe('image/svg+xml');
    expect(await answer.text()).toBe(drawProductImage(rows[0].filename));
  });
});
