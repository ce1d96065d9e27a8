import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLAIM_LIMIT } from '../../server/claims/claims.http';
import { markOrderPaid } from '../../server/orders/order-lifecycle';
import { cancelOrder } from '../../server/orders/order-lifecycle';
import { CUSTOMER } from '../setup/customer';
import { Browser } from './accounts.client';
import { cameraJpeg, claimCount, claimShop, CZ_HOST, OPERATOR, photoRows, placeOrder, sendClaim, storedFiles, withoutRequestId } from './claims.helpers';
import type { PlacedOrder } from './payments-helpers';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let shop: ReturnType<typeof claimShop>;
let order: PlacedOrder;
let types: { id: number; name: string; description: string; success: string; fail: string }[];

const API = '/api/claim';
const row = (number: string) =>
  shop.db.$client.prepare('SELECT c.*, o.document_number AS order_number FROM claims c JOIN orders o ON o.id = c.order_id WHERE c.number = ?').get(number) as Record<string, any>;
const mailsTo = (to: string) => shop.mail.filter((m) => m.to === to);

beforeAll(async () => {
  shop = claimShop();
  order = await placeOrder(shop, new Browser(shop), { payment: 1 });
  const b = new Browser(shop);
  types = (await b.api('GET', '/api/claim/type')).json;
});
afterAll(() => shop.close());

describe('GET /api/claim/type (spec 7 "Claim: get type")', () => {
  it('lists the seeded types with name, description, success and fail texts in the shop language', async () => {
    expect(types.map((t) => t.name)).toEqual(['Vada tovaru', 'Poškodenie pri preprave', 'Chýbajúci tovar', 'Nesprávny tovar']);
    for (const t of types) {
      expect(Object.keys(t).sort()).toEqual(['description', 'fail', 'id', 'name', 'success']);
      expect(t.description && t.success && t.fail).toBeTruthy();
    }
    const cz = await new Browser(shop).get('/api/claim/type', { host: CZ_HOST });
    const czTypes = JSON.parse(cz.text) as typeof types;
    expect(czTypes.map((t) => t.name)).toEqual(['Vada zboží', 'Poškození při přepravě', 'Chybějící zboží', 'Nesprávné zboží']);
    expect(czTypes.map((t) => t.id)).toEqual(types.map((t) => t.id));
  });

  it('offers no type the shop stopped offering', async () => {
    shop.db.$client.prepare("UPDATE claim_types SET active = 0 WHERE code = 'wrong'").run();
    const listed = (await new Browser(shop).api('GET', '/api/claim/type')).json as typeof types;
    shop.db.$client.prepare("UPDATE claim_types SET active = 1 WHERE code = 'wrong'").run();
    expect(listed.map((t) => t.name)).not.toContain('Nesprávny tovar');
  });
});

describe('POST /api/claim as a guest (order number + e-mail)', () => {
  it('files the claim and answers the type’s success text and the claim number; receipt and operator mails go out', async () => {
    const b = new Browser(shop);
    const type = types[1];
    const sent = await sendClaim(shop, b, API, { documentNumber: order.documentNumber, email: ` ${CUSTOMER.email.toUpperCase()} `, note: 'Krabica bola roztrhnutá, hrnček prasknutý.', type: String(type.id) });
    expect(sent.status, sent.text).toBe(201);
    expect(sent.json.message).toBe(type.success);
    expect(sent.json.number).toMatch(/^R[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{9}$/);
    const stored = row(sent.json.number);
    expect(stored).toMatchObject({ document_number: order.documentNumber, order_number: order.documentNumber, type_id: type.id, note: 'Krabica bola roztrhnutá, hrnček prasknutý.', closed_at: null, user_id: null });
    expect(sent.json.number).not.toBe(String(stored.id));

    await shop.mailsSent();
    const [receipt] = mailsTo(CUSTOMER.email).filter((m) => m.subject.includes(sent.json.number));
    expect(receipt.subject).toBe(`Potvrdenie reklamácie č. ${sent.json.number}`);
    for (const text of [sent.json.number, 'Poškodenie pri preprave', order.documentNumber, '22.11.2026', 'Krabica bola roztrhnutá, hrnček prasknutý.', type.success]) {
      expect(receipt.text.replace(/\s+/g, ' ')).toContain(text);
    }
    const [notice] = mailsTo(OPERATOR).filter((m) => m.subject.includes(sent.json.number));
    expect(notice.subject).toBe(`Nová reklamácia č. ${sent.json.number} k objednávke č. ${order.documentNumber}`);
    expect(notice.text).toContain(CUSTOMER.email);
    expect(notice.text).toContain(`server/claims/cli.ts close ${sent.json.number}`);
  });

  it('takes JSON too, and writes the receipt in the order’s language (the operator’s notice stays Slovak)', async () => {
    const b = new Browser(shop);
    const czOrder = await placeOrder(shop, b, { payment: 1, host: CZ_HOST });
    await b.holdToken({ host: CZ_HOST });
    const response = await shop.app.request(
      API,
      {
        method: 'POST',
        body: JSON.stringify({ documentNumber: czOrder.documentNumber, email: CUSTOMER.email, note: 'Chybí víčko.', type: types[2].id }),
        headers: b.headers({ host: CZ_HOST, 'x-csrf-token': b.csrf, 'content-type': 'application/json' }),
      },
      { incoming: { socket: { remoteAddress: b.address } } },
    );
    const body = (await response.json()) as { message: string; number: string };
    expect(response.status).toBe(201);
    expect(body.message).toBe('Obsah zásilky prověříme a chybějící zboží vám pošleme nebo vrátíme peníze.');
    await shop.mailsSent();
    const [receipt] = mailsTo(CUSTOMER.email).filter((m) => m.subject.includes(body.number));
    expect(receipt.subject).toBe(`Potvrzení reklamace č. ${body.number}`);
    expect(receipt.text.replace(/\s+/g, ' ')).toContain('Chybějící zboží');
    const [notice] = mailsTo(OPERATOR).filter((m) => m.subject.includes(body.number));
    expect(notice.subject).toBe(`Nová reklamácia č. ${body.number} k objednávke č. ${czOrder.documentNumber}`);
  });

  it('answers an unknown number and a wrong e-mail the same: 404, one detail, nothing stored', async () => {
    const before = claimCount(shop);
    const fields = { note: 'Nefunguje.', type: String(types[0].id) };
    const unknown = await sendClaim(shop, new Browser(shop), API, { ...fields, documentNumber: '2619999999', email: CUSTOMER.email });
    const wrongEmail = await sendClaim(shop, new Browser(shop), API, { ...fields, documentNumber: order.documentNumber, email: 'someone@example.sk' });
    expect(unknown.status).toBe(404);
    expect(wrongEmail.status).toBe(404);
    expect(withoutRequestId(wrongEmail.json)).toEqual(withoutRequestId(unknown.json));
    expect(unknown.json.detail).toBe('Objednávku s týmto číslom a e-mailom sme nenašli.');
    expect(unknown.response.headers.get('content-type')).toContain('application/problem+json');
    expect(claimCount(shop)).toBe(before);
  });

  it('accepts the order’s invoice number as the document', async () => {
    const paid = await placeOrder(shop, new Browser(shop), { payment: 1 });
    const invoice = markOrderPaid(shop.db, { orderId: paid.id, amount: paid.total, currency: paid.currency, now: shop.clock.now() }).invoiceNumber!;
    const sent = await sendClaim(shop, new Browser(shop), API, { documentNumber: invoice, email: CUSTOMER.email, note: 'Chýba nabíjačka.', type: String(types[2].id) });
    expect(sent.status, sent.text).toBe(201);
    expect(row(sent.json.number)).toMatchObject({ document_number: invoice, order_number: paid.documentNumber });
  });

  it('refuses an unknown type and an empty note with a message per field and the type’s fail text, storing nothing', async () => {
    const before = claimCount(shop);
    const unknownType = await sendClaim(shop, new Browser(shop), API, { documentNumber: order.documentNumber, email: CUSTOMER.email, note: 'x', type: '999' });
    expect(unknownType.status).toBe(400);
    expect(unknownType.json.errors).toEqual({ type: 'Vyberte, čo reklamujete' });
    const emptyNote = await sendClaim(shop, new Browser(shop), API, { documentNumber: order.documentNumber, email: CUSTOMER.email, note: '   ', type: String(types[0].id) });
    expect(emptyNote.status).toBe(400);
    expect(emptyNote.json.errors).toEqual({ note: 'Opíšte, čo sa stalo' });
    expect(emptyNote.json.detail).toBe(types[0].fail);
    const nothing = await sendClaim(shop, new Browser(shop), API, {});
    expect(nothing.status).toBe(400);
    expect(Object.keys(nothing.json.errors).sort()).toEqual(['documentNumber', 'email', 'note', 'type']);
    expect(claimCount(shop)).toBe(before);
  });

  it('refuses a cancelled order politely (409) once the shopper proved they know it', async () => {
    const cancelled = await placeOrder(shop, new Browser(shop), { payment: 1 });
    expect(cancelOrder(shop.db, { orderId: cancelled.id, now: shop.clock.now() })).toBeTruthy();
    const sent = await sendClaim(shop, new Browser(shop), API, { documentNumber: cancelled.documentNumber, email: CUSTOMER.email, note: 'x', type: String(types[0].id) });
    expect(sent.status).toBe(409);
    expect(sent.json.detail).toBe('Zrušenú objednávku nie je možné reklamovať.');
  });

  it('refuses a body over five photos’ worth with 413, before reading it', async () => {
    const big = new Uint8Array(5 * 1024 * 1024);
    const sent = await sendClaim(shop, new Browser(shop), API, { purchase: order.hash, note: 'x', type: String(types[0].id) }, Array.from({ length: 6 }, (_, i) => ({ name: `${i}.jpg`, bytes: big })));
    expect(sent.status).toBe(413);
    expect(sent.json.detail).toBe('Požiadavka je príliš veľká.');
  });

  it('refuses a claim without the form’s CSRF proof', async () => {
    const b = new Browser(shop);
    await b.holdToken();
    const form = new FormData();
    for (const [k, v] of Object.entries({ purchase: order.hash, note: 'x', type: String(types[0].id) })) form.append(k, v);
    const response = await shop.app.request(API, { method: 'POST', body: form, headers: b.headers() }, { incoming: { socket: { remoteAddress: b.address } } });
    expect(response.status).toBe(403);
  });

  it('answers a malformed multipart body with 400, never a 500', async () => {
    const b = new Browser(shop);
    await b.holdToken();
    const response = await shop.app.request(
      API,
      { method: 'POST', body: '--nope\r\nContent-Disposition: form-data; name="note"\r\n\r\nunterminated', headers: b.headers({ 'x-csrf-token': b.csrf, 'content-type': 'multipart/form-data; boundary=nope' }) },
      { incoming: { socket: { remoteAddress: b.address } } },
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as { detail: string }).detail).toBe('Nesprávny formát požiadavky');
  });
});

describe('POST /api/claim with the order known (purchase = its hash)', () => {
  it('files with a photo: stored outside static/ under a random name, re-encoded as JPEG without EXIF', async () => {
    const jpeg = await cameraJpeg(3000, 2000);
    expect(jpeg.includes('SecretPhone')).toBe(true);
    const sent = await sendClaim(shop, new Browser(shop), API, { purchase: order.hash, note: 'Displej nesvieti.', type: String(types[0].id) }, [{ name: 'IMG_0001.JPG', bytes: jpeg }]);
    expect(sent.status, sent.text).toBe(201);
    const claim = row(sent.json.number);
    expect(claim.document_number).toBe(order.documentNumber);
    const [photo] = shop.db.$client.prepare('SELECT file, width, height, bytes FROM claim_photos WHERE claim_id = ?').all(claim.id) as { file: string; width: number; height: number; bytes: number }[];
    expect(photo.file).toMatch(/^[A-Za-z0-9_-]{22}\.jpg$/);
    expect(photo.file).not.toContain('IMG_0001');
    const stored = readFileSync(join(shop.photoDir, photo.file));
    expect(shop.photoDir.startsWith(shop.uploads)).toBe(true);
    expect(stored.length).toBe(photo.bytes);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 2560, height: 1707 });
    expect([photo.width, photo.height]).toEqual([2560, 1707]);
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(stored.includes('SecretPhone')).toBe(false);
    expect(stored.includes('GPS 48.1486')).toBe(false);

    await shop.mailsSent();
    const [notice] = mailsTo(OPERATOR).filter((m) => m.subject.includes(sent.json.number));
    expect(notice.attachments?.map((a) => [a.filename, a.contentType])).toEqual([[`reklamacia-${sent.json.number}-1.jpg`, 'image/jpeg']]);
  });

  it('takes an invoice number of that order but no other order’s number', async () => {
    const other = await placeOrder(shop, new Browser(shop), { payment: 1 });
    const sent = await sendClaim(shop, new Browser(shop), API, { purchase: order.hash, documentNumber: other.documentNumber, note: 'x', type: String(types[0].id) });
    expect(sent.status).toBe(400);
    expect(sent.json.errors).toEqual({ documentNumber: 'Toto číslo nepatrí k tejto objednávke' });
  });

  it('answers an unknown hash like an unknown order', async () => {
    const sent = await sendClaim(shop, new Browser(shop), API, { purchase: 'A'.repeat(22), note: 'x', type: String(types[0].id) });
    expect(sent.status).toBe(404);
    expect(sent.json.detail).toBe('Objednávku s týmto číslom a e-mailom sme nenašli.');
  });

  it('does not find a Slovak order from the Czech shop', async () => {
    const sent = await sendClaim(shop, new Browser(shop), API, { documentNumber: order.documentNumber, email: CUSTOMER.email, note: 'x', type: String(types[0].id) }, [], { host: CZ_HOST });
    expect(sent.status).toBe(404);
    expect(sent.json.detail).toBe('Objednávku s týmto číslom a e-mailem jsme nenašli.');
  });
});

describe('the API description', () => {
  it('documents both claim paths at /api/openapi.json', async () => {
    const doc = (await new Browser(shop).get('/api/openapi.json')).text;
    const paths = JSON.parse(doc).paths as Record<string, any>;
    expect(Object.keys(paths['/api/claim/type'].get.responses)).toEqual(['200']);
    expect(Object.keys(paths['/api/claim'].post.responses).sort()).toEqual(['200', '201', '400', '403', '404', '409', '413', '415', '429']);
    expect(Object.keys(paths['/api/claim'].post.requestBody.content)).toContain('multipart/form-data');
  });
});

describe('a replayed submit', () => {
  it('answers the first claim again: one row, one set of photos, one receipt', async () => {
    const b = new Browser(shop);
    const fields = { purchase: order.hash, note: 'Dvojklik.', type: String(types[0].id), _submit: 'form-token-replay-1' };
    const photo = [{ name: 'a.jpg', bytes: await cameraJpeg(200, 200) }];
    const first = await sendClaim(shop, b, API, fields, photo);
    const files = storedFiles(shop.photoDir).length;
    const rows = photoRows(shop);
    const again = await sendClaim(shop, b, API, fields, photo);
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.json.number).toBe(first.json.number);
    expect(storedFiles(shop.photoDir).length).toBe(files);
    expect(photoRows(shop)).toBe(rows);
    const byHeader = await sendClaim(shop, b, API, { ...fields, _submit: '' }, [], { headers: { 'idempotency-key': 'form-token-replay-1' } });
    expect(byHeader.json.number).toBe(first.json.number);
    await shop.mailsSent();
    expect(mailsTo(CUSTOMER.email).filter((m) => m.subject.includes(first.json.number))).toHaveLength(1);
  });
});

describe('the claim limit', () => {
  it(`allows ${CLAIM_LIMIT.max} claims per client address and window, then 429 with Retry-After, page and API together`, async () => {
    const b = new Browser(shop);
    const fields = { documentNumber: '2619999998', email: 'x@example.sk', note: 'x', type: String(types[0].id) };
    for (let i = 0; i < CLAIM_LIMIT.max; i++) {
      const path = i % 2 ? API : '/reklamacia';
      expect((await sendClaim(shop, b, path, fields)).status).toBe(404);
    }
    const limited = await sendClaim(shop, b, API, fields);
    expect(limited.status).toBe(429);
    expect(Number(limited.response.headers.get('retry-after'))).toBeGreaterThan(0);
    const page = await sendClaim(shop, b, '/reklamacia', fields);
    expect(page.status).toBe(429);
    expect(page.doc!.querySelector('[data-field="form-error"]')!.textContent).toMatch(/^Príliš veľa pokusov/);
    expect((await sendClaim(shop, new Browser(shop), API, fields)).status).toBe(404);
    shop.clock.set(new Date(shop.clock.now().getTime() + CLAIM_LIMIT.windowMs + 1000));
    expect((await sendClaim(shop, b, API, fields)).status).toBe(404);
  });
});
