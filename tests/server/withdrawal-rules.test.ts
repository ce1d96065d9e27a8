import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestShop, type TestShop } from '../setup/test-app';
import { runConcurrently } from '../setup/concurrent';
import { newWithdrawalToken } from '../../server/withdrawal/withdrawal-token';
import { WITHDRAWAL_LIMIT } from '../../server/withdrawal/withdrawal.pages';
import { Browser } from './payments-helpers';
import { formFields, GUEST, guestOrder, identify, SK_FORM, withdraw, withdrawalsOf, type Placed } from './withdrawal-helpers';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

/**
 * Issue 17, "Bad input" and the rules of the withdrawal function: it never tells a stranger whether an
 * order exists, it is rate limited per client address, every wrong input gets its own message in the
 * shopper's language, nothing is created twice, never a 500.
 */
let shop: TestShop;
let placed: Placed;
beforeAll(async () => {
  shop = createTestShop({ products: 40 });
  placed = await guestOrder(shop);
});
afterAll(() => {
  // No request of this file may have failed on the server.
  expect(shop.errors).toEqual([]);
  shop.close();
});

const text = (doc: Document, selector: string) => doc.querySelector(selector)?.textContent?.trim() ?? '';
const fieldError = (doc: Document, name: string) => text(doc, `#f-${name}-error`);
const NOT_FOUND = 'Objednávku s týmto číslom a e-mailom sme nenašli. Skontrolujte ich v potvrdení objednávky.';

/** The page as the shopper sees it, without what differs per request (the CSRF token, the request id). */
function visible(html: string): string {
  return html.replace(/name="_csrf" value="[^"]*"/g, '').replace(/"csrf":"[^"]*"/g, '').replace(/data-request-id="[^"]*"/g, '');
}

describe('it never tells whether an order exists to someone without its number and e-mail', () => {
  it('an unknown number and a wrong e-mail get the same answer, byte for byte', async () => {
    const b = new Browser(shop);
    const unknown = await identify({ ...placed, b }, { documentNumber: String(Number(placed.documentNumber) + 7) });
    const wrongEmail = await identify({ ...placed, b }, { email: 'someone.else@example.sk' });
    const otherShop = await identify({ ...placed, b }, { documentNumber: '2620000001' });
    for (const answer of [unknown, wrongEmail, otherShop]) {
      expect(answer.status).toBe(404);
      expect(text(answer.doc!, '[role="alert"]')).toBe(NOT_FOUND);
      expect(answer.doc!.querySelector('form.withdrawal__form')).toBeNull();
    }
    expect(visible(wrongEmail.text).replace(/value="someone\.else@example\.sk"/, '')).toBe(visible(unknown.text).replace(/value="jan@example\.sk"/, '').replace(new RegExp(`value="${Number(placed.documentNumber) + 7}"`), `value="${placed.documentNumber}"`));
  });

  it('the name is not compared: the right number and e-mail with any name open step 2, a wrong pair with the buyer\'s name does not', async () => {
    const b = new Browser(shop);
    expect((await identify({ ...placed, b }, { name: 'Mária Nováková' })).status).toBe(200);
    expect((await identify({ ...placed, b }, { name: 'Ján Novák', email: 'x@example.sk' })).status).toBe(404);
  });

  it('step 2 and the receipts answer 404 for a hash or id that is not an order of this shop', async () => {
    const b = new Browser(shop);
    expect((await b.get(`${SK_FORM}/AAAAAAAAAAAAAAAAAAAAAA`)).status).toBe(404);
    expect((await b.form(`${SK_FORM}/AAAAAAAAAAAAAAAAAAAAAA`, { token: 'x', name: 'a', qty_0: '1' })).status).toBe(404);
  });
});

describe('the look-up is rate limited per client address', () => {
  it(`allows ${WITHDRAWAL_LIMIT.max} look-ups in a window, then refuses even the right ones (429, Retry-After), per address`, async () => {
    shop.clock.set(new Date(shop.clock.now().getTime() + WITHDRAWAL_LIMIT.windowMs + 1000));
    const b = new Browser(shop);
    const mine = { ...placed, b };
    for (let i = 0; i < WITHDRAWAL_LIMIT.max; i += 1) expect((await identify(mine, { email: `guess${i}@example.sk` })).status).toBe(404);
    const limited = await identify(mine);
    expect(limited.status).toBe(429);
    expect(Number(limited.response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(text(limited.doc!, '[role="alert"]')).toMatch(/^Príliš veľa pokusov\. Skúste to znova o \d+ s\.$/);
    expect((limited.doc!.querySelector('input[name="documentNumber"]') as HTMLInputElement).value).toBe(placed.documentNumber);
    // Another address is not limited; this one is again in the next window.
    expect((await identify({ ...placed, b: new Browser(shop) })).status).toBe(200);
    shop.clock.set(new Date(shop.clock.now().getTime() + WITHDRAWAL_LIMIT.windowMs + 1000));
    expect((await identify(mine)).status).toBe(200);
  });
});

describe('bad input in step 1: a message per field, what was typed kept', () => {
  it('empty fields, a number with letters, an e-mail that is not one address', async () => {
    const answer = await identify({ ...placed, b: new Browser(shop) }, { name: '  ', documentNumber: '26a', email: 'a@b.sk, c@d.sk' });
    expect(answer.status).toBe(400);
    expect(fieldError(answer.doc!, 'name')).toBe('Toto pole je povinné');
    expect(fieldError(answer.doc!, 'documentNumber')).toBe('Číslo objednávky obsahuje len číslice');
    expect(fieldError(answer.doc!, 'email')).toBe('Zadajte jednu platnú e-mailovú adresu');
    expect((answer.doc!.querySelector('input[name="email"]') as HTMLInputElement).value).toBe('a@b.sk, c@d.sk');
  });

  it('over-long fields, in the shopper\'s language (Czech shop)', async () => {
    const b = new Browser(shop);
    b.host = 'cz.localhost:3000';
    const answer = await b.form('/odstoupeni-od-smlouvy', { name: 'x'.repeat(121), documentNumber: '1'.repeat(31), email: `${'a'.repeat(120)}@b.cz` });
    expect(answer.status).toBe(400);
    expect(fieldError(answer.doc!, 'name')).toBe('Text je příliš dlouhý');
    expect(fieldError(answer.doc!, 'documentNumber')).toBe('Text je příliš dlouhý');
    expect(fieldError(answer.doc!, 'email')).toBe('Text je příliš dlouhý');
  });

  it('refuses a post without the CSRF proof, as every form', async () => {
    const b = new Browser(shop);
    await b.holdToken();
    const answer = await shop.app.request(SK_FORM, {
      method: 'POST',
      body: new URLSearchParams({ name: GUEST.name, documentNumber: placed.documentNumber, email: GUEST.email }),
      headers: b.headers({ 'content-type': 'application/x-www-form-urlencoded' }),
    });
    expect(answer.status).toBe(403);
  });
});

describe('bad input in step 2: nothing stored, the form sent back with its messages', () => {
  it('no piece chosen, a quantity out of range, an over-long reason, an empty name', async () => {
    const step2 = await placed.b.get(`${SK_FORM}/${placed.hash}`);
    const { action, fields } = formFields(step2.doc!);
    const none = await placed.b.form(action, { ...fields, qty_0: '0', qty_1: '' });
    expect(none.status).toBe(400);
    expect(text(none.doc!, '[data-error-for="items"]')).toBe('Vyberte aspoň jeden tovar');
    // The unticked box stays unticked, the number stays 0.
    expect(formFields(none.doc!).fields).toMatchObject({ qty_0: '0' });
    expect(formFields(none.doc!).fields.qty_1).toBeUndefined();

    const bad = await placed.b.form(action, { ...fields, qty_0: '3', name: '', reason: 'r'.repeat(1001) });
    expect(bad.status).toBe(400);
    expect(fieldError(bad.doc!, 'qty_0')).toBe('Zadajte počet od 0 do 2');
    expect(fieldError(bad.doc!, 'name')).toBe('Toto pole je povinné');
    expect(fieldError(bad.doc!, 'reason')).toBe('Text je príliš dlhý');
    for (const weird of ['-1', '1.5', 'dva', '9999999']) expect((await placed.b.form(action, { ...fields, qty_0: weird })).status).toBe(400);
    expect(withdrawalsOf(shop, placed.id)).toEqual([]);
  });

  it('a forged token, a missing one and another order\'s token are refused with a fresh form; nothing is stored', async () => {
    const other = await guestOrder(shop, { index: 1 });
    const step2 = await placed.b.get(`${SK_FORM}/${placed.hash}`);
    const { action, fields } = formFields(step2.doc!);
    const foreign = newWithdrawalToken(shop.config.secret, other.hash);
    const forged = `${fields.token.split('.')[0]}.${'A'.repeat(43)}`;
    for (const token of [forged, '', 'x', foreign]) {
      const answer = await placed.b.form(action, { ...fields, token });
      expect(answer.status, token).toBe(400);
      expect(text(answer.doc!, '[data-field="form-error"]')).toBe('Formulár nie je platný alebo vypršal. Skontrolujte údaje a potvrďte odstúpenie znova.');
      expect(formFields(answer.doc!).fields.token).not.toBe(token);
    }
    // The other order's confirmed token does not answer its receipt under this order either.
    const done = await withdraw(other);
    const replayed = await placed.b.form(action, { ...fields, token: done.fields.token });
    expect(replayed.status).toBe(400);
    expect(replayed.location).toBeNull();
    expect(withdrawalsOf(shop, placed.id)).toEqual([]);
  });

  it('a multipart post and non-text fields are read as forms, never a 500', async () => {
    const step2 = await placed.b.get(`${SK_FORM}/${placed.hash}`);
    const { action, fields } = formFields(step2.doc!);
    const answer = await placed.b.api('POST', action, { ...fields, qty_0: '0', qty_1: '' });
    expect(answer.status).toBe(400);
    const json = await placed.b.api('POST', action, { ...fields, qty_0: [1], name: { a: 1 } }, { json: true });
    expect(json.status).toBe(400);
    expect(withdrawalsOf(shop, placed.id)).toEqual([]);
  });
});

describe('parallel confirmations from separate connections', () => {
  it('eight workers confirming the same form at the same moment store one withdrawal and all answer it', async () => {
    const order = await guestOrder(shop, { index: 2 });
    const token = newWithdrawalToken(shop.config.secret, order.hash);
    const results = await runConcurrently<{ kind: string; publicId: string; created: boolean }>(join(import.meta.dirname, 'withdrawal.worker.ts'), 8, {
      file: shop.config.dbFile,
      hash: order.hash,
      token,
      now: shop.clock.now().getTime(),
    });
    expect(results.map((r) => r.kind)).toEqual(Array(8).fill('confirmed'));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.publicId)).size).toBe(1);
    expect(withdrawalsOf(shop, order.id)).toHaveLength(1);
    const queued = shop.db.$client.prepare("SELECT COUNT(*) AS n FROM mail_queue WHERE kind LIKE 'withdrawal.%'").get() as { n: number };
    expect(queued.n).toBe(2 * (shop.db.$client.prepare('SELECT COUNT(*) AS n FROM withdrawals').get() as { n: number }).n);
  });
});
