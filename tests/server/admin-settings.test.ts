import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { partnerOrigins } from '../../server/settings/settings.service';
import { createTestShop, type TestShop } from '../setup/test-app';
import { auditRows, createStaff, StaffBrowser } from './admin.client';
import { Browser, placeOrder } from './payments-helpers';
import { pdfText } from './pdf-text';

let shop: TestShop;
let admin: StaffBrowser;

beforeAll(async () => {
  shop = createTestShop({ products: 10 });
  const member = await createStaff(shop, 'ROLE_ADMIN');
  admin = new StaffBrowser(shop);
  await admin.signIn(member);
});
afterAll(() => shop.close());

const SUPPLIER = {
  name: 'Nová firma s.r.o.', street: 'Dlhá 5', zip: '010 01', town: 'Žilina', country: 'sk', companyNumber: '87654321', taxNumber: '2029876543',
  vatNumber: 'SK2029876543', register: 'OR OS Žilina, oddiel Sro, vložka 1/L', email: 'faktury@nova.sk', phone: '+421 41 123 4567',
  bankName: 'Slovenská sporiteľňa', beneficiary: 'Nová firma s.r.o.', iban: 'SK31 1200 0000 1987 4263 7541', swift: 'GIBASKBX', account: 'SK31 1200 0000 1987 4263 7541',
};

describe('supplier and bank account', () => {
  it('refuses a wrong IBAN and IČO with their messages, keeping every value typed', async () => {
    const wrong = await admin.form('/admin/nastavenia/dodavatel/sk', { ...SUPPLIER, iban: 'SK31 1200 0000 1987 4263 7542', companyNumber: '12' });
    expect(wrong.status).toBe(400);
    expect(wrong.doc!.querySelector('#f-iban-error')?.textContent).toBe('Toto nie je platný IBAN');
    expect(wrong.doc!.querySelector('#f-companyNumber-error')?.textContent).toBe('IČO má 6 až 8 číslic');
    expect(wrong.doc!.querySelector('input[name="town"]')?.getAttribute('value')).toBe('Žilina');
    expect(wrong.doc!.querySelector('input[name="iban"]')?.getAttribute('value')).toBe('SK31 1200 0000 1987 4263 7542');
    expect(auditRows(shop, 'settings.supplier')).toHaveLength(0);
  });

  it('stores a valid change through the supplier service, audited before → after; the next invoice prints it', async () => {
    const saved = await admin.form('/admin/nastavenia/dodavatel/sk', SUPPLIER);
    expect(saved.location).toBe('/admin/nastavenia?ok=supplier');
    const [row] = auditRows(shop, 'settings.supplier');
    expect(row).toMatchObject({ subject: 'sk', section: 'settings' });
    expect(JSON.parse(row.before!).iban).toBe('SK2411000000002612345678');
    expect(JSON.parse(row.after!).iban).toBe('SK3112000000198742637541');
    // The same values again change nothing and write no row.
    await admin.form('/admin/nastavenia/dodavatel/sk', SUPPLIER);
    expect(auditRows(shop, 'settings.supplier')).toHaveLength(1);
    const order = await placeOrder(shop, new Browser(shop), { payment: 2 });
    await admin.form(`/admin/objednavky/${order.documentNumber}/zaplatena`);
    const invoice = pdfText(Buffer.from(await (await shop.app.request(`/admin/objednavky/${order.documentNumber}/faktura.pdf`, { headers: admin.headers() }, admin.env())).arrayBuffer()));
    expect(invoice).toContain('Nová firma s.r.o.');
    expect(invoice).toContain('IČO: 87654321');
  });
});

describe('shop addresses, partner origins, mail', () => {
  it('the operator address and sender stored here win over MAIL_OPERATOR and MAIL_FROM for the next mail', async () => {
    const bad = await admin.form('/admin/nastavenia/posta', { from: 'obchod <nie-je-adresa>', operator: 'x@' });
    expect(bad.status).toBe(400);
    expect(bad.doc!.querySelector('[data-form="mail"] #f-from-error')?.textContent).toBe('Zadajte e-mail alebo Meno <e-mail>');
    expect(bad.doc!.querySelector('[data-form="mail"] #f-operator-error')).not.toBeNull();
    expect(bad.doc!.querySelector('[data-form="mail"] input[name="operator"]')?.getAttribute('value')).toBe('x@');
    // The other forms show what is stored, without messages.
    expect(bad.doc!.querySelector('[data-form="shops"] .form-field__error')).toBeNull();
    expect((await admin.form('/admin/nastavenia/posta', { from: 'Obchod Nová <predaj@nova.sk>', operator: 'Prevadzka@Nova.sk' })).location).toBe('/admin/nastavenia?ok=mail');
    const order = await placeOrder(shop, new Browser(shop), { payment: 2 });
    await shop.mailsSent();
    const mails = shop.mail.filter((m) => m.subject.includes(order.documentNumber));
    expect(mails.map((m) => m.to).sort()).toEqual(['jan@example.sk', 'prevadzka@nova.sk']);
    for (const m of mails) expect(m.from).toBe('Obchod Nová <predaj@nova.sk>');
    // Emptied: the environment counts again (empty MAIL_OPERATOR = the supplier's e-mail).
    await admin.form('/admin/nastavenia/posta', { from: '', operator: '' });
    const next = await placeOrder(shop, new Browser(shop), { payment: 2 });
    await shop.mailsSent();
    const operatorMail = shop.mail.find((m) => m.subject.includes(next.documentNumber) && m.to !== 'jan@example.sk')!;
    expect(operatorMail.to).toBe('faktury@nova.sk');
    expect(operatorMail.from).toBe('obchod <obchod@localhost>');
    const rows = auditRows(shop, 'settings.mail');
    expect(rows).toHaveLength(2);
    expect(JSON.parse(rows[0].after!)).toEqual({ 'mail.from': 'Obchod Nová <predaj@nova.sk>', 'mail.operator': 'prevadzka@nova.sk' });
  });

  it('partner origins are validated, stored and merged with configured ones by partnerOrigins(db)', async () => {
    const bad = await admin.form('/admin/nastavenia/partneri', { origins: 'https://partner.sk\nhttp://cudzi.sk\nhttps://x.sk/cesta' });
    expect(bad.status).toBe(400);
    expect(bad.doc!.querySelector('[data-form="partners"] textarea')?.textContent).toContain('http://cudzi.sk');
    await admin.form('/admin/nastavenia/partneri', { origins: 'https://Partner.sk\nhttps://recepty.cz, http://localhost:5173' });
    expect(partnerOrigins(shop.db)).toEqual(['https://partner.sk', 'https://recepty.cz', 'http://localhost:5173']);
    expect(partnerOrigins(shop.db, ['https://recepty.cz', 'https://env.sk'])).toEqual(['https://recepty.cz', 'https://env.sk', 'https://partner.sk', 'http://localhost:5173']);
  });

  it('host names and origins are validated and apply when the shop starts', async () => {
    const shared = await admin.form('/admin/nastavenia/obchody', { skHosts: 'obchod.sk', czHosts: 'obchod.cz, obchod.sk', skOrigin: '', czOrigin: '' });
    expect(shared.status).toBe(400);
    expect(shared.doc!.querySelector('#f-czHosts-error')?.textContent).toBe('Ten istý hostiteľ nemôže patriť obom obchodom');
    const wrong = await admin.form('/admin/nastavenia/obchody', { skHosts: 'obchod.sk', czHosts: 'obchod_cz', skOrigin: 'https://obchod.sk/sk', czOrigin: 'ftp://obchod.cz' });
    for (const field of ['czHosts', 'skOrigin', 'czOrigin']) expect(wrong.doc!.querySelector(`#f-${field}-error`), field).not.toBeNull();
    expect(wrong.doc!.querySelector('input[name="czOrigin"]')?.getAttribute('value')).toBe('ftp://obchod.cz');
    const saved = await admin.form('/admin/nastavenia/obchody', { skHosts: '127.0.0.1, localhost, www.obchod.sk', czHosts: 'cz.localhost, obchod.cz', skOrigin: '', czOrigin: 'https://obchod.cz' });
    expect(saved.location).toBe('/admin/nastavenia?ok=shops');
    // The running app keeps its addresses; a new start (same database) reads the stored ones.
    const restarted = createApp({ db: shop.db, config: shop.config, clock: shop.clock, mailer: { send: async () => {} }, logger: { error: () => {}, info: () => {} } });
    const cz = await restarted.request('/', { headers: { host: 'obchod.cz' } });
    expect(cz.headers.get('content-language')).toBe('cs');
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(await cz.text())?.[1];
    expect(canonical).toBe('https://obchod.cz/');
    expect((await shop.app.request('/', { headers: { host: 'obchod.cz' } })).headers.get('content-language')).toBe('sk');
    const page = await admin.get('/admin/nastavenia');
    expect(page.doc!.querySelector('input[name="czOrigin"]')?.getAttribute('value')).toBe('https://obchod.cz');
  });
});
