import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../setup/test-app';
import { auditRows, createStaff, nextStep, StaffBrowser, totpCode, type StaffAccount } from './admin.client';

let shop: TestShop;
let admin: StaffAccount;

beforeAll(async () => {
  shop = createTestShop({ products: 10 });
  admin = await createStaff(shop, 'ROLE_ADMIN');
});
afterAll(() => shop.close());

describe('staff sign-in', () => {
  it('asks for the password, then the code of the app, then opens the dashboard', async () => {
    const b = new StaffBrowser(shop);
    const start = await b.get('/admin');
    expect(start.status).toBe(303);
    expect(start.location).toBe('/admin/prihlasenie?r=%2Fadmin');
    const password = await b.form('/admin/prihlasenie', { email: admin.email, password: admin.password, r: '/admin/objednavky' });
    expect(password.status).toBe(303);
    expect(password.location).toBe('/admin/prihlasenie/overenie?r=%2Fadmin%2Fobjednavky');
    // A right password alone opens nothing.
    expect((await b.get('/admin')).location).toMatch(/^\/admin\/prihlasenie/);
    await b.get('/admin/prihlasenie/overenie');
    const code = await b.form('/admin/prihlasenie/overenie', { code: totpCode(admin.secret, nextStep(shop)), r: '/admin/objednavky' });
    expect(code.status).toBe(303);
    expect(code.location).toBe('/admin/objednavky');
    const dashboard = await b.get('/admin');
    expect(dashboard.status).toBe(200);
    expect(dashboard.doc!.querySelector('[data-field="who"]')?.textContent).toContain('Člen');
    expect(auditRows(shop, 'staff.signed-in').at(-1)).toMatchObject({ actor: admin.email, section: 'sign-in' });
  });

  it('refuses a wrong password and an unknown e-mail with the same words, keeping the e-mail', async () => {
    const b = new StaffBrowser(shop);
    const wrong = await b.form('/admin/prihlasenie', { email: admin.email, password: 'nie je to ono 123' });
    const unknown = await b.form('/admin/prihlasenie', { email: 'nikto@obchod.sk', password: 'nie je to ono 123' });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(wrong.doc!.querySelector('[data-field="form-error"]')?.textContent).toBe(unknown.doc!.querySelector('[data-field="form-error"]')?.textContent);
    expect(wrong.doc!.querySelector<HTMLInputElement>('input[name="email"]')?.getAttribute('value')).toBe(admin.email);
    expect(wrong.doc!.querySelector('input[name="password"]')?.getAttribute('value')).toBeNull();
  });
});
