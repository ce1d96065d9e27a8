import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audited, recordAudit } from '../../server/admin/audit';
import { writeSetting } from '../../server/settings/settings.service';
import { createTestShop, type TestShop } from '../setup/test-app';
import { auditRows, createStaff, StaffBrowser, type StaffAccount } from './admin.client';

let shop: TestShop;
let first: StaffAccount;
let second: StaffAccount;
let b: StaffBrowser;

beforeAll(async () => {
  shop = createTestShop({ products: 0 });
  first = await createStaff(shop, 'ROLE_ADMIN');
  second = await createStaff(shop, 'ROLE_ADMIN');
  b = new StaffBrowser(shop);
  await b.signIn(first);
});
afterAll(() => shop.close());

describe('the audit log', () => {
  it('is written in the change transaction: a change that fails leaves neither the change nor its row', () => {
    const actor = { staffId: first.id, actor: first.email, requestId: 'r-1' };
    const before = auditRows(shop).length;
    expect(() =>
      audited(shop.db, actor, shop.clock.now(), () => {
        writeSetting(shop.db, 'mail.operator', 'pokus@obchod.sk', shop.clock.now());
        recordAudit(shop.db, actor, { section: 'settings', action: 'test.half' }, shop.clock.now());
        throw new Error('disk full');
      }),
    ).toThrow('disk full');
    expect(auditRows(shop)).toHaveLength(before);
    expect(shop.db.$client.prepare("SELECT COUNT(*) AS n FROM settings WHERE key = 'mail.operator'").get()).toEqual({ n: 0 });
    expect(() => recordAudit(shop.db, actor, { section: 'settings', action: 'test.alone' }, shop.clock.now())).toThrow(/outside the transaction/);
  });

  it('admins read it filtered by person, section and days', async () => {
    const other = new StaffBrowser(shop);
    await other.signIn(second);
    await other.form('/admin/nastavenia/posta', { from: '', operator: 'druhy@obchod.sk' });
    await b.form('/admin/nastavenia/partneri', { origins: 'https://partner.sk' });
    const all = await b.get('/admin/zaznam-zmien');
    expect(all.status).toBe(200);
    const actions = (doc: Document) => [...doc.querySelectorAll('[data-table="audit"] tbody tr')].map((tr) => tr.getAttribute('data-action'));
    expect(actions(all.doc!)[0]).toBe('settings.partners');
    const bySecond = await b.get(`/admin/zaznam-zmien?kto=${second.id}&sekcia=settings`);
    expect(actions(bySecond.doc!)).toEqual(['settings.mail']);
    expect([...bySecond.doc!.querySelectorAll('[data-table="audit"] .admin-audit-json')].at(-1)?.textContent).toContain('druhy@obchod.sk');
    const signIns = await b.get(`/admin/zaznam-zmien?kto=${first.id}&sekcia=sign-in`);
    expect(actions(signIns.doc!).every((a) => a === 'staff.signed-in')).toBe(true);
    const tomorrow = new Date(shop.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    expect(actions((await b.get(`/admin/zaznam-zmien?od=${tomorrow}`)).doc!)).toEqual([]);
    const wrong = await b.get('/admin/zaznam-zmien?sekcia=nic&od=vcera');
    expect(wrong.status).toBe(400);
    expect(wrong.doc!.querySelector('#f-sekcia-error')).not.toBeNull();
    expect(wrong.doc!.querySelector('#f-od-error')).not.toBeNull();
  });
});
