import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSessionId } from '../../server/http/session';
import { createTestShop, type TestShop } from '../setup/test-app';
import { get, post, session, signedIn, sql, type Session } from './catalog-helpers';

/**
 * A page's header and page defaults are kept per shop, locale, catalogue version and shopper
 * (server/render/chrome.ts createShopperChrome): whatever a shopper does that the header shows,
 * and whatever the catalogue changes in its menus, shows on the very next page, and no shopper
 * ever gets another's header. Each check asks the same page again, so a header kept too long
 * would be seen.
 */
let shop: TestShop;
let category: { slug: string; name: string };
let product: { id: number };

beforeAll(() => {
  shop = createTestShop({ products: 30 });
  category = sql<{ slug: string; name: string }>(shop, "SELECT slug, name FROM categories WHERE type = 'product' AND parent_id IS NULL AND visible = 1 ORDER BY position LIMIT 1")[0];
  product = sql<{ id: number }>(shop, 'SELECT id FROM products WHERE visible = 2 AND parent_id IS NULL AND quantity > 5 ORDER BY id LIMIT 1')[0];
});
afterAll(() => shop.close());

/** What the header and the page defaults say about their shopper, on the category page. */
async function header(s: Session | null, path = `/${category.slug}`) {
  const page = await get(shop, path, s ? { cookie: s.cookie } : {});
  expect(page.status).toBe(200);
  const defaults = JSON.parse(page.doc.querySelector('#shop-defaults')!.textContent!);
  return {
    name: page.doc.querySelector('.profile-menu__name')?.textContent,
    count: page.doc.querySelector('.cart-button__count')?.textContent,
    unread: page.doc.querySelector('.profile-menu [data-unread]')?.textContent ?? null,
    searchToken: page.doc.querySelector<HTMLInputElement>('form.search input[name="_csrf"]')?.getAttribute('value'),
    searchText: page.doc.querySelector<HTMLInputElement>('#search-q')?.getAttribute('value'),
    signOut: page.doc.querySelector('.profile-menu .sign-out-form') !== null,
    megaMenu: page.doc.querySelector('.site-header')!.innerHTML,
    defaults,
  };
}

const userOf = (s: Session) => sql<{ id: number; email: string }>(shop, 'SELECT u.id, u.email FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id_hash = ?', hashSessionId(s.sid))[0];

describe("the shopper's header, kept per shopper", () => {
  it("shows each shopper their own name, token and cart, asked in turn", async () => {
    const [a, b] = [await signedIn(shop, ['ROLE_CONSUMER']), await signedIn(shop, ['ROLE_CONSUMER'])];
    expect((await post(shop, a, '/api/cart/add', { product_id: product.id, quantity: 3 })).status).toBe(200);
    for (let round = 0; round < 2; round++) {
      for (const [s, count] of [[a, '3'], [b, '0']] as const) {
        const seen = await header(s);
        expect(seen.name).toBe(userOf(s).email.split('@')[0]);
        expect(seen.searchToken).toBe(s.csrf);
        expect(seen.defaults).toMatchObject({ isLogged: true, loggedUsername: userOf(s).email, csrf: s.csrf, cart: { count: Number(count) } });
        expect(seen.count).toBe(count);
      }
    }
    const anonymous = await header(null);
    expect(anonymous).toMatchObject({ name: 'Profil', count: '0', searchToken: '', signOut: false, defaults: { isLogged: false, csrf: '' } });
  });

  it("follows the shopper's cart, Správy and sign-out on the next page", async () => {
    const s = await signedIn(shop, ['ROLE_CONSUMER']);
    expect((await header(s)).count).toBe('0');
    expect((await post(shop, s, '/api/cart/add', { product_id: product.id, quantity: 2 })).status).toBe(200);
    expect((await header(s)).count).toBe('2');
    shop.db.$client.prepare("INSERT INTO notifications (user_id, direction, title, text, sent_at) VALUES (?, 'received', 'Ahoj', 'Text', ?)").run(userOf(s).id, Date.now());
    expect((await header(s)).unread).toBe('1');
    expect((await header(s)).defaults.unreadMessages).toBe(1);
    expect((await post(shop, s, '/moje/odhlasenie', { _csrf: s.csrf }, { form: true })).status).toBe(303);
    const after = await header(s);
    expect(after).toMatchObject({ name: 'Profil', signOut: false, defaults: { isLogged: false } });
  });

  it("carries the search page's text on that page only", async () => {
    const s = await session(shop);
    expect((await header(s, '/hladaj?q=krém')).searchText).toBe('krém');
    expect((await header(s)).searchText).toBe('');
  });

  it('shows a category renamed by another connection on the next page', async () => {
    const s = await signedIn(shop, ['ROLE_CONSUMER']);
    expect((await header(s)).megaMenu).toContain(category.name);
    const other = new Database(shop.config.dbFile);
    try {
      other.pragma('busy_timeout = 5000');
      other.prepare("UPDATE categories SET name = name || ' Nové' WHERE slug = ?").run(category.slug);
    } finally {
      other.close();
    }
    expect((await header(s)).megaMenu).toContain(`${category.name} Nové`);
  });
});
