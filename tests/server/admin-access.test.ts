import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runAccountsCli } from '../../server/accounts/cli';
import { sectionOf, mayOpen, SECTIONS } from '../../server/admin/sections';
import { createTestShop, type TestShop } from '../setup/test-app';
import { Browser, STRONG } from './accounts.client';
import { createStaff, StaffBrowser, type StaffAccount } from './admin.client';
import { placeOrder } from './payments-helpers';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/**
 * Issue 20: every /admin route and admin API checks the role on the server. The routes are read from
 * the app itself (app.routes), so a route added later is walked too; the expected answer comes from
 * the one table of sections × roles (server/admin/sections.ts), which the menu reads as well.
 */
let shop: TestShop;
let orderNumber: string;
const who: Record<string, StaffBrowser> = {};
const ROLES = ['anonymous', 'consumer', 'seller', 'password-only', 'editor', 'admin'] as const;
type Who = (typeof ROLES)[number];

async function shopper(type: 'consumer' | 'seller'): Promise<StaffBrowser> {
  const b = new Browser(shop);
  await b.api('POST', '/api/security/signup', { username: `${type}@example.sk`, password: STRONG, phone: '0905123456', type });
  if (type === 'seller') runAccountsCli(shop.db, ['approve', '--email', 'seller@example.sk', '--role', 'seller'], () => {});
  const signedIn = await b.form('/moje/prihlasenie', { username: `${type}@example.sk`, password: STRONG });
  expect(signedIn.status).toBe(303);
  const s = new StaffBrowser(shop);
  s.sid = b.sid;
  await s.get('/admin/prihlasenie');
  return s;
}

beforeAll(async () => {
  shop = createTestShop({ products: 8 });
  orderNumber = (await placeOrder(shop, new Browser(shop), { payment: 2 })).documentNumber;
  who.anonymous = new StaffBrowser(shop);
  await who.anonymous.get('/admin/prihlasenie');
  who.consumer = await shopper('consumer');
  who.seller = await shopper('seller');
  const editor = await createStaff(shop, 'ROLE_EDITOR');
  const admin: StaffAccount = await createStaff(shop, 'ROLE_ADMIN');
  who.editor = new StaffBrowser(shop);
  await who.editor.signIn(editor);
  who.admin = new StaffBrowser(shop);
  await who.admin.signIn(admin);
  who['password-only'] = new StaffBrowser(shop);
  await who['password-only'].form('/admin/prihlasenie', { email: admin.email, password: admin.password });
});
afterAll(() => shop.close());

/** A concrete path for a route pattern: each parameter the back office uses gets a real or harmless value. */
const SAMPLES: Record<string, () => string> = {
  number: () => orderNumber,
  action: () => 'neznama-akcia',
  step: () => 'hore',
  item: () => '999999',
  hash: () => 'a'.repeat(43),
  token: () => 'b'.repeat(43),
  id: () => '999999',
  switch: () => 'zapnut',
  shop: () => 'sk',
};

function concrete(pattern: string): string {
  return pattern.replace(/:(\w+)(\{[^}]*\})?/g, (_m, name: string) => {
    const sample = SAMPLES[name];
    if (!sample) throw new Error(`route ${pattern}: add a sample value for :${name}`);
    return sample();
  });
}

function adminRoutes() {
  const seen = new Set<string>();
  return shop.app.routes
    .filter((r) => r.path.startsWith('/admin') && r.method !== 'ALL' && !r.path.includes('*'))
    .map((r) => ({ method: r.method, pattern: r.path, path: concrete(r.path) }))
    .filter((r) => !seen.has(`${r.method} ${r.pattern}`) && seen.add(`${r.method} ${r.pattern}`));
}

describe('every back-office route × every role', () => {
  it('finds the routes in the app (pages, forms, documents, the JSON API)', () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThan(25);
    expect(routes.some((r) => r.path.startsWith('/admin/api/'))).toBe(true);
  });

  it.each(ROLES)('%s gets what the section table says on every route', async (role) => {
    const b = who[role];
    const wrong: string[] = [];
    for (const route of adminRoutes()) {
      const section = sectionOf(route.path);
      // Signing out and the doors themselves are for everyone; they are tested on their own.
      if (section.roles === 'public') continue;
      const answer = route.method === 'GET' ? await b.get(route.path) : await b.form(route.path, {});
      const staffRole = role === 'admin' ? 'ROLE_ADMIN' : role === 'editor' ? 'ROLE_EDITOR' : null;
      let expected: string;
      if (!staffRole) expected = route.method === 'GET' && !route.path.startsWith('/admin/api') ? '303 sign-in' : '401';
      else expected = mayOpen(staffRole, section) ? 'allowed' : '403';
      const got =
        answer.status === 303 && answer.location?.startsWith('/admin/prihlasenie?r=')
          ? '303 sign-in'
          : answer.status === 401 || answer.status === 403
            ? String(answer.status)
            : answer.status < 500
              ? 'allowed'
              : `${answer.status}`;
      if (got !== expected) wrong.push(`${role} ${route.method} ${route.pattern}: ${got}, expected ${expected}`);
    }
    expect(wrong).toEqual([]);
    expect(shop.errors).toEqual([]);
  });

  it('shows each role the menu of the sections it may open, and an editor no orders or settings', async () => {
    for (const role of ['editor', 'admin'] as const) {
      const page = await who[role].get('/admin');
      expect(page.status).toBe(200);
      const links = [...page.doc!.querySelectorAll('.admin-nav [data-section]')].map((a) => a.getAttribute('href')!);
      for (const href of links) expect(mayOpen(role === 'admin' ? 'ROLE_ADMIN' : 'ROLE_EDITOR', sectionOf(href)), `${role}: ${href}`).toBe(true);
      if (role === 'editor') {
        expect(links).not.toContain('/admin/objednavky');
        expect(links).not.toContain('/admin/nastavenia');
        expect(page.doc!.querySelector('[data-table="figures"]')).toBeNull();
      } else {
        expect(links).toEqual(expect.arrayContaining(['/admin', '/admin/objednavky', '/admin/nastavenia', '/admin/pristupy', '/admin/zaznam-zmien']));
      }
    }
  });

  it('lists every section of issue 20 in the table, editors only on content', () => {
    const editor = SECTIONS.filter((s) => s.roles !== 'public' && s.roles.includes('ROLE_EDITOR')).map((s) => s.id);
    expect(new Set(editor)).toEqual(new Set(['dashboard', 'account', 'categories', 'guides', 'pages', 'banners', 'overlays']));
    // A path no row claims is for admins only: a route added without a row is closed.
    expect(sectionOf('/admin/nieco-nove').roles).toEqual(['ROLE_ADMIN']);
  });
});

describe('staff and shopper sessions are apart', () => {
  it('a shopper cookie never opens /admin, and a staff cookie never acts as a shopper', async () => {
    const consumer = who.consumer;
    expect((await consumer.get('/moje/konto')).status).toBe(200);
    expect((await consumer.get('/admin')).location).toMatch(/^\/admin\/prihlasenie/);
    // The staff session id sent as the shop's sid: the shop knows no such session.
    const staffAsShopper = new Browser(shop);
    staffAsShopper.sid = who.admin.staff;
    const account = await staffAsShopper.get('/moje/konto');
    expect(account.status).toBe(303);
    expect(account.location).toMatch(/^\/moje\/prihlasenie/);
    // …and the shop's sid sent as the staff cookie opens nothing either.
    const sidAsStaff = new StaffBrowser(shop);
    sidAsStaff.staff = consumer.sid;
    expect((await sidAsStaff.get('/admin')).location).toMatch(/^\/admin\/prihlasenie/);
  });

  it('the staff cookie is HttpOnly, SameSite=Strict and sent to /admin only; __Secure- behind HTTPS', async () => {
    const admin = await createStaff(shop, 'ROLE_ADMIN');
    for (const secure of [false, true]) {
      const other = secure ? createTestShop({ products: 0, env: { SECURE_COOKIES: 'true' } }) : shop;
      const member = secure ? await createStaff(other, 'ROLE_ADMIN', admin.email) : admin;
      // The browser's Sec-Fetch-Site proves the form (decision 181); no shop cookie is needed for it.
      const response = await other.app.request('/admin/prihlasenie', {
        method: 'POST',
        body: new URLSearchParams({ email: member.email, password: member.password }),
        headers: { host: '127.0.0.1:3000', 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      });
      expect(response.status).toBe(303);
      const line = response.headers.getSetCookie().find((c) => c.startsWith(secure ? '__Secure-staff=' : 'staff='));
      expect(line, response.headers.getSetCookie().join('\n')).toBeDefined();
      expect(line).toMatch(/; Path=\/admin/);
      expect(line).toMatch(/; HttpOnly/);
      expect(line).toMatch(/; SameSite=Strict/);
      expect(line!.includes('; Secure')).toBe(secure);
      expect(line).not.toMatch(/Max-Age|Expires/);
      if (secure) other.close();
    }
  });

  it('a right password without the second factor opens nothing but the code form', async () => {
    const b = who['password-only'];
    expect((await b.get('/admin/objednavky')).location).toBe('/admin/prihlasenie?r=%2Fadmin%2Fobjednavky');
    expect((await b.get('/admin/prihlasenie/overenie')).status).toBe(200);
  });
});

