import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode } from 'bysquare/pay';
import { createTestShop, type TestShop } from '../setup/test-app';
import { runShopCli } from '../../server/shops/cli';
import { ibanValid } from '../../server/shops/supplier.schemas';
import { supplierOf } from '../../server/shops/supplier.service';
import { paymentQr } from '../../server/orders/order-documents';
import { orderByHash } from '../../server/orders/order-view';
import { pdfText } from './pdf-text';
import { Browser, placeOrder, SK_HOST } from './payments-helpers';

/** Supplier data and bank accounts are data (docs/decisions/208): what the operator sets, every document prints. */
let shop: TestShop;
beforeAll(() => {
  shop = createTestShop({ products: 20 });
});
afterAll(() => shop.close());

const run = (argv: string[]) => {
  const out: string[] = [];
  return { code: runShopCli(shop.db, argv, (l) => out.push(l), shop.clock.now()), out };
};

describe('supplier data', () => {
  it('checks an IBAN by its mod-97 check digits', () => {
    expect(ibanValid('SK31 1200 0000 1987 4263 7541')).toBe(true);
    expect(ibanValid('SK31 1200 0000 1987 4263 7542')).toBe(false);
    expect(ibanValid('not an iban')).toBe(false);
  });

  it('refuses an invalid change and keeps the data', () => {
    const before = supplierOf(shop.db, 1);
    const { code, out } = run(['supplier', '--shop', 'sk', '--iban', 'SK0000', '--company-number', 'x']);
    expect(code).toBe(1);
    expect(out.join('\n')).toMatch(/iban/);
    expect(out.join('\n')).toMatch(/companyNumber/);
    expect(supplierOf(shop.db, 1)).toEqual(before);
  });

  it('a new bank account is what the tracking page, the PDF and the QR carry next', async () => {
    const { code } = run(['supplier', '--shop', 'sk', '--iban', 'SK31 1200 0000 1987 4263 7541', '--swift', 'SUBASKBX', '--bank-name', 'Všeobecná úverová banka', '--account', 'SK31 1200 0000 1987 4263 7541']);
    expect(code).toBe(0);
    const placed = await placeOrder(shop, new Browser(shop), { payment: 2 });
    const page = await (await shop.app.request(`/sledovanie-zasielky/${placed.hash}`, { headers: { host: SK_HOST } })).text();
    expect(page).toContain('SK3112000000198742637541');
    expect(page).toContain('Všeobecná úverová banka');
    const pdf = pdfText(Buffer.from(await (await shop.app.request(`/pdf/${placed.hash}`, { headers: { host: SK_HOST } })).arrayBuffer()));
    expect(pdf).toContain('IBAN: SK3112000000198742637541');
    const order = orderByHash(shop.db, { id: 1, currencySymbol: '€', rounding: 5 }, placed.hash)!;
    const qr = decode(paymentQr(order, supplierOf(shop.db, 1), { error: () => {}, info: () => {} })!);
    expect(qr.payments[0].bankAccounts[0]).toMatchObject({ iban: 'SK3112000000198742637541', bic: 'SUBASKBX' });
  });
});
