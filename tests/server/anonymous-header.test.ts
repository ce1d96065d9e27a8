import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultsOf } from '../setup/html';
import { createTestShop, type TestShop } from '../setup/test-app';
import { get, post, session, signedIn, sql } from './catalog-helpers';
import { TOKEN_PAGE } from '../setup/visitor';
import { hashSessionId } from '../../server/http/session';

/**
 * The header of visitors who are not signed in is rendered once per shop, locale and menu and
 * filled per response (decision 188): their token, cart and search text must still be their own.
 */
let shop: TestShop;

beforeAll(() => {
  shop = createTestShop({ products: 60 });
});
afterAll(() => shop.close());

const header = (doc: Document) => doc.querySelector('header.site-header')!;

describe('the shared header of visitors who are not signed in', () => {
  it('shows each visitor their own cart count, total and CSRF token', async () => {
    const product = sql<{ id: number }>(shop, 'SELECT id FROM products WHERE visible = 2 AND parent_id IS NULL ORDER BY id LIMIT 1')[0].id;
    const buyer = await session(shop);
    expect((await post(shop, buyer, '/api/cart/add', { product_id: product, quantity: 3 })).status).toBeLessThan(300);
    const other = await session(shop);

    // A page rendered for each visitor: home is shared by those without a session row (decision 203).
    const mine = await get(shop, TOKEN_PAGE, { cookie: buyer.cookie });
    const theirs = await get(shop, TOKEN_PAGE, { cookie: other.cookie });
    const cart = defaultsOf(mine.doc).cart as { count: number; totalFormatted: string };
    expect(cart.count).toBe(3);
    const button = header(mine.doc).querySelector('shop-cart-button')!;
    expect(button.getAttribute('count')).toBe('3');
    expect(button.getAttribute('total')).toBe(cart.totalFormatted);
    expect(header(mine.doc).querySelector('.cart-button__count')!.textContent).toBe('3');
    expect(header(theirs.doc).querySelector('shop-cart-button')!.getAttribute('count')).toBe('0');

    expect(header(mine.doc).querySelector<HTMLInputElement>('form.search input[name="_csrf"]')!.getAttribute('value')).toBe(buyer.csrf);
    expect(header(theirs.doc).querySelector<HTMLInputElement>('form.search input[name="_csrf"]')!.getAttribute('value')).toBe(other.csrf);
    expect(mine.html).not.toMatch(/__chrome_|__fragment_csrf/);
  });

  it('puts the search text back into the search box, escaped', async () => {
    const visitor = await session(shop);
    const query = 'hrniec "<b>" & \'čaj\'';
    const page = await get(shop, `/hladaj?q=${encodeURIComponent(query)}`, { cookie: visitor.cookie });
    expect(page.status).toBe(200);
    expect(header(page.doc).querySelector('#search-q')!.getAttribute('value')).toBe(query);
    expect(page.html).not.toContain('"<b>"');
    expect(header((await get(shop, '/', { cookie: visitor.cookie })).doc).querySelector('#search-q')!.getAttribute('value')).toBe('');
  });

  it('is not used for signed-in shoppers, who see their own name and account links', async () => {
    const consumer = await signedIn(shop, ['ROLE_CONSUMER']);
    const page = await get(shop, '/', { cookie: consumer.cookie });
    const profile = header(page.doc).querySelector('.profile-menu')!;
    expect(profile.querySelector('.profile-menu__name')!.textContent).not.toBe('Profil');
    expect(profile.querySelector('form.sign-out-form')).not.toBeNull();
    expect(header(page.doc).querySelector('form.search input[name="_csrf"]')!.getAttribute('value')).toBe(consumer.csrf);
    const anonymous = await get(shop, '/');
    expect(header(anonymous.doc).querySelector('.profile-menu__name')!.textContent).toBe('Profil');
    expect(header(anonymous.doc).querySelector('form.sign-out-form')).toBeNull();
  });

  it('gives signed-in shoppers with the same roles one layout, filled with their own name, e-mail, token and cart', async () => {
    const as = async (email: string, roles: string[]) => {
      const s = await session(shop);
      const now = Date.now();
      const sqlite = shop.db.$client;
      const user = sqlite.prepare('INSERT INTO users (email, roles, created_at) VALUES (?, ?, ?)').run(email, JSON.stringify(roles), now).lastInsertRowid;
      sqlite.prepare('INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)').run(hashSessionId(s.sid), user, now, now + 86_400_000);
      return { ...s, page: async (path = '/') => get(shop, path, { cookie: s.cookie }) };
    };
    const quoted = await as(`o'brien.${Date.now()}@example.sk`, ['ROLE_CONSUMER']);
    const plain = await as(`jana.${Date.now()}@example.sk`, ['ROLE_CONSUMER']);
    const seller = await as(`predajca.${Date.now()}@example.sk`, ['ROLE_CONSUMER', 'ROLE_SELLER']);
    for (const [shopper, name] of [[quoted, "o'brien"], [plain, 'jana'], [seller, 'predajca']] as const) {
      const { doc, html } = await shopper.page('/hladaj?q=hrniec');
      expect(header(doc).querySelector('.profile-menu__name')!.textContent!.startsWith(`${name}.`)).toBe(true);
      expect(defaultsOf(doc)).toMatchObject({ isLogged: true, csrf: shopper.csrf });
      expect((defaultsOf(doc).loggedUsername as string).split('@')[0].startsWith(`${name}.`)).toBe(true);
      expect(header(doc).querySelector<HTMLInputElement>('form.search input[name="_csrf"]')!.getAttribute('value')).toBe(shopper.csrf);
      expect(header(doc).querySelector('#search-q')!.getAttribute('value')).toBe('hrniec');
      expect(html).not.toMatch(/__layout_|__chrome_|__fragment_csrf/);
      // The seller's account links, and only theirs: roles choose the layout.
      expect(header(doc).querySelector('a[href="/moje/produkty"]') !== null).toBe(shopper === seller);
    }
  });

  it('follows a renamed category (a new menu) and the shopper\'s language', async () => {
    const root = sql<{ id: number; name: string }>(shop, "SELECT id, name FROM categories WHERE type = 'product' AND depth = 0 ORDER BY position LIMIT 1")[0];
    shop.db.$client.prepare('UPDATE categories SET name = ? WHERE id = ?').run('Premenovaná kategória', root.id);
    shop.app.invalidateCatalog();
    const page = await get(shop, '/');
    expect(header(page.doc).querySelector('nav.mega-menu')!.textContent).toContain('Premenovaná kategória');
    const english = await get(shop, '/', { cookie: 'locale=en' });
    expect(header(english.doc).querySelector('#search-q')!.getAttribute('placeholder')).not.toBe(header(page.doc).querySelector('#search-q')!.getAttribute('placeholder'));
  });
});
