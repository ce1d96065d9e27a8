import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { THEME_SCRIPT, THEME_SCRIPT_SOURCE } from '../../server/render/theme-script';
import { createTestShop, type TestShop } from '../setup/test-app';
import { cookieValue, defaultsOf, parseHtml } from '../setup/html';
import { readMenu, type MenuNode } from '../../widgets/mobile-menu/menu';
import { heldSession, TOKEN_PAGE } from '../setup/visitor';

let shop: TestShop;
beforeAll(() => {
  shop = createTestShop({ products: 60 });
});
afterAll(() => shop.close());

/** A visit: the page, and the session cookie it hands out if any (only once something is stored). */
async function visit(path = '/', headers: Record<string, string> = {}) {
  const response = await shop.app.request(path, { headers: { host: '127.0.0.1:3000', ...headers } });
  const html = await response.text();
  const sid = cookieValue(response, 'sid');
  return { response, html, doc: parseHtml(html), sid };
}

describe('database start-up', () => {
  it('runs with WAL, busy_timeout, foreign keys, synchronous=FULL and a 2 MB page cache (decision 266)', () => {
    const sqlite = shop.db.$client;
    expect(sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(sqlite.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(sqlite.pragma('synchronous', { simple: true })).toBe(2);
    expect(sqlite.pragma('cache_size', { simple: true })).toBe(-2048);
  });
});

describe('sessions', () => {
  /** A cart add from a visitor without a cookie: the first thing stored for them. */
  async function firstAdd(app = shop.app, headers: Record<string, string> = {}) {
    const id = (shop.db.$client.prepare('SELECT id FROM products WHERE visible = 2 AND children_count = 0 AND availability_days >= 0 ORDER BY id LIMIT 1').get() as { id: number }).id;
    return app.request('/api/cart/add', {
      method: 'POST',
      body: JSON.stringify({ product_id: id, quantity: 1 }),
      headers: { host: '127.0.0.1:3000', 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', ...headers },
    });
  }

  it('gives browsing no cookie and writes no row; the first thing stored gets an HttpOnly SameSite=Lax cookie', async () => {
    for (const path of ['/', TOKEN_PAGE, '/hladaj?q=hrniec']) {
      const { response, sid } = await visit(path);
      expect(sid, path).toBeUndefined();
      expect(response.headers.getSetCookie(), path).toEqual([]);
    }
    expect(shop.db.$client.prepare('SELECT COUNT(*) AS n FROM sessions').get()).toEqual({ n: 0 });
    const added = await firstAdd();
    expect(added.status).toBe(200);
    const sid = cookieValue(added, 'sid');
    expect(sid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const line = added.headers.getSetCookie().find((l) => l.startsWith('sid='))!;
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Lax/);
    expect(line).toMatch(/Path=\//);
    // The readable hint a shared page looks for before it asks for the shopper's own bits.
    const hint = added.headers.getSetCookie().find((l) => l.startsWith('shopper='))!;
    expect(hint).not.toMatch(/HttpOnly/);
    expect(shop.db.$client.prepare('SELECT COUNT(*) AS n FROM sessions').get()).toEqual({ n: 1 });
    // From then on the cart follows the cookie.
    const page = await visit('/', { cookie: `sid=${sid}` });
    expect(page.doc.querySelector('.cart-button__count')?.textContent?.trim()).toBe('1');
    expect(page.sid).toBeUndefined();
  });

  it('keeps a valid cookie and treats a malformed one as none', async () => {
    const { sid } = await heldSession(shop.app);
    const again = await visit('/', { cookie: `sid=${sid}` });
    expect(again.sid).toBeUndefined();
    const broken = await visit('/', { cookie: 'sid=%%%not-a-session; locale=' });
    expect(broken.response.status).toBe(200);
    expect(broken.sid).toBeUndefined();
    expect(cookieValue(await firstAdd(shop.app, { cookie: 'sid=%%%not-a-session' }), 'sid')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('uses the __Host- prefix and Secure when cookies are secure', async () => {
    const secure = createTestShop({ products: 40, env: { SECURE_COOKIES: 'true' } });
    try {
      const response = await firstAdd(secure.app);
      const line = response.headers.getSetCookie().find((l) => l.startsWith('__Host-sid='))!;
      expect(line).toMatch(/Secure/);
    } finally {
      secure.close();
    }
  });
});

describe('security headers', () => {
  it('sends a strict CSP on pages and errors: no nonce, no unsafe-inline, the one inline script allowed by its hash', async () => {
    for (const path of ['/', '/neexistuje-xyz']) {
      const { response, doc } = await visit(path);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain(`script-src 'self' ${THEME_SCRIPT_SOURCE};`);
      expect(csp).toContain("style-src 'self';");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('nonce');
      const inline = [...doc.querySelectorAll('script:not([src])')].filter((script) => !/^application\/(ld\+)?json$/.test(script.getAttribute('type') ?? ''));
      expect(inline.map((script) => script.textContent), path).toEqual([THEME_SCRIPT]);
      // The hash in the policy is the hash of what the page really carries.
      const hash = `'sha256-${createHash('sha256').update(inline[0].textContent!).digest('base64')}'`;
      expect(hash).toBe(THEME_SCRIPT_SOURCE);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-request-id')).toBeTruthy();
    }
  });
  it('sends JSON answers the API set: no sniffing, a policy that loads and frames nothing, no document-only headers', async () => {
    for (const path of ['/api/category', '/api/product/999999999']) {
      const response = await shop.app.request(path, { headers: { host: '127.0.0.1:3000' } });
      expect(response.headers.get('content-type'), path).toMatch(/json/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers.get('strict-transport-security')).toContain('max-age=');
      expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      for (const name of ['x-frame-options', 'x-xss-protection', 'permissions-policy', 'cross-origin-opener-policy']) expect(response.headers.get(name), name).toBeNull();
    }
    const page = (await visit('/')).response;
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(page.headers.get('permissions-policy')).toContain('camera=()');
  });
});

describe('storefronts and locales', () => {
  it('serves the Slovak shop by default and for unknown hosts', async () => {
    for (const host of ['127.0.0.1:3000', 'unknown.example']) {
      const { doc } = await visit('/', { host });
      expect(doc.documentElement.getAttribute('lang')).toBe('sk');
      expect(defaultsOf(doc).currency).toEqual({ code: 'EUR', symbol: '€' });
      expect(doc.querySelector('footer a[href="/podmienky"]')).not.toBeNull();
      // Issue 23: the footer's copy button is drawn by the server with its icon and name, not an empty pill.
      expect(doc.querySelector('footer shop-copy-button .copy-button__action svg path')).not.toBeNull();
      expect(doc.querySelector('footer shop-copy-button .copy-button__action')?.getAttribute('aria-label')).toBe('Kopírovať');
    }
  });

  it('serves the Czech shop on its host in Czech with CZK prices', async () => {
    const { doc, response } = await visit('/', { host: 'cz.localhost:3000' });
    expect(doc.documentElement.getAttribute('lang')).toBe('cs');
    expect(response.headers.get('content-language')).toBe('cs');
    expect(defaultsOf(doc).currency.code).toBe('CZK');
    expect(doc.querySelector('footer a[href="/obchodni-podminky"]')).not.toBeNull();
    expect(doc.querySelector('.product-card__price')?.textContent).toContain('Kč');
    expect(doc.querySelector('.consent__text')?.textContent).toContain('122/2013');
  });

  it('lets the shopper override the locale with a cookie and ignores junk', async () => {
    expect((await visit('/', { cookie: 'locale=en' })).doc.documentElement.getAttribute('lang')).toBe('en');
    expect((await visit('/', { cookie: 'locale=xx' })).doc.documentElement.getAttribute('lang')).toBe('sk');
    const odd = await visit('/', { 'accept-language': ';;;q=abc,,*;q=2,??-??' });
    expect(odd.response.status).toBe(200);
  });
});

describe('the home page', () => {
  it('has the header, mega-menu, footer and consent bar', async () => {
    const { doc, response } = await visit();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const search = doc.querySelector('form.search')!;
    expect(search.getAttribute('action')).toBe('/hladaj');
    expect(search.getAttribute('method')).toBe('post');
    expect(search.querySelector('input[name="q"]')).not.toBeNull();
    expect(search.querySelector('input[name="_csrf"]')).not.toBeNull();
    expect(doc.querySelector('shop-profile-menu details a[href="/moje/prihlasenie"]')).not.toBeNull();
    expect(doc.querySelector('shop-profile-menu details a[href="/registracia"]')).not.toBeNull();
    expect(doc.querySelector('shop-profile-menu details a[href="/oblubene"]')).not.toBeNull();
    expect(doc.querySelector('shop-cart-button')?.getAttribute('count')).toBe('0');
    expect(doc.querySelector('shop-theme-switch')).not.toBeNull();
    expect(doc.querySelector('shop-mobile-menu details.mobile-menu')).not.toBeNull();
    expect(doc.querySelectorAll('.mega-menu__part--product > .mega-menu__item').length).toBeGreaterThan(0);
    expect(doc.querySelectorAll('.mega-menu__part--blog > .mega-menu__item').length).toBeGreaterThan(0);
    expect(doc.querySelector('form.consent')?.getAttribute('action')).toBe('/suhlas-cookies');
    expect(doc.querySelectorAll('.product-card').length).toBeGreaterThan(0);
  });

  it('renders the menu with at most two levels of visible children sorted by position', async () => {
    const { doc } = await visit();
    // The phone drawer reads the same tree from the mega menu (decision 186): no JSON copy of it.
    expect(doc.getElementById('shop-menu')).toBeNull();
    const menu = readMenu(doc);
    const rows = shop.db.$client
      .prepare("SELECT id, parent_id, position, slug FROM categories WHERE visible = 1 AND visible_menu = 1 AND type = 'product'")
      .all() as { id: number; parent_id: number | null; position: number; slug: string }[];
    const roots = rows.filter((r) => r.parent_id === null).sort((a, b) => a.position - b.position || a.id - b.id);
    expect(menu.product.map((n) => n.url)).toEqual(roots.map((r) => `/${r.slug}`));
    const depth = (nodes: MenuNode[]): number => (nodes.length ? 1 + Math.max(...nodes.map((n) => depth(n.children))) : 0);
    expect(depth(menu.product)).toBe(3);
    const deep = menu.product.flatMap((root) => root.children).find((child) => child.children.length > 0)!;
    const row = rows.find((r) => `/${r.slug}` === deep.url)!;
    const children = rows.filter((r) => r.parent_id === row.id).sort((a, b) => a.position - b.position || a.id - b.id);
    expect(deep.children.map((n) => n.url)).toEqual(children.map((r) => `/${r.slug}`));
    expect(menu.blog.length).toBeGreaterThan(0);
    const html = doc.querySelector('.mega-menu')!;
    expect(html.querySelectorAll('.mega-menu__part--product > li > a').length).toBe(roots.length);
  });

  it('embeds the page defaults the widgets start from', async () => {
    const { doc } = await visit();
    const defaults = defaultsOf(doc);
    expect(defaults).toMatchObject({ shop: 'sk', locale: 'sk', isLogged: false, loggedUsername: null, loggedRoles: [] });
    expect(defaults.cart).toMatchObject({ count: 0, total: 0 });
    expect(defaults.routes).toMatchObject({ cart: '/nakupny-kosik', search: '/hladaj', terms: '/podmienky' });
    // Home is shared by anonymous visitors (decision 213): no token in it, the browser proves its forms.
    expect(defaults.csrf).toBe('');
    expect((await heldSession(shop.app)).csrf).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // A visitor without a session has no token at all: nothing of theirs to forge.
    expect(defaultsOf((await visit(TOKEN_PAGE)).doc).csrf).toBe('');
    expect(defaults.messages).toMatch(/^\/build\/i18n\/sk-[0-9a-f]+\.js$/);
  });

  it('shows the cart count of the session', async () => {
    const first = await heldSession(shop.app);
    const sqlite = shop.db.$client;
    const { hashSessionId } = await import('../../server/http/session');
    const hash = hashSessionId(first.sid!);
    const now = Date.now();
    sqlite.prepare('INSERT INTO sessions (id_hash, created_at, expires_at) VALUES (?, ?, ?)').run(hash, now, now + 86_400_000);
    const cartId = sqlite.prepare('INSERT INTO carts (session_hash, shop_id, updated_at) VALUES (?, 1, ?)').run(hash, now).lastInsertRowid;
    const ids = sqlite.prepare('SELECT id FROM products WHERE visible = 2 ORDER BY id LIMIT 2').all() as { id: number }[];
    sqlite.prepare('INSERT INTO cart_items (cart_id, product_id, quantity) VALUES (?, ?, ?)').run(cartId, ids[0].id, 2);
    sqlite.prepare('INSERT INTO cart_items (cart_id, product_id, quantity) VALUES (?, ?, ?)').run(cartId, ids[1].id, 1);
    const again = await visit('/', { cookie: `sid=${first.sid}` });
    expect(again.doc.querySelector('shop-cart-button')?.getAttribute('count')).toBe('3');
    expect(again.doc.querySelector('.cart-button__count')?.textContent?.trim()).toBe('3');
    expect(defaultsOf(again.doc).cart.count).toBe(3);
    expect(again.response.headers.get('cache-control')).toBe('no-store');
    // A session past its time reads as anonymous, but its row and cart are still kept (and a new
    // write extends it): the header keeps counting what the cart page would show.
    sqlite.prepare('UPDATE sessions SET expires_at = ? WHERE id_hash = ?').run(now - 1000, hash);
    const expired = await visit('/', { cookie: `sid=${first.sid}` });
    expect(expired.doc.querySelector('.cart-button__count')?.textContent?.trim()).toBe('3');
    // Without a row nothing can be kept under the id (carts reference it): the header says 0.
    sqlite.prepare('DELETE FROM sessions WHERE id_hash = ?').run(hash);
    const gone = await visit('/', { cookie: `sid=${first.sid}` });
    expect(gone.doc.querySelector('.cart-button__count')?.textContent?.trim()).toBe('0');
  });
});

describe('errors', () => {
  it('renders a Slovak 404 page for unknown routes', async () => {
    const { response, doc } = await visit('/neexistuje-xyz/1/2/3');
    expect(response.status).toBe(404);
    expect(doc.querySelector('h1')?.textContent).toBe('Stránka neexistuje');
    expect(doc.querySelector('header .logo')).not.toBeNull();
  });

  it('answers unknown API routes with problem+json in the shopper locale', async () => {
    const response = await shop.app.request('/api/neexistuje', { headers: { host: '127.0.0.1', cookie: 'locale=en' } });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    const body = await response.json();
    expect(body.status).toBe(404);
    expect(body.title).toMatch(/not found/i);
  });

  it('shows a 500 page without a stack trace and logs the error', async () => {
    const broken = createTestShop({ products: 0 });
    try {
      broken.app.get('/test-boom', () => {
        throw new Error('secret internals');
      });
      const response = await broken.app.request('/test-boom', { headers: { host: '127.0.0.1' } });
      const html = await response.text();
      expect(response.status).toBe(500);
      expect(html).not.toContain('secret internals');
      expect(html).not.toMatch(/at .*\.ts:\d+/);
      expect(html).toContain('Niečo sa pokazilo');
      expect(broken.errors.some((e) => e instanceof Error && e.message === 'secret internals')).toBe(true);
      const api = await broken.app.request('/api/neexistuje', { headers: { host: '127.0.0.1' } });
      expect(api.status).toBe(404);
    } finally {
      broken.close();
    }
  });
});

describe('state changes', () => {
  /** A form post from a visitor holding a session (and its token, from a page rendered for them). */
  async function form(path: string, fields: Record<string, string>, extra: Record<string, string> = {}, withToken = true) {
    const first = await heldSession(shop.app);
    const token = first.csrf;
    const body = new URLSearchParams(withToken ? { _csrf: token, ...fields } : fields);
    return shop.app.request(path, {
      method: 'POST',
      body,
      headers: { host: '127.0.0.1:3000', cookie: `sid=${first.sid}`, 'content-type': 'application/x-www-form-urlencoded', ...extra },
    });
  }

  it('refuses a form without the CSRF token', async () => {
    const response = await form('/suhlas-cookies', { r: '/' }, {}, false);
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('Platnosť formulára vypršala');
  });

  it('takes the browser\'s word instead of a token: same-origin Fetch Metadata, or our Origin from a browser without it', async () => {
    expect((await form('/suhlas-cookies', { r: '/' }, { 'sec-fetch-site': 'same-origin' }, false)).status).toBe(303);
    expect((await form('/suhlas-cookies', { r: '/' }, { origin: 'http://127.0.0.1:3000' }, false)).status).toBe(303);
    // "none" (typed or bookmarked), same-site (a sibling subdomain) and an opaque origin prove nothing.
    const unproven: Record<string, string>[] = [{ 'sec-fetch-site': 'none' }, { 'sec-fetch-site': 'same-site' }, { origin: 'null' }, { 'sec-fetch-site': 'same-origin', origin: 'https://evil.example' }];
    for (const extra of unproven) {
      expect((await form('/suhlas-cookies', { r: '/' }, extra, false)).status, JSON.stringify(extra)).toBe(403);
    }
    // A stale token from a same-origin page does not matter: the browser's word is enough.
    const stale = await shop.app.request('/suhlas-cookies', {
      method: 'POST',
      body: new URLSearchParams({ _csrf: 'stale', r: '/' }),
      headers: { host: '127.0.0.1:3000', 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(stale.status).toBe(303);
  });

  it('refuses a cross-site request even with a token', async () => {
    expect((await form('/suhlas-cookies', { r: '/' }, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await form('/suhlas-cookies', { r: '/' }, { origin: 'https://evil.example' })).status).toBe(403);
  });

  it('stores the cookie choice (accept all, reject all, the switches) without JS and returns only to a local path', async () => {
    const ok = await form('/suhlas-cookies', { r: '/nakupny-kosik', choice: 'all' }, { origin: 'http://127.0.0.1:3000', 'sec-fetch-site': 'same-origin' });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/nakupny-kosik');
    expect(cookieValue(ok, 'consent')).toBe('a1m1');
    expect(cookieValue(await form('/suhlas-cookies', { r: '/', choice: 'none', analytics: '1' }), 'consent')).toBe('a0m0');
    expect(cookieValue(await form('/suhlas-cookies', { r: '/', choice: 'custom', marketing: '1' }), 'consent')).toBe('a0m1');
    // Junk is a refusal, never a 500 and never a yes.
    expect(cookieValue(await form('/suhlas-cookies', { r: '/', choice: 'yes', analytics: 'on', marketing: 'x'.repeat(5000) }), 'consent')).toBe('a0m0');
    const evil = await form('/suhlas-cookies', { r: '//evil.example', choice: 'all' });
    expect(evil.headers.get('location')).toBe('/');
    // The bar: hidden in every page (the site entry shows it), three ways out, a dialog with three switches.
    const { doc } = await visit('/', { cookie: 'consent=a1m0' });
    const bar = doc.querySelector('form.consent')!;
    expect(bar.hasAttribute('hidden')).toBe(true);
    expect([...bar.querySelectorAll('button[name="choice"]')].map((b) => b.getAttribute('value'))).toEqual(['all', 'none']);
    expect(bar.querySelector('a.consent__choose')?.getAttribute('href')).toBe('/suhlas-cookies');
    const switches = [...doc.querySelectorAll('dialog.consent-dialog input[role="switch"]')];
    expect(switches.map((i) => [i.getAttribute('name'), i.hasAttribute('disabled'), i.hasAttribute('checked')])).toEqual([['necessary', true, true], ['analytics', false, false], ['marketing', false, false]]);
    expect(doc.querySelector('footer a.consent-settings')?.getAttribute('href')).toBe('/suhlas-cookies');
    // The footer's link without JS: a page with the stored choice switched on.
    const settings = await visit('/suhlas-cookies', { cookie: 'consent=a1m0' });
    expect(settings.response.status).toBe(200);
    expect(settings.doc.querySelector('.consent-page input[name="analytics"]')?.hasAttribute('checked')).toBe(true);
    expect(settings.doc.querySelector('.consent-page input[name="marketing"]')?.hasAttribute('checked')).toBe(false);
  });

  it('switches the language through a form', async () => {
    const response = await form('/jazyk', { locale: 'de', r: '/' });
    expect(response.status).toBe(303);
    expect(cookieValue(response, 'locale')).toBe('de');
    const bad = await form('/jazyk', { locale: 'xx', r: '/' });
    expect(cookieValue(bad, 'locale')).toBeUndefined();
  });

  it("gives the footer's forms the shopper's token and returns them to the page they were sent from", async () => {
    const held = await heldSession(shop.app);
    const { doc } = await visit('/nakupny-kosik', { cookie: held.cookie });
    for (const id of ['language-form', 'consent-form', 'consent-choice-form']) {
      expect(doc.getElementById(id), id).not.toBeNull();
      expect(doc.querySelector(`input[form="${id}"][name="_csrf"]`)?.getAttribute('value'), id).toBe(held.csrf);
    }
    // No field says where the page is: the footer is the same bytes on every page.
    expect(doc.querySelectorAll('input[form][name="r"]')).toHaveLength(0);
    // A page shared by every anonymous visitor carries nobody's token.
    expect((await visit('/')).doc.querySelectorAll('input[form="language-form"]')).toHaveLength(0);

    const from = (referer: string) => ({ referer, 'sec-fetch-site': 'same-origin' });
    const back = await form('/jazyk', { locale: 'cs' }, from('http://127.0.0.1:3000/hladaj?q=st%C3%B4l'));
    expect([back.status, back.headers.get('location'), cookieValue(back, 'locale')]).toEqual([303, '/hladaj?q=st%C3%B4l', 'cs']);
    const consent = await form('/suhlas-cookies', { choice: 'all' }, from('http://127.0.0.1:3000/nakupny-kosik'));
    expect([consent.headers.get('location'), cookieValue(consent, 'consent')]).toEqual(['/nakupny-kosik', 'a1m1']);
    // Another site, an API address, or no Referer at all: home.
    expect((await form('/jazyk', { locale: 'cs' }, from('https://evil.example/x'))).headers.get('location')).toBe('/');
    expect((await form('/suhlas-cookies', { choice: 'none' }, from('http://127.0.0.1:3000/api/cart'))).headers.get('location')).toBe('/');
    expect((await form('/jazyk', { locale: 'cs' })).headers.get('location')).toBe('/');
    // The settings page names its own way back.
    expect((await form('/suhlas-cookies', { choice: 'none', r: '/suhlas-cookies?ulozene=1' }, from('http://127.0.0.1:3000/'))).headers.get('location')).toBe('/suhlas-cookies?ulozene=1');
  });

  it('refuses API bodies that are not JSON or form data', async () => {
    const first = await visit();
    const response = await shop.app.request('/api/anything', {
      method: 'POST',
      body: 'hello',
      headers: { host: '127.0.0.1', cookie: `sid=${first.sid}`, 'content-type': 'text/plain', 'x-csrf-token': defaultsOf(first.doc).csrf },
    });
    expect(response.status).toBe(415);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
  });

  it('refuses bodies over 1 MiB with 413', async () => {
    const first = await visit();
    const response = await shop.app.request('/api/anything', {
      method: 'POST',
      body: JSON.stringify({ big: 'x'.repeat(1024 * 1024 + 10) }),
      headers: { host: '127.0.0.1', cookie: `sid=${first.sid}`, 'content-type': 'application/json', 'x-csrf-token': defaultsOf(first.doc).csrf },
    });
    expect(response.status).toBe(413);
    expect((await response.json()).detail).toBe('Požiadavka je príliš veľká.');
  });

  it('refuses a JSON API write without the CSRF header', async () => {
    const first = await heldSession(shop.app);
    const response = await shop.app.request('/api/anything', {
      method: 'POST',
      body: '{}',
      headers: { host: '127.0.0.1', cookie: `sid=${first.sid}`, 'content-type': 'application/json' },
    });
    expect(response.status).toBe(403);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
  });

  it('takes a write from a visitor without a session cookie without a token: it carries no authority to forge', async () => {
    const response = await shop.app.request('/suhlas-cookies', {
      method: 'POST',
      body: new URLSearchParams({ r: '/' }),
      headers: { host: '127.0.0.1:3000', 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(303);
    // Still refused when the browser says it comes from another site.
    const foreign = await shop.app.request('/suhlas-cookies', {
      method: 'POST',
      body: new URLSearchParams({ r: '/' }),
      headers: { host: '127.0.0.1:3000', 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
    });
    expect(foreign.status).toBe(403);
  });
});

describe('country switch', () => {
  it('only redirects to a local path', async () => {
    const ok = await shop.app.request('/country/cz/?r=/nakupny-kosik', { headers: { host: '127.0.0.1' } });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/nakupny-kosik');
    expect(cookieValue(ok, 'country')).toBe('cz');
    for (const r of ['//evil.example', '/\\evil.example', 'javascript:alert(1)', 'https://evil.example']) {
      const response = await shop.app.request(`/country/sk/?r=${encodeURIComponent(r)}`, { headers: { host: '127.0.0.1' } });
      expect(response.headers.get('location'), r).toBe('/');
    }
    const unknown = await shop.app.request('/country/xx/?r=/', { headers: { host: '127.0.0.1' } });
    expect(cookieValue(unknown, 'country')).toBeUndefined();
  });
});
