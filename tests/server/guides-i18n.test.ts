import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setGuideTexts, setPageTexts } from '../../server/catalog/catalogue-texts';
import { createStaticPost } from '../../server/content/static-post.service';
import { createTestShop, type TestShop } from '../setup/test-app';
import { auditRows, signedInStaff, type StaffBrowser } from './admin.client';
import { CZ, get, sql } from './catalog-helpers';

/** Guides and static pages per locale (docs/decisions/248): the seed's texts, the shops' addresses, the back office. */
let shop: TestShop;
let editor: StaffBrowser;
type Guide = { id: number; title: string; slug: string; category: string; cs_category: string; cs_title: string; cs_slug: string; en_title: string };
let guide: Guide;

beforeAll(async () => {
  shop = createTestShop({ products: 10 });
  editor = await signedInStaff(shop, 'ROLE_EDITOR');
  [guide] = sql<Guide>(
    shop,
    `SELECT b.id, b.title, b.slug, c.slug AS category, ct.slug AS cs_category, cs.title AS cs_title, cs.slug AS cs_slug, en.title AS en_title
       FROM blog_posts b JOIN categories c ON c.id = b.category_id JOIN category_texts ct ON ct.category_id = c.id AND ct.locale = 'cs'
       JOIN blog_post_texts cs ON cs.post_id = b.id AND cs.locale = 'cs' JOIN blog_post_texts en ON en.post_id = b.id AND en.locale = 'en'
      WHERE b.visible = 1 ORDER BY b.id LIMIT 1`,
  );
});
afterAll(() => shop.close());

const path = (slug: string) => `/navody-inspiracie/${guide.category}/${slug}`;
/** The Czech shop's address: the Czech slug under the category's Czech slug. */
const csPath = (slug: string) => `/navody-inspiracie/${guide.cs_category}/${slug}`;
const alternates = (doc: Document) => [...doc.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]);

describe('guides and static pages per locale', () => {
  it('the seed wrote Czech and English texts for every guide and the static pages', () => {
    const [counts] = sql<{ guides: number; cs: number; en: number; pages: number }>(
      shop,
      `SELECT (SELECT count(*) FROM blog_posts) AS guides, (SELECT count(*) FROM blog_post_texts WHERE locale = 'cs' AND title IS NOT NULL AND slug IS NOT NULL AND body IS NOT NULL) AS cs,
              (SELECT count(*) FROM blog_post_texts WHERE locale = 'en' AND title IS NOT NULL) AS en, (SELECT count(*) FROM static_post_texts) AS pages`,
    );
    expect(counts.cs).toBe(counts.guides);
    expect(counts.en).toBe(counts.guides);
    expect(counts.pages).toBeGreaterThanOrEqual(12);
    expect(guide.cs_title).toMatch(/^(Jak|Nejčastější|\d+ tipů)/);
    // Widget tags are kept as they are in the translated bodies.
    const [carousel] = sql<{ n: number }>(shop, "SELECT count(*) AS n FROM blog_post_texts t JOIN blog_posts b ON b.id = t.post_id WHERE b.body LIKE '%<shop-product-carousel%' AND t.body NOT LIKE '%<shop-product-carousel%'");
    expect(carousel.n).toBe(0);
  });

  it('the Czech shop shows the Czech guide at its Czech address, 301s the Slovak one, and names both shops in hreflang', async () => {
    const page = await get(shop, csPath(guide.cs_slug), CZ);
    expect(page.status).toBe(200);
    expect(page.doc.querySelector('h1')?.textContent).toContain(guide.cs_title);
    expect(alternates(page.doc)).toContainEqual(['cs', `http://cz.localhost:3000${csPath(guide.cs_slug)}`]);
    expect(alternates(page.doc)).toContainEqual(['sk', `http://127.0.0.1:3000${path(guide.slug)}`]);

    // The Slovak address, or the Czech slug under the Slovak category, answers 301 to the Czech one.
    for (const slovak of [path(guide.slug), path(guide.cs_slug)]) {
      const old = await get(shop, slovak, CZ);
      expect(old.status).toBe(301);
      expect(old.location).toBe(csPath(guide.cs_slug));
    }
    // The Slovak shop keeps the Slovak address and title; the Czech address there leads to the Slovak one.
    const sk = await get(shop, path(guide.slug));
    expect(sk.status).toBe(200);
    expect(sk.doc.querySelector('h1')?.textContent).toContain(guide.title);
    expect((await get(shop, path(guide.cs_slug))).location).toBe(path(guide.slug));
    expect((await get(shop, csPath(guide.cs_slug))).location).toBe(path(guide.slug));
    // The guide's blog category is named in Czech on the Czech shop (category_texts), in Slovak here.
    const category = sql<{ cs: string; sk: string }>(shop, "SELECT t.name AS cs, c.name AS sk FROM categories c JOIN category_texts t ON t.category_id = c.id AND t.locale = 'cs' WHERE c.slug = ?", guide.category)[0];
    expect(category.cs).not.toBe(category.sk);
    expect(guide.cs_category).not.toBe(guide.category);
    expect(page.doc.querySelector('nav.breadcrumb')?.textContent).toContain(category.cs);
    expect(sk.doc.body.textContent).toContain(category.sk);
    // The category's own page: Czech name at its Czech address; the Slovak address answers 301.
    const list = await get(shop, `/${guide.cs_category}`, CZ);
    expect(list.status).toBe(200);
    expect(list.doc.querySelector('h1')?.textContent).toContain(category.cs);
    expect(list.doc.querySelector(`a[href="${csPath(guide.cs_slug)}"]`)).not.toBeNull();
    expect((await get(shop, `/${guide.category}/2`, CZ)).location).toBe(`/${guide.cs_category}/2`);
    expect((await get(shop, `/${guide.category}`, CZ)).location).toBe(`/${guide.cs_category}`);
    expect((await get(shop, `/${guide.category}`)).doc.querySelector('h1')?.textContent).toContain(category.sk);
    // Every guide link the Czech shop draws (home, a product page's guides) uses Czech category slugs.
    const czechSlugs = new Set(sql<{ slug: string }>(shop, "SELECT slug FROM category_texts WHERE locale = 'cs' AND slug IS NOT NULL").map((r) => r.slug));
    const [product] = sql<{ slug: string }>(shop, "SELECT COALESCE(t.slug, p.slug) AS slug FROM products p LEFT JOIN product_texts t ON t.product_id = p.id AND t.locale = 'cs' WHERE p.visible = 2 AND p.parent_id IS NULL ORDER BY p.id LIMIT 1");
    for (const at of ['/', `/${product.slug}`]) {
      const links = [...(await get(shop, at, CZ)).doc.querySelectorAll('a[href^="/navody-inspiracie/"]')].map((a) => a.getAttribute('href')!.split('/')[2]);
      expect(links.length, at).toBeGreaterThan(0);
      expect(links.filter((slug) => !czechSlugs.has(slug)), at).toEqual([]);
    }
  });

  it('shows English texts with locale=en and falls back to Slovak where a locale has none', async () => {
    const en = await get(shop, path(guide.slug), { cookie: 'locale=en' });
    expect(en.doc.querySelector('h1')?.textContent).toContain(guide.en_title);
    // German has no texts: the Slovak title. A Czech text without a title keeps its Czech slug.
    const de = await get(shop, path(guide.slug), { cookie: 'locale=de' });
    expect(de.doc.querySelector('h1')?.textContent).toContain(guide.title);
    const [other] = sql<{ id: number; title: string; slug: string }>(shop, 'SELECT b.id, b.title, t.slug FROM blog_posts b JOIN blog_post_texts t ON t.post_id = b.id AND t.locale = ? WHERE b.visible = 1 AND b.id != ? ORDER BY b.id LIMIT 1', 'cs', guide.id);
    setGuideTexts(shop.db, other.id, 'cs', { title: null });
    const [otherCategory] = sql<{ s: string }>(shop, "SELECT t.slug AS s FROM blog_posts b JOIN category_texts t ON t.category_id = b.category_id AND t.locale = 'cs' WHERE b.id = ?", other.id);
    const fallback = await get(shop, `/navody-inspiracie/${otherCategory.s}/${other.slug}`, CZ);
    expect(fallback.status).toBe(200);
    expect(fallback.doc.querySelector('h1')?.textContent).toContain(other.title);
    // The home page's newest guides and the JSON API read through the same joins.
    const api = await shop.app.request(`/api/blog/${guide.id}`, { headers: { ...CZ } });
    expect(((await api.json()) as { title: string }).title).toBe(guide.cs_title);
  });

  it('a shared static page answers its Czech slug on the Czech shop, 301s the Slovak one; a shop page is translated in place', async () => {
    const id = createStaticPost(shop.db, { shopId: null, title: 'Vernostný program', slug: 'vernostny-program', body: '<p>Body za nákupy.</p>' });
    setPageTexts(shop.db, id, 'cs', { title: 'Věrnostní program', slug: 'vernostni-program', body: '<p>Body za nákupy.</p><script>x()</script>' });
    const cz = await get(shop, '/vernostni-program', CZ);
    expect(cz.status).toBe(200);
    expect(cz.doc.querySelector('h1')?.textContent).toContain('Věrnostní program');
    expect(cz.html).not.toContain('<script>x()');
    expect(alternates(cz.doc)).toContainEqual(['sk', 'http://127.0.0.1:3000/vernostny-program']);
    expect((await get(shop, '/vernostny-program', CZ)).location).toBe('/vernostni-program');
    expect((await get(shop, '/vernostny-program')).status).toBe(200);
    // The Slovak shop's own contact page, in English for an English-speaking shopper.
    const contact = await get(shop, '/kontakt', { cookie: 'locale=en' });
    expect(contact.doc.querySelector('h1')?.textContent).toContain('Contact');
  });

  it("each shop's sitemap lists its own guide and page addresses", async () => {
    const cz = await (await shop.app.request('/sitemap.xml', { headers: CZ })).text();
    expect(cz).toContain(`http://cz.localhost:3000${csPath(guide.cs_slug)}<`);
    expect(cz).toContain(`http://cz.localhost:3000/${guide.cs_category}<`);
    expect(cz).not.toContain(`${path(guide.slug)}<`);
    expect(cz).toContain('http://cz.localhost:3000/vernostni-program<');
    const sk = await (await shop.app.request('/sitemap.xml', { headers: { host: '127.0.0.1:3000' } })).text();
    expect(sk).toContain(`http://127.0.0.1:3000${path(guide.slug)}<`);
  });

  it('the back office edits the Czech title in the guide form (audited); the next Czech request shows it', async () => {
    const form = await editor.get(`/admin/navody/${guide.id}`);
    expect(form.status).toBe(200);
    expect(form.doc!.querySelector('input[name="texts[cs][title]"]')?.getAttribute('value')).toBe(guide.cs_title);
    const fields: Record<string, string> = {};
    for (const el of form.doc!.querySelectorAll('form.admin-form input[name], form.admin-form textarea[name], form.admin-form select[name]')) {
      const name = el.getAttribute('name')!;
      if (name === '_csrf' || name === 'image' || (el.getAttribute('type') === 'checkbox' && !el.hasAttribute('checked'))) continue;
      fields[name] = el.tagName === 'TEXTAREA' ? (el.textContent ?? '') : el.tagName === 'SELECT' ? ((el as HTMLSelectElement).querySelector('option[selected]')?.getAttribute('value') ?? '') : (el.getAttribute('value') ?? '');
    }
    const wrong = await editor.form(`/admin/navody/${guide.id}`, { ...fields, 'texts[cs][slug]': 'Zlá Adresa' });
    expect(wrong.status).toBe(400);
    expect(wrong.doc!.querySelector('#f-texts-cs-slug-error')?.textContent).toContain('malé písmená');
    expect(wrong.doc!.querySelector('input[name="texts[cs][slug]"]')?.getAttribute('value')).toBe('Zlá Adresa');

    const saved = await editor.form(`/admin/navody/${guide.id}`, { ...fields, 'texts[cs][title]': 'Nový český název návodu', 'texts[hu][title]': 'Új magyar cím' });
    expect(saved.status).toBe(303);
    const audit = auditRows(shop, 'guide.update').at(-1)!;
    expect(JSON.stringify(audit)).toContain('Nový český název návodu');
    const page = await get(shop, csPath(guide.cs_slug), CZ);
    expect(page.doc.querySelector('h1')?.textContent).toContain('Nový český název návodu');
    const hu = await get(shop, path(guide.slug), { cookie: 'locale=hu' });
    expect(hu.doc.querySelector('h1')?.textContent).toContain('Új magyar cím');
  });
});
