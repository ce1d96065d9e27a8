import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStaffCli } from '../../server/staff/cli';
import { createTestShop, type TestShop } from '../setup/test-app';
import { auditRows, createStaff, nextStep, STAFF_PASSWORD, StaffBrowser, totpCode } from './admin.client';

let shop: TestShop;
beforeAll(() => {
  shop = createTestShop({ products: 0 });
});
afterAll(() => shop.close());

/** `create-admin` / `invite` print the link; answers its path. */
function invite(args: string[]): string {
  const out: string[] = [];
  expect(runStaffCli(shop.db, shop.config, args, (l) => out.push(l), shop.clock.now())).toBe(0);
  const link = out.find((l) => l.includes('/admin/pozvanka/'))!;
  return new URL(link).pathname;
}

/** The secret the invitation page shows for typing into an app (the QR holds the same). */
const secretOf = (doc: Document) => doc.querySelector('[data-field="totp-secret"]')!.textContent!.replace(/\s+/g, '');

describe('the first admin and invitations', () => {
  it('create-admin prints a link; the invitee sets a password, enrols TOTP with the first code and gets recovery codes once', async () => {
    const path = invite(['create-admin', '--email', 'Majitel@Obchod.sk']);
    expect(auditRows(shop, 'staff.invited').at(-1)).toMatchObject({ actor: 'cli', staffId: null, subject: 'majitel@obchod.sk' });
    const b = new StaffBrowser(shop);
    const page = await b.get(path);
    expect(page.status).toBe(200);
    expect(page.doc!.querySelector('img.admin-totp__qr')?.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    const secret = secretOf(page.doc!);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    const wrong = await b.form(path, { name: 'Majiteľ', password: STAFF_PASSWORD, password2: STAFF_PASSWORD, code: '123456' });
    expect(wrong.status).toBe(400);
    expect(wrong.doc!.querySelector('#f-code-error')?.textContent).toContain('Kód nesedí');
    expect(wrong.doc!.querySelector('input[name="name"]')?.getAttribute('value')).toBe('Majiteľ');
    expect(wrong.doc!.querySelector('input[name="password"]')?.getAttribute('value')).toBeNull();

    const weak = await b.form(path, { name: 'Majiteľ', password: 'password123', password2: 'password123', code: totpCode(secret, shop.clock.now()) });
    expect(weak.status).toBe(400);
    expect(weak.doc!.querySelector('#f-password-error')).not.toBeNull();
    const differ = await b.form(path, { name: 'Majiteľ', password: STAFF_PASSWORD, password2: 'iné heslo úplne iné', code: totpCode(secret, shop.clock.now()) });
    expect(differ.doc!.querySelector('#f-password2-error')?.textContent).toBe('Heslá sa nezhodujú');

    const done = await b.form(path, { name: 'Majiteľ', password: STAFF_PASSWORD, password2: STAFF_PASSWORD, code: totpCode(secret, shop.clock.now()) });
    expect(done.status).toBe(200);
    expect(done.response.headers.get('cache-control')).toBe('no-store');
    expect(done.doc!.querySelectorAll('[data-field="recovery-codes"] code')).toHaveLength(10);
    expect((await b.get('/admin')).status).toBe(200);
    expect(auditRows(shop, 'staff.joined').at(-1)).toMatchObject({ subject: 'majitel@obchod.sk', section: 'staff' });

    // The link works once: a replayed form and a second visit find it used.
    const replay = await new StaffBrowser(shop).form(path, { name: 'Iný', password: STAFF_PASSWORD, password2: STAFF_PASSWORD, code: totpCode(secret, nextStep(shop)) });
    expect(replay.status).toBe(410);
    expect(replay.doc!.querySelector('[data-field="invitation-state"]')?.textContent).toContain('použitá');
    expect((await new StaffBrowser(shop).get(path)).status).toBe(410);

    // Signing in again: password and the next code.
    const again = new StaffBrowser(shop);
    await again.signIn({ id: 0, email: 'majitel@obchod.sk', password: STAFF_PASSWORD, secret, recoveryCodes: [], role: 'ROLE_ADMIN' });
    expect((await again.get('/admin/objednavky')).status).toBe(200);
  });

  it('an invitation expires after three days and a revoked one stops working', async () => {
    const path = invite(['invite', '--email', 'neskoro@obchod.sk', '--role', 'editor']);
    const later = new Date(shop.clock.now().getTime() + 3 * 86_400_000 + 1000);
    const now = shop.clock.now();
    shop.clock.set(later);
    const page = await new StaffBrowser(shop).get(path);
    expect(page.status).toBe(410);
    expect(page.doc!.querySelector('[data-field="invitation-state"]')?.textContent).toContain('vypršala');
    shop.clock.set(now);
    const admin = await createStaff(shop, 'ROLE_ADMIN');
    const b = new StaffBrowser(shop);
    await b.signIn(admin);
    const list = await b.get('/admin/pristupy');
    const revoke = list.doc!.querySelector<HTMLFormElement>('[data-field="invitations"] form')!.getAttribute('action')!;
    expect((await b.form(revoke)).location).toBe('/admin/pristupy?ok=revoked');
    expect((await new StaffBrowser(shop).get(path)).status).toBe(410);
    expect((await new StaffBrowser(shop).get('/admin/pozvanka/neznamy')).status).toBe(404);
  });

  it('an admin invites by e-mail: the mail carries the link, in the admin language; a known e-mail is refused', async () => {
    const admin = await createStaff(shop, 'ROLE_ADMIN');
    const b = new StaffBrowser(shop);
    await b.signIn(admin);
    const bad = await b.form('/admin/pristupy/pozvat', { email: 'nie-je-email', role: 'ROLE_EDITOR' });
    expect(bad.status).toBe(400);
    expect(bad.doc!.querySelector('#f-email-error')?.textContent).toBe('Zadajte platný e-mail');
    expect(bad.doc!.querySelector('input[name="email"]')?.getAttribute('value')).toBe('nie-je-email');
    const badRole = await b.form('/admin/pristupy/pozvat', { email: 'r@obchod.sk', role: 'ROLE_SELLER' });
    expect(badRole.doc!.querySelector('#f-role-error')).not.toBeNull();
    const sent = await b.form('/admin/pristupy/pozvat', { email: 'redaktorka@obchod.sk', role: 'ROLE_EDITOR' });
    expect(sent.location).toBe('/admin/pristupy?ok=invited');
    await shop.mailsSent();
    const mail = shop.mail.find((m) => m.to === 'redaktorka@obchod.sk')!;
    expect(mail.subject).toBe('Pozvánka do administrácie obchodu obchod.sk');
    const link = /http:\/\/127\.0\.0\.1:3000(\/admin\/pozvanka\/[A-Za-z0-9_-]{43})/.exec(mail.text)![1];
    expect((await new StaffBrowser(shop).get(link)).status).toBe(200);
    const taken = await b.form('/admin/pristupy/pozvat', { email: admin.email, role: 'ROLE_EDITOR' });
    expect(taken.status).toBe(409);
    expect(taken.doc!.querySelector('#f-email-error')?.textContent).toBe('Tento e-mail už v administrácii je.');
  });
});
