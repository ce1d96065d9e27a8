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

describe('second factor', () => {
  const passwordDone = async (account: StaffAccount) => {
    const b = new StaffBrowser(shop);
    expect((await b.form('/admin/prihlasenie', { email: account.email, password: account.password })).status).toBe(303);
    return b;
  };

  it('accepts a code once: the same code again (another tab, a replay) is refused', async () => {
    const member = await createStaff(shop, 'ROLE_EDITOR');
    const code = totpCode(member.secret, nextStep(shop));
    const first = await passwordDone(member);
    expect((await first.form('/admin/prihlasenie/overenie', { code })).status).toBe(303);
    const second = await passwordDone(member);
    const replay = await second.form('/admin/prihlasenie/overenie', { code });
    expect(replay.status).toBe(400);
    expect(replay.doc!.querySelector('[data-field="form-error"]')?.textContent).toContain('Kód nie je správny');
    // A code of an earlier step than the one used is refused too, even inside the drift window.
    const earlier = totpCode(member.secret, new Date(shop.clock.now().getTime() - 30_000));
    expect((await second.form('/admin/prihlasenie/overenie', { code: earlier })).status).toBe(400);
  });

  it('accepts a recovery code once, in any case and with or without its dash', async () => {
    const member = await createStaff(shop, 'ROLE_EDITOR');
    const [code] = member.recoveryCodes;
    const b = await passwordDone(member);
    const used = await b.form('/admin/prihlasenie/overenie', { code: ` ${code.toUpperCase().replace('-', '')} ` });
    expect(used.status).toBe(303);
    expect(auditRows(shop, 'staff.signed-in').at(-1)).toMatchObject({ actor: member.email, after: JSON.stringify({ method: 'recovery-code' }) });
    const again = await passwordDone(member);
    expect((await again.form('/admin/prihlasenie/overenie', { code })).status).toBe(400);
    const account = await b.get('/admin/moj-ucet');
    expect(account.doc!.querySelector('[data-field="codes-left"]')?.textContent).toBe('9');
  });

  it('new recovery codes replace the old ones and are shown once', async () => {
    const member = await createStaff(shop, 'ROLE_EDITOR');
    const b = new StaffBrowser(shop);
    await b.signIn(member);
    const fresh = await b.form('/admin/moj-ucet/kody-obnovy');
    expect(fresh.status).toBe(200);
    const codes = [...fresh.doc!.querySelectorAll('[data-field="recovery-codes"] code')].map((c) => c.textContent!);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const old = await passwordDone(member);
    expect((await old.form('/admin/prihlasenie/overenie', { code: member.recoveryCodes[1] })).status).toBe(400);
    const next = await passwordDone(member);
    expect((await next.form('/admin/prihlasenie/overenie', { code: codes[0] })).status).toBe(303);
    expect(auditRows(shop, 'staff.recovery-codes').at(-1)).toMatchObject({ actor: member.email, section: 'account' });
  });

  it('gives 5 minutes for the code, then asks for the password again', async () => {
    const member = await createStaff(shop, 'ROLE_EDITOR');
    const b = await passwordDone(member);
    shop.clock.set(new Date(shop.clock.now().getTime() + 5 * 60_000 + 1000));
    const late = await b.form('/admin/prihlasenie/overenie', { code: totpCode(member.secret, shop.clock.now()) });
    expect(late.status).toBe(303);
    expect(late.location).toMatch(/^\/admin\/prihlasenie\?r=/);
  });

  it('after 5 wrong codes the waiting session ends and the password is asked again', async () => {
    const member = await createStaff(shop, 'ROLE_EDITOR');
    const b = await passwordDone(member);
    for (let i = 0; i < 5; i++) expect((await b.form('/admin/prihlasenie/overenie', { code: '000000' })).status).toBe(400);
    const sixth = await b.form('/admin/prihlasenie/overenie', { code: totpCode(member.secret, nextStep(shop)) });
    expect(sixth.location).toMatch(/^\/admin\/prihlasenie\?ok=again/);
    expect(b.staff).toBeUndefined();
  });

  it('limits password attempts per account (429 with the wait), whatever the address', async () => {
    const member = await createStaff(shop, 'ROLE_EDITOR');
    for (let i = 0; i < 5; i++) expect((await new StaffBrowser(shop).form('/admin/prihlasenie', { email: member.email, password: 'zlé heslo zlé heslo' })).status).toBe(400);
    const limited = await new StaffBrowser(shop).form('/admin/prihlasenie', { email: member.email, password: member.password });
    expect(limited.status).toBe(429);
    expect(limited.doc!.querySelector('[data-field="form-error"]')?.textContent).toMatch(/Skúste to znova o \d+ s/);
    shop.clock.set(new Date(shop.clock.now().getTime() + 15 * 60_000));
  });
});

describe('staff session lifetime', () => {
  it('ends after 30 minutes without a request, and 12 hours after sign-in whatever happens', async () => {
    const member = await createStaff(shop, 'ROLE_EDITOR');
    const b = new StaffBrowser(shop);
    await b.signIn(member);
    const start = shop.clock.now().getTime();
    for (let minutes = 25; minutes <= 11 * 60 + 50; minutes += 25) {
      shop.clock.set(new Date(start + minutes * 60_000));
      expect((await b.get('/admin')).status, `at ${minutes} min`).toBe(200);
    }
    shop.clock.set(new Date(start + 12 * 3600_000 + 1000));
    expect((await b.get('/admin')).status).toBe(303);
    const idle = new StaffBrowser(shop);
    await idle.signIn(member);
    shop.clock.set(new Date(shop.clock.now().getTime() + 30 * 60_000 + 1000));
    expect((await idle.get('/admin')).location).toMatch(/^\/admin\/prihlasenie/);
  });

  it('sign-out ends the session on the server, not only in the browser', async () => {
    const member = await createStaff(shop, 'ROLE_EDITOR');
    const b = new StaffBrowser(shop);
    await b.signIn(member);
    const id = b.staff!;
    const out = await b.form('/admin/odhlasenie');
    expect(out.location).toBe('/admin/prihlasenie?ok=signed-out');
    expect(b.staff).toBeUndefined();
    b.staff = id;
    expect((await b.get('/admin')).status).toBe(303);
  });

  it('a member switched off loses every open session at once', async () => {
    const member = await createStaff(shop, 'ROLE_EDITOR');
    const b = new StaffBrowser(shop);
    await b.signIn(member);
    const adminBrowser = new StaffBrowser(shop);
    await adminBrowser.signIn(admin);
    const off = await adminBrowser.form(`/admin/pristupy/${member.id}/vypnut`);
    expect(off.location).toBe('/admin/pristupy?ok=disabled');
    expect((await b.get('/admin')).status).toBe(303);
    expect((await new StaffBrowser(shop).form('/admin/prihlasenie', { email: member.email, password: member.password })).status).toBe(400);
    expect(auditRows(shop, 'staff.disabled').at(-1)).toMatchObject({ actor: admin.email, subject: member.email });
    // Admins cannot switch themselves off.
    const me = await adminBrowser.form(`/admin/pristupy/${admin.id}/vypnut`);
    expect(me.status).toBe(409);
  });
});
