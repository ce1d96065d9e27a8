import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guideById } from '../../server/content/blog.service';
import { createGuide } from '../../server/content/blog-write.service';
import { createTestShop, type TestShop } from '../setup/test-app';
import { parseHtml } from '../setup/html';
import { session as firstVisit } from './catalog-helpers';

let shop: TestShop;
const SK = '127.0.0.1:3000';
const CZ = 'cz.localhost:3000';

interface Cat {
  id: number;
  slug: string;
  name: string;
  parent_id: number | null;
  path: string;
}

const all = <T>(sql: string, ...params: unknown[]) => shop.db.$client.prepare(sql).all(...params) as T[];
const one = <T>(sql: string, ...params: unknown[]) => shop.db.$client.prepare(sql).get(...params) as T;

let root: Cat;
let leaf: Cat;
let session: { sid: string; csrf: string };

beforeAll(async () => {
  shop = createTestShop({ products: 300 });
  root = one<Cat>("SELECT * FROM categories WHERE type = 'blog' AND parent_id IS NULL ORDER BY position LIMIT 1");
  leaf = one<Cat>("SELECT * FROM categories WHERE parent_id = ? ORDER BY position LIMIT 1", root.id);
  session = await firstVisit(shop);
});
afterAll(() => shop.close());

async function page(path: string, host = SK) {
  const response = await shop.app.request(path, { headers: { host }, redirect: 'manual' });
  const html = await response.text();
  return { response, html, doc: parseHtml(html) };
}

async function api(path: string, init: { method?: string; json?: unknown; form?: Record<string, string>; headers?: Record<string, string>; host?: string } = {}) {
  const headers: Record<string, string> = { host: init.host ?? SK, cookie: `sid=${session.sid}`, ...init.headers };
  let body: string | undefined;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    headers['x-csrf-token'] = session.csrf;
    body = JSON.stringify(init.json);
  } else if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams({ _csrf: session.csrf, ...init.form }).toString();
  }
  const response = await shop.app.request(path, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body });
  return { status: response.status, type: response.headers.get('content-type') ?? '', body: (await response.json()) as any };
}

describe('blog category pages', () => {
  it('lists the guides of a blog category and its children with breadcrumb, filter and obtain labels', async () => {
    const { response, doc } = await page(`/${root.slug}`);
    expect(response.status).toBe(200);
    expect(doc.querySelector('h1')?.textContent).toBe(root.name);
    expect(doc.querySelector('.breadcrumb [aria-current="page"]')?.textContent).toBe(root.name);
    const total = one<{ n: number }>(
      "SELECT count(*) AS n FROM blog_posts b JOIN categories c ON c.id = b.category_id WHERE b.visible = 1 AND c.path LIKE ?",
      `${root.path}%`,
    ).n;
    expect(doc.querySelectorAll('.guide-card').length).toBe(Math.min(12, total));
    expect(doc.querySelector('.blog-list__count')?.textContent).toContain(String(total));
    const options = [...doc.querySelectorAll<HTMLInputElement>('.blog-filter input[name="kategoria"]')].map((i) => i.value);
    const children = all<Cat>('SELECT * FROM categories WHERE parent_id = ? ORDER BY position', root.id).map((c) => c.slug);
    expect(options).toEqual(children);
    expect(doc.querySelector('.blog-filter__count')?.textContent).toMatch(/\(\d+\)/);
    const labels = [...doc.querySelectorAll('.guide-card__obtain')].map((a) => a.textContent);
    expect(labels.every((l) => l === 'Kúpiť' || l === 'Získať zadarmo' || /^Získať za \d+ bodov$/.test(l ?? ''))).toBe(true);
    expect(doc.querySelector('.guide-card a')?.getAttribute('href')).toMatch(/^\/navody-inspiracie\/[a-z0-9-]+\/[a-z0-9-]+$/);
  });

  it('pages by 12 with /{slug}/{page}, canonical per page, 301 for page 1 and 404 past the end', async () => {
    const before = one<{ n: number }>('SELECT count(*) AS n FROM blog_posts WHERE category_id = ?', leaf.id).n;
    for (let i = 0; i < 26 - before; i++) {
      createGuide(shop.db, { categoryId: leaf.id, title: `Stránkovaný návod ${i}`, slug: `strankovany-navod-${i}`, short: '<p>Krátko</p>', body: '<p>Text</p>', publishedAt: new Date(Date.UTC(2026, 0, 1 + i)) });
    }
    const first = await page(`/${leaf.slug}`);
    expect(first.doc.querySelectorAll('.guide-card').length).toBe(12);
    expect(first.doc.querySelector('.paginator a[rel="next"]')?.getAttribute('href')).toBe(`/${leaf.slug}/2`);
    const third = await page(`/${leaf.slug}/3`);
    expect(third.response.status).toBe(200);
    expect(third.doc.querySelectorAll('.guide-card').length).toBe(2);
    expect(third.doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`http://127.0.0.1:3000/${leaf.slug}/3`);
    const one_ = await page(`/${leaf.slug}/1`);
    expect(one_.response.status).toBe(301);
    expect(one_.response.headers.get('location')).toBe(`/${leaf.slug}`);
    expect((await page(`/${leaf.slug}/4`)).response.status).toBe(404);
    expect((await page(`/${leaf.slug}/x`)).response.status).toBe(404);
  });

  it('filters by child category in the path; the GET form redirects there; unknown children are 404', async () => {
    const redirect = await page(`/${root.slug}?kategoria=${leaf.slug}`);
    expect(redirect.response.status).toBe(302);
    expect(redirect.response.headers.get('location')).toBe(`/${root.slug}/1/kategoria:${leaf.slug}`);
    const filtered = await page(`/${root.slug}/1/kategoria:${leaf.slug}`);
    expect(filtered.response.status).toBe(200);
    const n = one<{ n: number }>('SELECT count(*) AS n FROM blog_posts WHERE category_id = ? AND visible = 1', leaf.id).n;
    expect(filtered.doc.querySelector('.blog-list__count')?.textContent).toContain(String(n));
    expect(filtered.doc.querySelectorAll('.guide-card a.guide-card__link').length).toBe(12);
    for (const a of filtered.doc.querySelectorAll('.guide-card a.guide-card__link')) expect(a.getAttribute('href')).toContain(`/${leaf.slug}/`);
    expect(filtered.doc.querySelector<HTMLInputElement>(`.blog-filter input[value="${leaf.slug}"]`)?.checked).toBe(true);
    expect((await page(`/${root.slug}/1/kategoria:neexistuje`)).response.status).toBe(404);
    expect((await page(`/${root.slug}/1/farba:modra`)).response.status).toBe(404);
  });

  it('counts a subtree exactly: grandchildren in, a sibling whose id starts the same out; two children add up', async () => {
    // Ids 9100 and 91000: their paths share the prefix "/…/9100", which a careless range would mix.
    const add = (id: number, parent: number, path: string, slug: string) =>
      shop.db.$client
        .prepare("INSERT INTO categories (id, parent_id, type, name, slug, position, path, depth) VALUES (?, ?, 'blog', ?, ?, 90, ?, ?)")
        .run(id, parent, slug, slug, path, path.split('/').filter(Boolean).length - 1);
    add(9100, root.id, `${root.path}9100/`, 'rubrika-a');
    add(91000, root.id, `${root.path}91000/`, 'rubrika-b');
    add(9101, 9100, `${root.path}9100/9101/`, 'rubrika-a-vnuk');
    const guide = (categoryId: number, slug: string) =>
      createGuide(shop.db, { categoryId, title: slug, slug, short: '<p>Krátko</p>', body: '<p>Text</p>', publishedAt: new Date(Date.UTC(2026, 5, 1)) });
    guide(9100, 'navod-a');
    guide(9101, 'navod-a-vnuk');
    guide(91000, 'navod-b');
    guide(91000, 'navod-b-2');
    const count = async (path: string) => (await page(path)).doc.querySelector('.blog-list__count')?.textContent ?? '';
    expect(await count(`/${root.slug}/1/kategoria:rubrika-a`)).toBe('Počet návodov: 2');
    expect(await count(`/${root.slug}/1/kategoria:rubrika-b`)).toBe('Počet návodov: 2');
    const both = await page(`/${root.slug}/1/kategoria:rubrika-a,rubrika-b`);
    const links = [...both.doc.querySelectorAll('.guide-card a.guide-card__link')].map((a) => a.getAttribute('href'));
    expect(links.filter((href) => /navod-(a|b)/.test(href ?? '')).length).toBe(4);
    expect(both.doc.querySelector('.blog-list__count')?.textContent).toBe('Počet návodov: 4');
  });

  it('shows the empty state "Nenašli sme žiadne blogy" for a category without guides', async () => {
    const id = one<{ id: number }>('SELECT max(id) + 1 AS id FROM categories').id;
    shop.db.$client
      .prepare("INSERT INTO categories (id, parent_id, type, name, slug, position, path, depth) VALUES (?, ?, 'blog', 'Prázdna rubrika', 'prazdna-rubrika', 99, ?, 1)")
      .run(id, root.id, `${root.path}${id}/`);
    const { response, doc } = await page('/prazdna-rubrika');
    expect(response.status).toBe(200);
    expect(doc.querySelector('.empty-state')?.textContent).toBe('Nenašli sme žiadne blogy');
    expect(doc.querySelectorAll('.guide-card').length).toBe(0);
  });
});

const EVIL = `<p>Úvod</p><script>alert(1)</script><img src="/data/blog/image/a.svg" onerror="alert(2)"><a href="javascript:alert(3)">klik</a>
<iframe src="https://evil.example"></iframe><svg onload="alert(4)"><circle r="1"/></svg><p style="color:red">farba</p>
<shop-product-carousel product-ids="1,2" onclick="x"></shop-product-carousel><form action="/x"><input name="a"></form><a href="https://example.com">von</a>`;

describe('guide detail', () => {
  let evilUrl: string;
  beforeAll(() => {
    // Written around the service, as an old or imported row would be: the render must still clean it.
    const { lastInsertRowid } = shop.db.$client
      .prepare("INSERT INTO blog_posts (category_id, title, slug, image, short, body, published_at) VALUES (?, 'Zlý návod', 'zly-navod', 'g1.svg', '<p>Krátky <b>úvod</b> návodu.</p><script>x</script>', ?, ?)")
      .run(leaf.id, EVIL, Date.UTC(2026, 5, 1));
    evilUrl = `/navody-inspiracie/${leaf.slug}/zly-navod`;
    expect(lastInsertRowid).toBeGreaterThan(0);
  });

  it('renders a sanitised body: the shop tag and its allowed attribute survive, script does not', async () => {
    const { response, html, doc } = await page(evilUrl);
    expect(response.status).toBe(200);
    const body = doc.querySelector('.guide__body')!;
    expect(body.querySelector('script, iframe, [style], [onerror], [onclick]')).toBeNull();
    // Forms, inputs and icons only as the server draws the shop's widgets (server/content/guide-widgets.ts).
    for (const el of body.querySelectorAll('svg, form, input')) expect(el.closest('shop-favourite-button, shop-add-to-cart'), el.outerHTML).not.toBeNull();
    expect(body.innerHTML).not.toMatch(/javascript:|alert\(/);
    const carousel = body.querySelector('shop-product-carousel')!;
    expect(carousel.getAttribute('product-ids')).toBe('1,2');
    expect(carousel.hasAttribute('onclick')).toBe(false);
    expect(body.querySelector('img')?.getAttribute('src')).toBe('/data/blog/image/a.svg');
    expect(body.querySelector('a[href="https://example.com"]')?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(body.textContent).toContain('farba');
    expect(html).not.toContain('alert(1)');
  });

  it('has title, date, canonical, meta description from the teaser and JSON-LD Article + BreadcrumbList', async () => {
    const { doc } = await page(evilUrl);
    expect(doc.querySelector('h1')?.textContent).toBe('Zlý návod');
    expect(doc.querySelector('time')?.getAttribute('datetime')).toBe('2026-06-01T00:00:00.000Z');
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`http://127.0.0.1:3000${evilUrl}`);
    expect(doc.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Krátky úvod návodu.');
    const ld = JSON.parse(doc.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(ld[0]['@type']).toBe('Article');
    expect(ld[0].headline).toBe('Zlý návod');
    expect(ld[1]['@type']).toBe('BreadcrumbList');
    expect(ld[1].itemListElement.map((e: { name: string }) => e.name)).toEqual(['Domov', root.name, leaf.name, 'Zlý návod']);
    expect(ld[1].itemListElement.at(-1).item).toBe(`http://127.0.0.1:3000${evilUrl}`);
  });

  it('stores editor HTML sanitised on write', () => {
    const id = createGuide(shop.db, { categoryId: leaf.id, title: 'Nový', slug: 'novy-navod', short: '<p onclick="x">Ok</p>', body: EVIL, publishedAt: new Date() });
    const row = one<{ body: string; short: string }>('SELECT body, short FROM blog_posts WHERE id = ?', id);
    expect(row.body).not.toMatch(/script|onerror|javascript:|iframe|style=|onclick/);
    expect(row.body).toContain('<shop-product-carousel product-ids="1,2"></shop-product-carousel>');
    expect(row.short).toBe('<p>Ok</p>');
    expect(guideById(shop.db, id)?.url).toBe(`/navody-inspiracie/${leaf.slug}/novy-navod`);
  });

  it('answers 404 for unknown categories and posts, 301 when the post lives under another category', async () => {
    expect((await page(`/navody-inspiracie/${leaf.slug}/neexistuje`)).response.status).toBe(404);
    expect((await page('/navody-inspiracie/neexistuje/zly-navod')).response.status).toBe(301);
    expect((await page('/navody-inspiracie/neexistuje/zly-navod')).response.headers.get('location')).toBe(evilUrl);
    expect((await page('/navody-inspiracie/neexistuje/ani-toto')).response.status).toBe(404);
    expect((await page('/neexistujuca-rubrika-xyz')).response.status).toBe(404);
    const short = await page(`/navody-inspiracie/${leaf.slug}`);
    expect(short.response.status).toBe(301);
    expect(short.response.headers.get('location')).toBe(`/${leaf.slug}`);
  });
});

describe('static posts', () => {
  it('serves each shop its own posts: sk /podmienky, cz /obchodni-podminky and not the other', async () => {
    const sk = await page('/podmienky');
    expect(sk.response.status).toBe(200);
    expect(sk.doc.querySelector('h1')?.textContent).toBe('Obchodné podmienky');
    expect(sk.doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('http://127.0.0.1:3000/podmienky');
    const cz = await page('/obchodni-podminky', CZ);
    expect(cz.response.status).toBe(200);
    expect(cz.doc.querySelector('h1')?.textContent).toBe('Obchodní podmínky');
    expect((await page('/obchodni-podminky', SK)).response.status).toBe(404);
    expect((await page('/podmienky', CZ)).response.status).toBe(404);
    expect((await page('/kontakt', CZ)).doc.querySelector('.prose')?.textContent).toContain('obchod.cz');
    for (const path of ['/ochrana-osobnych-udajov', '/doprava-a-platba', '/kontakt']) expect((await page(path)).response.status, path).toBe(200);
  });
});

describe('blog API', () => {
  it('GET /api/blog lists guides with the spec fields; by category and by ids', async () => {
    const list = await api('/api/blog?_limit=3');
    expect(list.status).toBe(200);
    expect(list.body.items).toHaveLength(3);
    expect(Object.keys(list.body.items[0])).toEqual(expect.arrayContaining(['id', 'title', 'slug', 'image', 'short', 'category']));
    expect(list.body.total).toBeGreaterThan(3);
    const inLeaf = await api(`/api/blog?category=${leaf.slug}&_limit=100`);
    expect(inLeaf.body.items.every((g: { category: string }) => g.category === leaf.slug)).toBe(true);
    const ids = list.body.items.map((g: { id: number }) => g.id).reverse();
    expect((await api(`/api/blog?ids=${ids.join(',')}`)).body.items.map((g: { id: number }) => g.id)).toEqual(ids);
    expect((await api('/api/blog?_limit=abc')).status).toBe(400);
    expect((await api('/api/blog?category=neexistuje')).status).toBe(404);
  });

  it('POST /api/blog takes blog_id and filter_criteria and answers { items, total }', async () => {
    const form = await api('/api/blog', { form: { blog_id: String(root.id), filter_criteria: JSON.stringify({ kategoria: [leaf.slug] }), _limit: '5' } });
    expect(form.status).toBe(200);
    expect(form.body.items).toHaveLength(5);
    expect(form.body.total).toBe(one<{ n: number }>('SELECT count(*) AS n FROM blog_posts WHERE category_id = ? AND visible = 1', leaf.id).n);
    const json = await api('/api/blog', { json: { blog_id: root.id, filter_criteria: { kategoria: [leaf.slug] }, _limit: 5 } });
    expect(json.body.total).toBe(form.body.total);
    const bad = await api('/api/blog', { form: { blog_id: 'x', filter_criteria: '{not json' } });
    expect(bad.status).toBe(400);
    expect(bad.type).toContain('application/problem+json');
    expect(Object.keys(bad.body.errors).sort()).toEqual(['blog_id', 'filter_criteria']);
    expect((await api('/api/blog', { form: { blog_id: '999999' } })).status).toBe(404);
    expect((await api('/api/blog', { json: { blog_id: root.id, filter_criteria: { kategoria: ['nie'] } } })).status).toBe(400);
  });

  it('GET /api/blog/{id} answers the guide with a sanitised body; bad ids are 404', async () => {
    const id = one<{ id: number }>("SELECT id FROM blog_posts WHERE slug = 'zly-navod'").id;
    const guide = await api(`/api/blog/${id}`);
    expect(guide.status).toBe(200);
    expect(guide.body).toMatchObject({ id, slug: 'zly-navod', category: leaf.slug });
    expect(guide.body.body).not.toContain('<script');
    for (const bad of ['999999', 'abc', '-1', '0']) expect((await api(`/api/blog/${bad}`)).status, bad).toBe(404);
  });

  it('POST /api/blog/filter and /api/blog/filter-count', async () => {
    const filter = await api('/api/blog/filter', { form: { category_id: String(root.id) } });
    expect(filter.status).toBe(200);
    expect(filter.body.attributes[0].code).toBe('kategoria');
    expect(filter.body.attributes[0].options[leaf.slug]).toBe(leaf.name);
    const n = one<{ n: number }>('SELECT count(*) AS n FROM blog_posts WHERE category_id = ? AND visible = 1', leaf.id).n;
    expect(filter.body.attributes[0].counts[leaf.slug]).toBe(n);
    expect((await api('/api/blog/filter', { form: {} })).status).toBe(400);
    expect((await api('/api/blog/filter', { form: { category_id: '999999' } })).status).toBe(404);

    const path = await api('/api/blog/filter-count', { form: { category: String(root.id), filter: `kategoria:${leaf.slug}` } });
    expect(path.body).toEqual({ count: n });
    const json = await api('/api/blog/filter-count', { form: { category: root.slug, filter: JSON.stringify({ kategoria: [leaf.slug] }), _json: '1' } });
    expect(json.body).toEqual({ count: n });
    expect((await api('/api/blog/filter-count', { form: { category: root.slug, filter: 'zle:x' } })).status).toBe(400);
    expect((await api('/api/blog/filter-count', { form: { category: root.slug, filter: '{', _json: '1' } })).status).toBe(400);
  });

  it('looks up a blog category and a static post by slug, answering a list', async () => {
    const cat = await api('/api/blog/by-category', { form: { category_slug: root.slug } });
    expect(cat.body[0]).toMatchObject({ id: root.id, slug: root.slug, name: root.name });
    expect(cat.body[0].children.map((c: { slug: string }) => c.slug)).toContain(leaf.slug);
    expect((await api('/api/blog/by-category', { form: { category_slug: 'nie-je' } })).body).toEqual([]);
    expect((await api('/api/blog/by-category', { form: {} })).status).toBe(400);
    const post = await api('/api/static-post/by-slug', { form: { static_post_slug: 'podmienky' } });
    expect(post.body[0]).toMatchObject({ title: 'Obchodné podmienky', slug: 'podmienky' });
    expect((await api('/api/static-post/by-slug', { form: { static_post_slug: 'obchodni-podminky' } })).body).toEqual([]);
    expect((await api('/api/static-post/by-slug', { form: { static_post_slug: '<x>' } })).status).toBe(400);
  });
});

describe('static post API', () => {
  it('lists, filters and reads the posts of the current shop only', async () => {
    const sk = await api('/api/static-post');
    expect(sk.body.map((p: { slug: string }) => p.slug)).toEqual(['podmienky', 'ochrana-osobnych-udajov', 'doprava-a-platba', 'kontakt']);
    const cz = await api('/api/static-post', { host: CZ });
    expect(cz.body.map((p: { slug: string }) => p.slug)).toContain('obchodni-podminky');
    const some = await api('/api/static-posts', { form: { static_post_slugs: 'kontakt,podmienky' } });
    expect(some.body.map((p: { slug: string }) => p.slug).sort()).toEqual(['kontakt', 'podmienky']);
    expect((await api('/api/static-posts', { json: { static_post_ids: ['x'] } })).status).toBe(400);
    const id = sk.body[0].id;
    const post = await api(`/api/static-post/${id}`);
    expect(post.body).toMatchObject({ id, title: 'Obchodné podmienky' });
    expect(post.body.body).toContain('<h2>');
    const czId = cz.body.find((p: { slug: string }) => p.slug === 'obchodni-podminky').id;
    expect((await api(`/api/static-post/${czId}`)).status).toBe(404);
    expect((await api('/api/static-post/abc')).status).toBe(404);
  });
});

describe('banner API', () => {
  it('filters by size and answers the spec fields; bad sizes are 400, bad ids 404', async () => {
    const pc = await api('/api/banner?size=pc');
    expect(pc.status).toBe(200);
    expect(pc.body.length).toBeGreaterThanOrEqual(3);
    expect(pc.body.every((b: { size: string }) => b.size === 'pc')).toBe(true);
    expect(pc.body[0]).toMatchObject({ url: expect.any(String), size: 'pc', file: { path: expect.stringMatching(/^\/data\/banner\/.+\.svg$/), name: expect.any(String) } });
    expect(pc.body[0]).toHaveProperty('ecommerce');
    const mobile = await api('/api/banner', { form: { size: 'mobile' } });
    expect(mobile.body.every((b: { size: string }) => b.size === 'mobile')).toBe(true);
    expect((await api('/api/banner')).body.length).toBe(pc.body.length + mobile.body.length);
    const bad = await api('/api/banner?size=tablet');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.size).toBeTruthy();
    expect((await api('/api/banner', { form: { size: 'tv' } })).status).toBe(400);

    const one_ = await api(`/api/banner/${pc.body[0].id}`);
    expect(one_.body.id).toBe(pc.body[0].id);
    const images = await api(`/api/banner/${pc.body[0].id}/images`);
    expect(images.body.map((i: { size: string }) => i.size).sort()).toEqual(['mobile', 'pc']);
    expect((await api('/api/banner/999999')).status).toBe(404);
    expect((await api('/api/banner/x/images')).status).toBe(404);
    const czIds = (await api('/api/banner', { host: CZ })).body.map((b: { id: number }) => b.id);
    expect(czIds.some((id: number) => pc.body.some((b: { id: number }) => b.id === id))).toBe(false);
    expect((await api(`/api/banner/${czIds[0]}`)).status).toBe(404);
  });

  it('draws the seeded banner files', async () => {
    const response = await shop.app.request('/data/banner/sk-1-pc.svg');
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(await response.text()).toContain('width="1200" height="300"');
  });

  it('puts the first banner on the home page as a working <picture> fallback', async () => {
    const { doc } = await page('/');
    const host = doc.querySelector('shop-banner-carousel')!;
    expect(JSON.parse(host.getAttribute('banners')!).length).toBeGreaterThanOrEqual(6);
    expect(host.querySelector('picture source[media="(max-width: 575.98px)"]')?.getAttribute('srcset')).toMatch(/-mobile\.svg$/);
    expect(host.querySelector('a img')?.getAttribute('src')).toMatch(/-pc\.svg$/);
    expect(doc.querySelector('body > shop-overlay-messages')).not.toBeNull();
  });
});

describe('overlay API', () => {
  it('answers the messages whose route covers X-Referrer-Route, for the current shop', async () => {
    const home = await api('/api/overlay', { headers: { 'X-Referrer-Route': '/' } });
    expect(home.status).toBe(200);
    const targets = home.body.map((m: { target: string | null }) => m.target);
    expect(targets).toContain('#search-q');
    expect(Object.keys(home.body[0]).sort()).toEqual(['hide_delay', 'id', 'position', 'route', 'sequence', 'severity', 'show_delay', 'target', 'text']);
    const guide = await api('/api/overlay', { headers: { 'X-Referrer-Route': `/navody-inspiracie/${leaf.slug}/x` } });
    expect(guide.body.filter((m: { sequence: number | null }) => m.sequence !== null)).toHaveLength(2);
    expect(guide.body.some((m: { target: string | null }) => m.target === '#search-q')).toBe(false);
    const other = await api('/api/overlay', { headers: { 'X-Referrer-Route': '/navody-inspiracie-x' } });
    expect(other.body.every((m: { route: string }) => m.route === '/')).toBe(true);
    const cz = await api('/api/overlay', { host: CZ, headers: { 'X-Referrer-Route': '/' } });
    expect(cz.body.every((m: { text: string }) => !home.body.some((h: { text: string }) => h.text === m.text))).toBe(true);
    const bad = await api('/api/overlay', { headers: { 'X-Referrer-Route': 'https://evil.example/' } });
    expect(bad.status).toBe(400);
  });

  it('POST /api/overlay filters by route and kind; GET /api/overlay/{id}', async () => {
    const toasts = await api('/api/overlay', { form: { route: '/', targeted: 'false' } });
    expect(toasts.body.length).toBeGreaterThan(0);
    expect(toasts.body.every((m: { target: string | null }) => m.target === null)).toBe(true);
    expect((await api('/api/overlay', { json: { route: 'no-slash' } })).status).toBe(400);
    const id = toasts.body[0].id;
    expect((await api(`/api/overlay/${id}`)).body.id).toBe(id);
    expect((await api('/api/overlay/999999')).status).toBe(404);
  });

  it('documents every route in the OpenAPI description', async () => {
    const doc = (await api('/api/openapi.json')).body;
    for (const path of ['/api/blog', '/api/blog/{id}', '/api/blog/filter', '/api/blog/filter-count', '/api/blog/by-category', '/api/static-post', '/api/static-posts', '/api/static-post/{id}', '/api/static-post/by-slug', '/api/banner', '/api/banner/{id}', '/api/banner/{id}/images', '/api/overlay', '/api/overlay/{id}']) {
      expect(doc.paths[path], path).toBeTruthy();
    }
  });
});
