import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../setup/test-app';
import { Browser } from './accounts.client';
import { auditRows, StaffBrowser, signedInStaff } from './admin.client';
import { stockedProduct } from './payments-helpers';

let shop: TestShop;
let admin: StaffBrowser;
let second: StaffBrowser;

const VOUCHER = { code: 'zima15', count: '', type: '2', value: '15', amountFrom: '', giftItem: '', validFrom: '', dateTo: '', singleUse: '' };

beforeAll(async () => {
  shop = createTestShop({ products: 10 });
  admin = await signedInStaff(shop, 'ROLE_ADMIN');
  second = await signedInStaff(shop, 'ROLE_ADMIN');
});
afterAll(() => shop.close());

const row = (code: string) => shop.db.$client.prepare('SELECT * FROM vouchers WHERE code = ?').get(code) as Record<string, unknown> | undefined;

describe('vouchers', () => {
  it('refuses a wrong value and reversed dates with their messages, keeping what was typed', async () => {
    const bad = await admin.form('/admin/predaj/poukazky', { ...VOUCHER, value: '150', validFrom: '2026-12-10', dateTo: '2026-12-01' });
    expect(bad.status).toBe(400);
    expect(bad.doc!.querySelector('#f-value-error')?.textContent).toBe('Zadajte percento od 1 do 100');
    expect(bad.doc!.querySelector('#f-dateTo-error')?.textContent).toBe('Koniec platnosti je pred jej začiatkom');
    expect(bad.doc!.querySelector('input[name="code"]')?.getAttribute('value')).toBe('zima15');
    expect(bad.doc!.querySelector('input[name="value"]')?.getAttribute('value')).toBe('150');
    const empty = await admin.form('/admin/predaj/poukazky', { ...VOUCHER, code: '' });
    expect(empty.status).toBe(400);
    expect(empty.doc!.querySelector('#f-code-error')?.textContent).toBe('Zadajte kód alebo počet kódov na vygenerovanie');
    expect(auditRows(shop, 'selling.voucher.create')).toHaveLength(0);
  });

  it('creates a code that works in the next cart request; the same code twice is refused', async () => {
    const made = await admin.form('/admin/predaj/poukazky', VOUCHER);
    expect(made.status).toBe(303);
    expect(row('ZIMA15')).toMatchObject({ type: 2, value: 15, single_use: 0 });
    const b = new Browser(shop);
    await b.api('POST', '/api/cart/add', { product_id: stockedProduct(shop), quantity: 1 }, { json: true });
    const applied = await b.api('POST', '/api/cart/voucher', { code: 'zima15' }, { json: true });
    expect(applied.status).toBe(200);
    expect(applied.json).toMatchObject({ code: 'ZIMA15', type: 2, value: 15 });
    expect(applied.json.cart.discount).toBeGreaterThan(0);
    const twice = await admin.form('/admin/predaj/poukazky', VOUCHER);
    expect(twice.status).toBe(409);
    expect(twice.doc!.querySelector('#f-code-error')?.textContent).toBe('Taký kód už existuje');
    const [audit] = auditRows(shop, 'selling.voucher.create');
    expect(audit.subject).toBe('ZIMA15');
  });

  it('generates N unguessable readable codes with the same rules, shown in the list with their use', async () => {
    const made = await admin.form('/admin/predaj/poukazky', { ...VOUCHER, code: '', count: '5', type: '1', value: '5,00', amountFrom: '20,00', singleUse: '1', dateTo: '2026-12-31' });
    expect(made.location).toBe('/admin/predaj/poukazky?ok=created');
    const made5 = JSON.parse(auditRows(shop, 'selling.voucher.create')[1].after!).codes as string[];
    const codes = shop.db.$client.prepare('SELECT code, value, amount_from AS amountFrom, single_use AS singleUse, date_to AS dateTo FROM vouchers WHERE code IN (SELECT value FROM json_each(?))').all(JSON.stringify(made5)) as { code: string; value: number; amountFrom: number; singleUse: number; dateTo: number }[];
    expect(codes).toHaveLength(5);
    for (const c of codes) {
      expect(c.code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{10}$/);
      expect(c).toMatchObject({ value: 500, amountFrom: 2000, singleUse: 1 });
      expect(new Date(c.dateTo).toISOString()).toBe('2026-12-31T22:59:59.999Z');
    }
    const list = await admin.get('/admin/predaj/poukazky');
    for (const c of made5) expect(list.doc!.querySelector(`[data-voucher="${c}"]`)).not.toBeNull();
    expect(list.doc!.querySelector(`[data-voucher="${codes[0].code}"] [data-field="uses"]`)?.textContent).toBe('jednorazový, nepoužitý');
  });

  it('edits a voucher; a save over a change made meanwhile is refused and loses nothing', async () => {
    const id = row('ZIMA15')!.id as number;
    const first = await admin.get(`/admin/predaj/poukazky/${id}`);
    const version = first.doc!.querySelector('input[name="version"]')!.getAttribute('value')!;
    await second.get(`/admin/predaj/poukazky/${id}`);
    const saved = await admin.form(`/admin/predaj/poukazky/${id}`, { ...VOUCHER, code: 'ZIMA15', value: '20', version });
    expect(saved.location).toBe(`/admin/predaj/poukazky/${id}?ok=saved`);
    const stale = await second.form(`/admin/predaj/poukazky/${id}`, { ...VOUCHER, code: 'ZIMA15', value: '25', version });
    expect(stale.status).toBe(409);
    expect(stale.doc!.querySelector('[data-field="form-error"]')?.textContent).toContain('Medzitým');
    expect(stale.doc!.querySelector('input[name="value"]')?.getAttribute('value')).toBe('25');
    expect(row('ZIMA15')!.value).toBe(20);
    const [audit] = auditRows(shop, 'selling.voucher.update');
    expect(JSON.parse(audit.before!).value).toBe(15);
    expect(JSON.parse(audit.after!).value).toBe(20);
  });

  it('gives a code to an influencer with a commission (validated, audited); the influencer sees it on /moje/influencer-kupony', async () => {
    const jana = new Browser(shop);
    await jana.signUpAndIn('jana.influencer@example.sk');
    const INF = { ...VOUCHER, code: 'JANA10', type: '2', value: '10' };
    const bad = await admin.form('/admin/predaj/poukazky', { ...INF, influencer: 'nikto@example.sk', commission: '101' });
    expect(bad.status).toBe(400);
    expect(bad.doc!.querySelector('#f-commission-error')?.textContent).toBe('Zadajte províziu od 0 do 100 %');
    const unknown = await admin.form('/admin/predaj/poukazky', { ...INF, influencer: 'nikto@example.sk', commission: '5' });
    expect(unknown.status).toBe(400);
    expect(unknown.doc!.querySelector('#f-influencer-error')?.textContent).toBe('Účet s týmto e-mailom neexistuje');
    expect(unknown.doc!.querySelector('input[name="influencer"]')?.getAttribute('value')).toBe('nikto@example.sk');
    const orphan = await admin.form('/admin/predaj/poukazky', { ...INF, commission: '5' });
    expect(orphan.doc!.querySelector('#f-commission-error')?.textContent).toBe('Províziu má len kupón influencera');
    expect(row('JANA10')).toBeUndefined();

    const made = await admin.form('/admin/predaj/poukazky', { ...INF, influencer: 'Jana.Influencer@example.sk', commission: '7' });
    expect(made.status).toBe(303);
    const id = row('JANA10')!.id as number;
    expect(row('JANA10')).toMatchObject({ commission_percent: 7 });
    expect(JSON.parse(auditRows(shop, 'selling.voucher.create').at(-1)!.after!)).toMatchObject({ influencer: 'jana.influencer@example.sk', commission: 7 });
    expect((await admin.get('/admin/predaj/poukazky?q=JANA')).doc!.querySelector('[data-voucher="JANA10"] [data-field="influencer"]')?.textContent).toBe('jana.influencer@example.sk · 7 %');
    const form = await admin.get(`/admin/predaj/poukazky/${id}`);
    expect(form.doc!.querySelector('input[name="influencer"]')?.getAttribute('value')).toBe('jana.influencer@example.sk');
    const page = await jana.get('/moje/influencer-kupony');
    expect(page.status).toBe(200);
    expect([...page.doc!.querySelectorAll('.influencer-voucher')].map((li) => li.getAttribute('data-code'))).toEqual(['JANA10']);

    // Taken off the influencer: the edit is audited and the code leaves their page.
    const version = form.doc!.querySelector('input[name="version"]')!.getAttribute('value')!;
    const cleared = await admin.form(`/admin/predaj/poukazky/${id}`, { ...INF, influencer: '', commission: '', version });
    expect(cleared.location).toBe(`/admin/predaj/poukazky/${id}?ok=saved`);
    expect(row('JANA10')).toMatchObject({ influencer_id: null, commission_percent: null });
    expect(JSON.parse(auditRows(shop, 'selling.voucher.update').at(-1)!.before!)).toMatchObject({ commissionPercent: 7 });
    expect((await jana.get('/moje/influencer-kupony')).doc!.querySelector('.influencer-voucher')).toBeNull();
  });

  it('keeps a gift voucher\'s gift in the other languages (empty = the Slovak one); a too long one is refused with what was typed', async () => {
    const GIFT = { ...VOUCHER, code: 'DAREK', type: '5', value: '', giftItem: 'Kvetináč' };
    const long = await admin.form('/admin/predaj/poukazky', { ...GIFT, 'texts[cs][gift_item]': 'x'.repeat(201) });
    expect(long.status).toBe(400);
    expect(long.doc!.querySelector('[name="texts[cs][gift_item]"]')?.getAttribute('value')).toBe('x'.repeat(201));
    expect(row('DAREK')).toBeUndefined();
    const made = await admin.form('/admin/predaj/poukazky', { ...GIFT, 'texts[cs][gift_item]': 'Květináč', 'texts[en][gift_item]': 'Flower pot' });
    expect(made.status).toBe(303);
    const id = row('DAREK')!.id as number;
    const texts = () => shop.db.$client.prepare("SELECT locale, value FROM content_texts WHERE kind = 'voucher' AND row_id = ? ORDER BY locale").all(id);
    expect(texts()).toEqual([{ locale: 'cs', value: 'Květináč' }, { locale: 'en', value: 'Flower pot' }]);
    const form = await admin.get(`/admin/predaj/poukazky/${id}`);
    expect(form.doc!.querySelector('[name="texts[cs][gift_item]"]')?.getAttribute('value')).toBe('Květináč');
    const version = form.doc!.querySelector('input[name="version"]')!.getAttribute('value')!;
    await admin.form(`/admin/predaj/poukazky/${id}`, { ...GIFT, version, 'texts[cs][gift_item]': 'Květináč', 'texts[en][gift_item]': '' });
    expect(texts()).toEqual([{ locale: 'cs', value: 'Květináč' }]);
    expect(JSON.parse(auditRows(shop, 'selling.voucher.update').at(-1)!.before!).texts).toMatchObject({ en: { gift_item: 'Flower pot' } });
  });
});
