import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cancelOrder } from '../../server/orders/order-lifecycle';
import { CUSTOMER } from '../setup/customer';
import { Browser } from './accounts.client';
import { cameraJpeg, claimCount, claimShop, CZ_HOST, placeOrder, sendClaim } from './claims.helpers';
import type { PlacedOrder } from './payments-helpers';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let shop: ReturnType<typeof claimShop>;
let order: PlacedOrder;
let types: Record<string, { id: number; success: string; fail: string }>;

const input = (doc: Document, name: string) => doc.querySelector(`[name="${name}"]`) as HTMLInputElement;

beforeAll(async () => {
  shop = claimShop();
  order = await placeOrder(shop, new Browser(shop), { payment: 1 });
  const rows = shop.db.$client.prepare('SELECT id, code, success, fail FROM claim_types').all() as { id: number; code: string; success: string; fail: string }[];
  types = Object.fromEntries(rows.map((r) => [r.code, r]));
});
afterAll(() => shop.close());

describe('the claim page', () => {
  it('is linked from the footer of both shops, each in its own words', async () => {
    const b = new Browser(shop);
    const sk = await b.get('/');
    const skLink = [...sk.doc!.querySelectorAll('.site-footer a')].find((a) => a.textContent === 'Reklamácia')!;
    expect(skLink.getAttribute('href')).toBe('/reklamacia');
    const cz = await b.get('/', { host: CZ_HOST });
    const czLink = [...cz.doc!.querySelectorAll('.site-footer a')].find((a) => a.textContent === 'Reklamace')!;
    expect(czLink.getAttribute('href')).toBe('/reklamace');
  });

  it('asks a guest for the order number and e-mail in a multipart form that works without JavaScript', async () => {
    const b = new Browser(shop);
    const { status, response, doc } = await b.get('/reklamacia');
    expect(status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(doc!.querySelector('h1')!.textContent).toBe('Reklamácia');
    const form = doc!.querySelector('form.claim-form')!;
    expect([form.getAttribute('method'), form.getAttribute('action'), form.getAttribute('enctype')]).toEqual(['post', '/reklamacia', 'multipart/form-data']);
    expect(input(doc!, '_csrf').value).toBe(b.csrf);
    expect(input(doc!, '_submit').value).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(doc!.querySelector('label[for="f-documentNumber"]')!.textContent).toBe('Číslo objednávky alebo faktúry');
    expect(input(doc!, 'email').getAttribute('type')).toBe('email');
    expect([...doc!.querySelectorAll('input[name="type"]')].map((r) => r.closest('label')!.querySelector('strong')!.textContent)).toEqual([
      'Vada tovaru',
      'Poškodenie pri preprave',
      'Chýbajúci tovar',
      'Nesprávny tovar',
    ]);
    expect(doc!.querySelector('textarea[name="note"]')).not.toBeNull();
    const photos = input(doc!, 'photos');
    expect([photos.type, photos.hasAttribute('multiple'), photos.getAttribute('accept')]).toEqual(['file', true, 'image/jpeg,image/png,image/webp']);
    expect(doc!.querySelector('input[name="purchase"]')).toBeNull();
  });

  it('answers in Czech at /reklamace and sends each shop’s visitors from the other’s address to its own', async () => {
    const b = new Browser(shop);
    const cz = await b.get('/reklamace', { host: CZ_HOST });
    expect(cz.status).toBe(200);
    expect(cz.doc!.querySelector('h1')!.textContent).toBe('Reklamace');
    expect(cz.doc!.querySelector('form.claim-form')!.getAttribute('action')).toBe('/reklamace');
    expect(cz.doc!.querySelector('form.claim-form button[type="submit"]')!.textContent).toBe('Odeslat reklamaci');
    expect((await b.get('/reklamacia', { host: CZ_HOST })).location).toBe('/reklamace');
    expect((await b.get('/reklamace')).location).toBe('/reklamacia');
    const moved = await b.get(`/reklamace/${order.hash}`);
    expect([moved.status, moved.location]).toEqual([301, `/reklamacia/${order.hash}`]);
  });

  it('is reached from the tracking page with the order known, and not for a cancelled order', async () => {
    const b = new Browser(shop);
    const tracking = await b.get(`/sledovanie-zasielky/${order.hash}`);
    const link = tracking.doc!.querySelector('[data-action="claim"]')!;
    expect(link.textContent).toBe('Reklamovať');
    const { status, doc } = await b.get(link.getAttribute('href')!);
    expect(status).toBe(200);
    expect(doc!.querySelector('[data-field="order"]')!.textContent).toContain(`Objednávka č. ${order.documentNumber}`);
    expect(input(doc!, 'purchase').value).toBe(order.hash);
    expect(input(doc!, 'documentNumber').value).toBe(order.documentNumber);
    expect(doc!.querySelector('input[name="email"]')).toBeNull();

    const cancelled = await placeOrder(shop, new Browser(shop), { payment: 1 });
    cancelOrder(shop.db, { orderId: cancelled.id, now: shop.clock.now() });
    expect((await b.get(`/sledovanie-zasielky/${cancelled.hash}`)).doc!.querySelector('[data-action="claim"]')).toBeNull();
    expect((await b.get(`/reklamacia/${'x'.repeat(22)}`)).status).toBe(404);
  });
});

describe('POST /reklamacia', () => {
  it('shows the form again with what was typed, a message per field and the server’s detail', async () => {
    const b = new Browser(shop);
    const sent = await sendClaim(shop, b, '/reklamacia', { documentNumber: order.documentNumber, email: 'a"><b>@example.sk', note: '  ' }, [{ name: 'a.jpg', bytes: await cameraJpeg(50, 50) }]);
    expect(sent.status).toBe(400);
    const doc = sent.doc!;
    expect(doc.querySelector('[data-field="form-error"]')!.textContent).toBe('Reklamáciu sa nepodarilo odoslať. Skontrolujte označené údaje.');
    expect(doc.querySelector('#f-note-error')!.textContent).toBe('Opíšte, čo sa stalo');
    expect(doc.querySelector('#f-type-error')!.textContent).toBe('Vyberte, čo reklamujete');
    expect(doc.querySelector('#f-email-error')!.textContent).toBe('Zadajte e-mail, ktorý ste uviedli pri objednávke');
    expect(input(doc, 'email').value).toBe('a"><b>@example.sk');
    expect(sent.text).not.toContain('"><b>');
    expect(input(doc, 'documentNumber').value).toBe(order.documentNumber);
    expect(doc.querySelector('[data-field="photos-lost"]')).not.toBeNull();

    const typed = await sendClaim(shop, b, '/reklamacia', { documentNumber: order.documentNumber, email: CUSTOMER.email, note: '', type: String(types.missing.id) });
    expect(typed.doc!.querySelector('[data-field="form-error"]')!.textContent).toBe(types.missing.fail);
    expect((typed.doc!.querySelector(`input[name="type"][value="${types.missing.id}"]`) as HTMLInputElement).checked).toBe(true);
    expect(typed.doc!.querySelector('[data-field="photos-lost"]')).toBeNull();
  });

  it('says the same for an unknown order and a wrong e-mail, keeping what was typed', async () => {
    const fields = { note: 'Nefunguje.', type: String(types.defect.id) };
    const unknown = await sendClaim(shop, new Browser(shop), '/reklamacia', { ...fields, documentNumber: '2619999999', email: CUSTOMER.email });
    const wrong = await sendClaim(shop, new Browser(shop), '/reklamacia', { ...fields, documentNumber: order.documentNumber, email: 'iny@example.sk' });
    for (const page of [unknown, wrong]) {
      expect(page.status).toBe(404);
      expect(page.doc!.querySelector('[data-field="form-error"]')!.textContent).toBe('Objednávku s týmto číslom a e-mailom sme nenašli.');
      expect(page.doc!.querySelector('textarea[name="note"]')!.textContent).toBe('Nefunguje.');
    }
  });

  it('files the claim, answers 303 to a receipt only this visitor sees; a replay lands on the same receipt', async () => {
    const b = new Browser(shop);
    const form = (await b.get(`/reklamacia/${order.hash}`)).doc!;
    const fields = { purchase: order.hash, documentNumber: order.documentNumber, _submit: input(form, '_submit').value, note: 'Chýba kábel.', type: String(types.missing.id) };
    const before = claimCount(shop);
    const sent = await sendClaim(shop, b, '/reklamacia', fields, [{ name: 'balik.jpg', bytes: await cameraJpeg(400, 300) }]);
    expect(sent.status, sent.text.slice(0, 300)).toBe(303);
    expect(sent.location).toMatch(/^\/reklamacia\/prijata\/R[0-9A-Z]{9}$/);
    const number = sent.location!.split('/').pop()!;
    const receipt = await b.get(sent.location!);
    expect(receipt.status).toBe(200);
    expect(receipt.response.headers.get('cache-control')).toBe('no-store');
    expect(receipt.doc!.querySelector('h1')!.textContent).toBe(`Reklamáciu č. ${number} sme prijali`);
    expect(receipt.doc!.querySelector('[data-field="message"]')!.textContent).toBe(types.missing.success);
    expect(receipt.doc!.querySelector('[data-field="type"]')!.textContent).toBe('Chýbajúci tovar');
    expect(receipt.doc!.querySelector('[data-field="order"]')!.textContent).toBe(order.documentNumber);
    expect(receipt.doc!.querySelector('[data-field="photos"]')!.textContent).toBe('1');
    expect(receipt.doc!.querySelector('[data-field="receipt-mail"]')!.textContent).toBe(`Potvrdenie reklamácie posielame na ${CUSTOMER.email}.`);

    const again = await sendClaim(shop, b, '/reklamacia', fields, [{ name: 'balik.jpg', bytes: await cameraJpeg(400, 300) }]);
    expect(again.location).toBe(sent.location);
    expect(claimCount(shop)).toBe(before + 1);
    expect((await new Browser(shop).get(sent.location!)).status).toBe(404);
  });
});

describe('signed in', () => {
  it('claims an own order from /moje/objednavky; the claim records who filed it', async () => {
    const b = new Browser(shop);
    await b.signUpAndIn('reklamacia@example.sk');
    const mine = await placeOrder(shop, b, { payment: 1 });
    const list = await b.get('/moje/objednavky');
    const link = list.doc!.querySelector(`[data-claim="${mine.documentNumber}"]`)!;
    expect(link.getAttribute('href')).toBe(`/reklamacia/${mine.hash}`);
    const guestForm = await b.get('/reklamacia');
    expect(guestForm.doc!.querySelector('.claim-page a[href="/moje/objednavky"]')!.textContent).toBe('Reklamovať môžete aj priamo zo svojich nákupov.');
    const form = (await b.get(link.getAttribute('href')!)).doc!;
    const sent = await sendClaim(shop, b, '/reklamacia', { purchase: input(form, 'purchase').value, _submit: input(form, '_submit').value, note: 'Nesprávna farba.', type: String(types.wrong.id) });
    expect(sent.status).toBe(303);
    const claim = shop.db.$client.prepare('SELECT user_id, document_number FROM claims WHERE number = ?').get(sent.location!.split('/').pop()) as { user_id: number; document_number: string };
    const user = shop.db.$client.prepare("SELECT id FROM users WHERE email = 'reklamacia@example.sk'").get() as { id: number };
    expect(claim).toEqual({ user_id: user.id, document_number: mine.documentNumber });
  });
});
