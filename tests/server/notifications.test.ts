import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runAccountsCli } from '../../server/accounts/cli';
import { decideSeller } from '../../server/admin/people/approvals.service';
import { createTestShop, type TestShop } from '../setup/test-app';
import { Browser, STRONG } from './accounts.client';
import { auditRows, signedInStaff, type StaffBrowser } from './admin.client';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let shop: TestShop;
let anna: Browser;
let boris: Browser;
let staff: StaffBrowser;
const userId = (email: string) => shop.db.$client.prepare('SELECT id FROM users WHERE email = ?').pluck().get(email) as number;

beforeAll(async () => {
  shop = createTestShop({ products: 0 });
  anna = new Browser(shop);
  await anna.signUpAndIn('anna@example.sk');
  boris = new Browser(shop);
  await boris.signUpAndIn('boris@example.sk');
  staff = await signedInStaff(shop, 'ROLE_ADMIN');
});
afterAll(() => shop.close());

describe('messages (notifications) for every signed-in user', () => {
  it('sends through the API (recipient 1 only, empty text refused), lists and pages them; anonymous 401', async () => {
    expect((await new Browser(shop).api('GET', '/api/consumer/notification/list')).status).toBe(401);
    const empty = await anna.api('POST', '/api/consumer/notification/send', { text: '  ', recipientId: 1 }, { json: true });
    expect([empty.status, empty.json.detail, empty.json.errors.text]).toEqual([400, 'Vyplňte text správy', 'Vyplňte text správy']);
    expect((await anna.api('POST', '/api/consumer/notification/send', { text: 'Ahoj', recipientId: 7 }, { json: true })).status).toBe(400);
    for (let i = 1; i <= 12; i++) {
      shop.clock.set(new Date(Date.UTC(2026, 10, 22, 10, i)));
      const sent = await anna.api('POST', '/api/consumer/notification/send', { text: `Otázka ${i}`, recipientId: 1 }, { json: true });
      expect([sent.status, sent.json.message]).toEqual([201, 'Správa bola odoslaná']);
    }
    const list = await anna.api('GET', '/api/consumer/notification/list');
    expect(list.response.headers.get('cache-control')).toContain('no-store');
    expect(list.json).toHaveLength(12);
    expect(list.json[0]).toMatchObject({ isSent: true, title: '', text: 'Otázka 12', seenAt: null });
    expect(Object.keys(list.json[0]).sort()).toEqual(['id', 'isSent', 'seenAt', 'sentAt', 'text', 'title']);
    expect((await boris.api('GET', '/api/consumer/notification/list')).json).toEqual([]);

    // The page: 10 rows, then the second page; a sent row's read column is "-"; Boris has none.
    const page = await anna.get('/moje/spravy');
    expect(page.status).toBe(200);
    expect(page.doc!.querySelectorAll('.messages__table tbody tr')).toHaveLength(10);
    expect(page.doc!.querySelector('.messages__seen')?.textContent?.trim()).toBe('-');
    expect([...page.doc!.querySelectorAll('select[name=pocet] option')].map((o) => o.textContent)).toEqual(['10', '20', '50']);
    expect((await anna.get('/moje/spravy?strana=2')).doc!.querySelectorAll('.messages__table tbody tr')).toHaveLength(2);
    expect((await anna.get('/moje/spravy?pocet=20')).doc!.querySelectorAll('.messages__table tbody tr')).toHaveLength(12);
    expect((await boris.get('/moje/spravy')).text).toContain('Nemáte žiadne správy.');
  });

  it('the plain form sends without JavaScript, keeps an empty one back with the spec’s warning', async () => {
    const refused = await boris.form('/moje/spravy', { text: '', recipientId: '1' });
    expect(refused.status).toBe(400);
    expect(refused.doc!.querySelector('#message-text-error')?.textContent).toBe('Vyplňte text správy');
    expect(refused.doc!.querySelector('details.messages__send')?.hasAttribute('open')).toBe(true);
    const ok = await boris.form('/moje/spravy', { text: 'Kedy dorazí tovar?', recipientId: '1' });
    expect([ok.status, ok.location]).toEqual([303, '/moje/spravy?ok=odoslana']);
    expect((await boris.get('/moje/spravy?ok=odoslana')).text).toContain('Správa bola odoslaná');
  });

  it('the operator replies in /admin/spravy, the user gets a mail, the count shows, mark-seen reads it; another user’s id is 404', async () => {
    const list = await staff.get('/admin/spravy');
    expect(list.status).toBe(200);
    const rows = [...list.doc!.querySelectorAll('[data-table=conversations] tbody tr')];
    expect(rows.map((r) => r.querySelector('th')?.textContent).sort()).toEqual(['anna@example.sk', 'boris@example.sk']);
    expect(rows.every((r) => r.querySelector('[data-field=waiting]')?.textContent !== '–')).toBe(true);
    const id = userId('anna@example.sk');
    const thread = await staff.get(`/admin/spravy/${id}`);
    expect(thread.doc!.querySelectorAll('[data-field=messages] li')).toHaveLength(12);
    expect((await staff.form(`/admin/spravy/${id}`, { title: 'Odpoveď', text: '' })).status).toBe(400);
    const replied = await staff.form(`/admin/spravy/${id}`, { title: 'Odpoveď na vašu správu', text: 'Tovar odošleme zajtra.' });
    expect([replied.status, replied.location]).toEqual([303, `/admin/spravy/${id}?ok=sent`]);
    expect(auditRows(shop, 'messages.reply')).toHaveLength(1);
    expect((await staff.get('/admin/spravy/999999')).status).toBe(404);

    await shop.mailsSent();
    const mail = shop.mail.find((m) => m.to === 'anna@example.sk');
    expect(mail?.subject).toContain('Odpoveď na vašu správu');
    expect(mail?.text).toContain('Tovar odošleme zajtra.');
    expect(mail?.text).toContain('/moje/spravy');

    // The count: on the signed-in user's private pages and /api/session, never on a shared page.
    expect((await anna.get('/moje/konto')).doc!.querySelector('.account-menu [data-unread]')?.textContent).toBe('1');
    expect((await anna.api('GET', '/api/session')).json.unreadMessages).toBe(1);
    expect((await boris.api('GET', '/api/session')).json.unreadMessages).toBe(0);
    const anonymous = await new Browser(shop).get('/');
    expect(anonymous.text).not.toContain('data-unread');

    const received = (await anna.api('GET', '/api/consumer/notification/list')).json.find((n: { isSent: boolean }) => !n.isSent);
    expect(received).toMatchObject({ title: 'Odpoveď na vašu správu', text: 'Tovar odošleme zajtra.', seenAt: null });
    const sentId = (await anna.api('GET', '/api/consumer/notification/list')).json.find((n: { isSent: boolean }) => n.isSent).id;
    expect((await boris.api('POST', `/api/consumer/notification/mark-seen/${received.id}`)).status).toBe(404);
    expect((await anna.api('POST', `/api/consumer/notification/mark-seen/${sentId}`)).status).toBe(404);
    expect((await anna.api('POST', '/api/consumer/notification/mark-seen/abc')).status).toBe(404);
    const seen = await anna.api('POST', `/api/consumer/notification/mark-seen/${received.id}`);
    expect([seen.status, seen.json.message]).toEqual([200, 'Správa bola označená ako prečítaná']);
    expect((await anna.api('GET', '/api/session')).json.unreadMessages).toBe(0);
    const page = await anna.get('/moje/spravy');
    expect(page.doc!.querySelector(`tr[data-message="${received.id}"] .messages__seen`)?.textContent?.trim()).toMatch(/^\d{2}\.\s?\d{2}\.\s?2026/);
    expect(page.doc!.querySelector('.account-menu [data-unread]')).toBeNull();
    // No-JS mark-read of another user's message: 404 too.
    expect((await boris.form(`/moje/spravy/${received.id}/precitane`, {})).status).toBe(404);
  });

  it('a seller’s approval notice is a received message in the same list', async () => {
    const seller = new Browser(shop);
    await seller.api('POST', '/api/security/signup', { username: 'predajca@example.sk', password: STRONG, phone: '0905123456', type: 'seller' });
    runAccountsCli(shop.db, ['approve', '--email', 'predajca@example.sk', '--role', 'seller'], () => {});
    await seller.form('/moje/prihlasenie', { username: 'predajca@example.sk', password: STRONG });
    await seller.get('/moje/konto');
    await seller.form('/moje/udaje-obchodu', { name: 'Dielňa Eva', description: '' });
    const sellerId = shop.db.$client.prepare('SELECT id FROM sellers WHERE user_id = ?').pluck().get(userId('predajca@example.sk')) as number;
    expect(decideSeller(shop.db, { staffId: null, actor: 'cli', requestId: null }, sellerId, { approve: true }, { shopId: 1, locale: 'sk' }, shop.clock.now())).toEqual({ ok: true });
    const list = (await seller.api('GET', '/api/consumer/notification/list')).json;
    expect(list).toEqual([expect.objectContaining({ isSent: false, title: 'Váš obchod Dielňa Eva je schválený', seenAt: null })]);
    expect((await seller.api('POST', `/api/consumer/notification/mark-seen/${list[0].id}`)).status).toBe(200);
    expect(shop.db.$client.prepare('SELECT read_at FROM seller_messages WHERE seller_id = ?').pluck().get(sellerId)).not.toBeNull();
    // Approval notices are the approvals page's, not a conversation.
    expect((await staff.get('/admin/spravy')).text).not.toContain('predajca@example.sk');
  });
});
