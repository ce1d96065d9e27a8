import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestShop, type TestShop } from '../setup/test-app';
import { parseHtml } from '../setup/html';
import { Browser, CZ_HOST } from './payments-helpers';
import { CZ_FORM, deliver, formFields, GUEST, guestOrder, identify, SK_FORM, withdraw, withdrawalsOf } from './withdrawal-helpers';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

/**
 * Issue 17, "Withdrawal from the contract": from the footer of every page, the order's tracking
 * page and the account's list; step 1 identifies the order, step 2 chooses and confirms; the receipt
 * (page and mail, to the second), the operator's mail, the order showing it; both shops.
 */
let shop: TestShop;
beforeAll(() => {
  shop = createTestShop({ products: 40 });
});
afterAll(() => shop.close());

const text = (doc: Document, selector: string) => doc.querySelector(selector)?.textContent?.trim() ?? '';
const SECONDS = /\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}/;

describe('the footer link, on every page, in every language', () => {
  it('is "Odstúpiť od zmluvy" to /odstupenie-od-zmluvy in the Slovak shop and its Czech words and address in the Czech shop', async () => {
    for (const [host, path, label] of [['127.0.0.1:3000', SK_FORM, 'Odstúpiť od zmluvy'], [CZ_HOST, CZ_FORM, 'Odstoupit od smlouvy']] as const) {
      const b = new Browser(shop);
      b.host = host;
      for (const page of ['/', '/nakupny-kosik', '/sledovanie-zasielky', '/neexistuje-nic']) {
        const { doc } = await b.get(page);
        const link = [...doc!.querySelectorAll('.site-footer a')].find((a) => a.getAttribute('href') === path);
        expect(link?.textContent, `${host}${page}`).toBe(label);
      }
    }
  });

  it('is translated in each of the six languages', async () => {
    const labels = new Set<string>();
    for (const locale of ['sk', 'cs', 'en', 'de', 'ro', 'hu']) {
      const { doc } = await new Browser(shop).get('/sledovanie-zasielky', { cookie: `locale=${locale}` });
      const link = doc!.querySelector(`.site-footer a[href="${SK_FORM}"]`);
      expect(link, locale).not.toBeNull();
      labels.add(link!.textContent!);
    }
    expect(labels.size).toBe(6);
  });
});

describe('step 1: the order number, the e-mail and the name', () => {
  it('is a plain form that needs no JavaScript, never stored by a cache', async () => {
    const b = new Browser(shop);
    const { status, doc, response } = await b.get(SK_FORM);
    expect(status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const form = doc!.querySelector('form.auth-form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe(SK_FORM);
    expect([...form.querySelectorAll('input:not([type="hidden"])')].map((i) => i.getAttribute('name'))).toEqual(['name', 'documentNumber', 'email']);
    expect(form.querySelector('textarea, select')).toBeNull();
  });

  it('each shop answers the other shop\'s address with a 301 to its own', async () => {
    const sk = await new Browser(shop).get(CZ_FORM);
    expect(sk.status).toBe(301);
    expect(sk.location).toBe(SK_FORM);
    const cz = new Browser(shop);
    cz.host = CZ_HOST;
    const answer = await cz.get(`${SK_FORM}/potvrdenie/abc`);
    expect(answer.status).toBe(301);
    expect(answer.location).toBe(`${CZ_FORM}/potvrzeni/abc`);
  });

  it('opens step 2 for the right number and e-mail (any case, spaces around), keeping the typed name', async () => {
    const placed = await guestOrder(shop);
    const { status, doc } = await identify(placed, { email: '  JAN@Example.SK ', name: 'Ján Novák ml.' });
    expect(status).toBe(200);
    expect(text(doc!, 'h1')).toBe('Odstúpiť od zmluvy');
    expect(text(doc!, '.withdrawal__order')).toContain(placed.documentNumber);
    const { action, fields } = formFields(doc!);
    expect(action).toBe(`${SK_FORM}/${placed.hash}`);
    // Every piece is chosen by default: the 2-piece line as a number, the 1-piece line as a ticked box.
    expect(fields).toMatchObject({ qty_0: '2', qty_1: '1', name: 'Ján Novák ml.', reason: '' });
    expect(doc!.querySelector('input[name="qty_1"]')!.getAttribute('type')).toBe('checkbox');
    expect(text(doc!, 'button[data-action="confirm-withdrawal"]')).toBe('Potvrdiť odstúpenie');
  });
});

describe('confirming: the receipt on a durable medium, the operator told, the order showing it', () => {
  it('stores one withdrawal, mails the receipt with the date and time to the second, and shows the same receipt', async () => {
    const placed = await guestOrder(shop);
    const step2 = await identify(placed);
    const { action, fields } = formFields(step2.doc!);
    shop.mail.length = 0;
    shop.clock.set(new Date('2026-11-23T08:15:42.123Z'));
    const answer = await placed.b.form(action, { ...fields, qty_0: '1', reason: 'Nepáči sa mi farba.' });
    expect(answer.status).toBe(303);
    expect(answer.location).toMatch(new RegExp(`^${SK_FORM}/potvrdenie/[A-Za-z0-9_-]{22}$`));

    const [row] = withdrawalsOf(shop, placed.id);
    expect(row).toMatchObject({ name: GUEST.name, email: GUEST.email, reason: 'Nepáči sa mi farba.', created_at: Date.parse('2026-11-23T08:15:42.123Z') });
    expect(row.items.map((i) => i.quantity)).toEqual([1, 1]);
    expect(answer.location).toBe(`${SK_FORM}/potvrdenie/${row.public_id}`);

    await shop.mailsSent();
    const receipt = shop.mail.find((m) => m.to === GUEST.email)!;
    expect(receipt.subject).toBe(`Potvrdenie o odstúpení od zmluvy – objednávka č. ${placed.documentNumber}`);
    // 08:15:42 UTC is 09:15:42 in Bratislava: the shopper's clock, to the second.
    expect(receipt.text).toContain('23.11.2026 09:15:42');
    expect(receipt.text).toContain(row.public_id);
    expect(receipt.text).toContain('Nepáči sa mi farba.');
    expect(receipt.text).toContain(`1 × ${row.items[0].name}`);
    expect(receipt.html).toContain('23.11.2026 09:15:42');
    const operator = shop.mail.find((m) => m.to !== GUEST.email)!;
    expect(operator.to).toBe('info@obchod.sk');
    expect(operator.subject).toBe(`Odstúpenie od zmluvy – objednávka č. ${placed.documentNumber}`);
    expect(operator.text).toContain('23.11.2026 09:15:42');
    expect(shop.mail).toHaveLength(2);

    const page = await placed.b.get(answer.location!);
    expect(page.status).toBe(200);
    expect(text(page.doc!, 'h1')).toBe('Potvrdenie o odstúpení od zmluvy');
    expect(text(page.doc!, '[data-field="when"]')).toBe('23.11.2026 09:15:42');
    expect(text(page.doc!, '[data-field="receipt-id"]')).toBe(row.public_id);
    expect(text(page.doc!, '[data-field="items"]')).toContain(`1 × ${row.items[0].name}`);
    expect(text(page.doc!, '[data-field="mail"]')).toBe(`Potvrdenie sme poslali na ${GUEST.email}.`);

    // The tracking page shows it and still offers the piece left.
    const tracking = await placed.b.get(`/sledovanie-zasielky/${placed.hash}`);
    expect(text(tracking.doc!, '[data-field="withdrawal"]')).toMatch(/Odstúpenie zo dňa 23\.11\.2026 09:15:42/);
    expect(tracking.doc!.querySelector('[data-field="withdrawal"] a')!.getAttribute('href')).toBe(answer.location);
    expect(tracking.doc!.querySelector('a[data-action="withdraw"]')!.getAttribute('href')).toBe(`${SK_FORM}/${placed.hash}`);
  });

  it('a second withdrawal takes what was left; then the order is withdrawn in full and offers no form', async () => {
    const placed = await guestOrder(shop, { index: 1 });
    expect((await withdraw(placed, { qty_0: '1', qty_1: '' })).status).toBe(303);
    const second = await withdraw(placed);
    expect(second.fields).toMatchObject({ qty_0: '1' });
    expect(second.fields.qty_1).toBe('1');
    expect(second.status).toBe(303);
    expect(withdrawalsOf(shop, placed.id).map((w) => w.items.map((i) => i.quantity))).toEqual([[1], [1, 1]]);

    const step2 = await placed.b.get(`${SK_FORM}/${placed.hash}`);
    expect(step2.doc!.querySelector('form.withdrawal__form')).toBeNull();
    expect(text(step2.doc!, '[data-field="notice"]')).toBe('Od kúpy všetkého tovaru z tejto objednávky ste už odstúpili.');
    expect(step2.doc!.querySelectorAll('[data-field="earlier"] a')).toHaveLength(2);
    const tracking = await placed.b.get(`/sledovanie-zasielky/${placed.hash}`);
    expect(tracking.doc!.querySelector('a[data-action="withdraw"]')).toBeNull();
    expect(tracking.doc!.querySelectorAll('[data-field="withdrawal"] li')).toHaveLength(2);
  });

  it('the Czech shop: Czech words and address, the receipt mail in Czech, the Czech supplier as the operator', async () => {
    const placed = await guestOrder(shop, { cz: true });
    const tracking = await placed.b.get(`/sledovanie-zasielky/${placed.hash}`);
    const link = tracking.doc!.querySelector('a[data-action="withdraw"]')!;
    expect(link.getAttribute('href')).toBe(`${CZ_FORM}/${placed.hash}`);
    expect(link.textContent).toBe('Odstoupit od smlouvy');
    shop.mail.length = 0;
    const answer = await withdraw(placed);
    expect(answer.status).toBe(303);
    expect(answer.location).toMatch(new RegExp(`^${CZ_FORM}/potvrzeni/`));
    const page = await placed.b.get(answer.location!);
    expect(text(page.doc!, 'h1')).toBe('Potvrzení o odstoupení od smlouvy');
    await shop.mailsSent();
    expect(shop.mail.find((m) => m.to === GUEST.email)!.subject).toBe(`Potvrzení o odstoupení od smlouvy – objednávka č. ${placed.documentNumber}`);
    expect(shop.mail.find((m) => m.to === 'info@obchod.cz')!.subject).toBe(`Odstúpenie od zmluvy – objednávka č. ${placed.documentNumber}`);
    // A Czech order is not found under the Slovak shop, by number nor by hash.
    const sk = new Browser(shop);
    expect((await sk.form(SK_FORM, { name: GUEST.name, documentNumber: placed.documentNumber, email: GUEST.email })).status).toBe(404);
    expect((await sk.get(`${SK_FORM}/${placed.hash}`)).status).toBe(404);
  });

  it('a signed-in shopper finds the link on each order in /moje/objednavky, and the date once withdrawn', async () => {
    const b = new Browser(shop);
    await b.signUpAndIn('odstupenie@example.sk');
    const { placeOrder } = await import('./payments-helpers');
    const order = await placeOrder(shop, b);
    const list = await b.get('/moje/objednavky');
    const link = list.doc!.querySelector(`tr[data-order="${order.documentNumber}"] a[data-withdrawal]`)!;
    expect(link.getAttribute('href')).toBe(`${SK_FORM}/${order.hash}`);
    expect(link.getAttribute('data-withdrawal')).toBe('open');
    expect(link.textContent).toBe('Odstúpiť od zmluvy');

    const step2 = await b.get(link.getAttribute('href')!);
    const { action, fields } = formFields(step2.doc!);
    expect(fields.name).toBe('Ján Novák');
    shop.clock.set(new Date('2026-11-24T09:00:00Z'));
    expect((await b.form(action, fields)).status).toBe(303);
    const after = await b.get('/moje/objednavky');
    const done = after.doc!.querySelector(`tr[data-order="${order.documentNumber}"] a[data-withdrawal]`)!;
    expect(done.getAttribute('data-withdrawal')).toBe('done');
    expect(done.textContent).toBe('Odstúpenie 24.11.2026');
  });
});

describe('the withdrawal period', () => {
  it('runs from the order while not delivered, to the end of the 14th day after delivery, then refuses saying until when', async () => {
    const placed = await guestOrder(shop, { index: 2 });
    // Two months after ordering and still not delivered: open.
    shop.clock.set(new Date('2027-01-22T10:00:00Z'));
    const undelivered = await identify(placed);
    expect(text(undelivered.doc!, '[data-field="notice"]')).toBe('Objednávka ešte nebola doručená. Od zmluvy môžete odstúpiť už teraz, aj do 14 dní od prevzatia tovaru.');
    const early = formFields(undelivered.doc!);

    // Delivered on Tuesday 26.1.2027 at 15:00 local: open until Tuesday 9.2.2027, 23:59:59.999 local.
    deliver(shop, placed.id, new Date('2027-01-26T14:00:00Z'));
    shop.clock.set(new Date('2027-02-09T22:59:59.999Z'));
    const last = await identify(placed);
    expect(text(last.doc!, '[data-field="notice"]')).toBe('Od zmluvy môžete odstúpiť do 09.02.2027.');

    shop.clock.set(new Date('2027-02-09T23:00:00.000Z'));
    const late = await identify(placed);
    expect(late.status).toBe(200);
    expect(late.doc!.querySelector('form.withdrawal__form')).toBeNull();
    expect(text(late.doc!, '[role="alert"]')).toBe('Lehota na odstúpenie od zmluvy uplynula. Od tejto objednávky bolo možné odstúpiť do 09.02.2027 (14 dní od doručenia 26.01.2027).');
    // A form shown in time and sent a millisecond too late is refused the same way, and nothing is stored.
    const refused = await placed.b.form(early.action, early.fields);
    expect(refused.status).toBe(409);
    expect(text(refused.doc!, '[data-field="notice"]')).toContain('Lehota na odstúpenie od zmluvy uplynula.');
    expect(withdrawalsOf(shop, placed.id)).toEqual([]);
    const tracking = await placed.b.get(`/sledovanie-zasielky/${placed.hash}`);
    expect(tracking.doc!.querySelector('a[data-action="withdraw"]')).toBeNull();
  });

  it('a cancelled order says so and offers no form', async () => {
    const placed = await guestOrder(shop, { index: 3 });
    const { cancelOrder } = await import('../../server/orders/order-lifecycle');
    expect(cancelOrder(shop.db, { orderId: placed.id, now: shop.clock.now() })).toBe(true);
    const page = await identify(placed);
    expect(page.doc!.querySelector('form.withdrawal__form')).toBeNull();
    expect(text(page.doc!, '[role="alert"]')).toBe('Objednávka bola zrušená, od zmluvy preto nie je potrebné odstúpiť. Ak ste ju už zaplatili, peniaze vám vrátime.');
  });
});

describe('confirming twice creates nothing twice', () => {
  it('the same form posted again (reload, back button, replay) answers the same receipt, with no second mail', async () => {
    const placed = await guestOrder(shop, { index: 4 });
    const first = await withdraw(placed);
    await shop.mailsSent();
    shop.mail.length = 0;
    const again = await placed.b.form(first.action, first.fields);
    expect(again.status).toBe(303);
    expect(again.location).toBe(first.location);
    expect(withdrawalsOf(shop, placed.id)).toHaveLength(1);
    await shop.mailsSent();
    expect(shop.mail).toEqual([]);
  });

  it('parallel confirmations of one form (a double click) store one withdrawal and answer one receipt', async () => {
    const placed = await guestOrder(shop, { index: 5 });
    const step2 = await placed.b.get(`${SK_FORM}/${placed.hash}`);
    const { action, fields } = formFields(step2.doc!);
    const answers = await Promise.all(Array.from({ length: 6 }, () => placed.b.form(action, fields)));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(303));
    expect(new Set(answers.map((a) => a.location)).size).toBe(1);
    expect(withdrawalsOf(shop, placed.id)).toHaveLength(1);
    const queued = shop.db.$client.prepare("SELECT COUNT(*) AS n FROM mail_queue WHERE kind LIKE 'withdrawal.%' AND ref LIKE ?").get(`%"withdrawal":${withdrawalsOf(shop, placed.id)[0].id}}`) as { n: number };
    expect(queued.n).toBe(2);
  });
});

describe('the receipt page', () => {
  it('answers 404 for an unknown id and for another shop\'s receipt', async () => {
    const b = new Browser(shop);
    expect((await b.get(`${SK_FORM}/potvrdenie/AAAAAAAAAAAAAAAAAAAAAA`)).status).toBe(404);
    expect((await b.get(`${SK_FORM}/potvrdenie/<script>`)).status).toBe(404);
    const cz = await guestOrder(shop, { cz: true, index: 6 });
    const receipt = (await withdraw(cz)).location!.split('/').pop()!;
    expect((await cz.b.get(`${CZ_FORM}/potvrzeni/${receipt}`)).status).toBe(200);
    const elsewhere = await b.get(`${SK_FORM}/potvrdenie/${receipt}`);
    expect(elsewhere.status).toBe(404);
    expect(parseHtml(elsewhere.text).querySelector('[data-field="receipt-id"]')).toBeNull();
  });
});
