import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkVat, soapViesClient, startFakeVies } from '../../server/orders/vies';
import { createTestShop, type TestShop } from '../setup/test-app';
import { session } from './catalog-helpers';

let fake: Awaited<ReturnType<typeof startFakeVies>>;
let shop: TestShop;
beforeAll(async () => {
  fake = await startFakeVies({ valid: ['SK2020273893'], slow: ['SK2021869234'] });
  shop = createTestShop({ products: 0, env: { VIES_URL: fake.url, VIES_TIMEOUT_MS: '300' } });
});
afterAll(async () => {
  shop.close();
  await fake.close();
});

describe('VIES check', () => {
  it('verifies, rejects, and falls back on a timeout', async () => {
    const client = soapViesClient(fake.url, 300);
    expect(await checkVat(client, 'SK 2020273893')).toEqual({ status: 'verified', message: 'Vaše DIČ bolo úspešne overené' });
    expect(await checkVat(client, 'SK2020261353')).toEqual({ status: 'invalid', message: 'Zrejme nieste platcom DPH!' });
    expect((await checkVat(client, 'SK2021869234')).status).toBe('unverified');
    expect(await checkVat(client, 'SK1234567890')).toEqual({ status: 'format', message: 'DIČ nemá správny formát. Môžete ho skontrolovať?' });
    expect(fake.requests.at(-1)).toContain('<urn:countryCode>SK</urn:countryCode>');
    expect(fake.requests.at(-1)).toContain('<urn:vatNumber>2021869234</urn:vatNumber>');
  });

  it('POST /api/cart/vat-check goes through the configured VIES', async () => {
    const { sid, csrf } = await session(shop);
    const response = await shop.app.request('/api/cart/vat-check', {
      method: 'POST',
      body: JSON.stringify({ companyVat: 'SK2020273893' }),
      headers: { host: '127.0.0.1:3000', cookie: `sid=${sid}`, 'x-csrf-token': csrf, 'content-type': 'application/json' },
    });
    expect(await response.json()).toEqual({ status: 'verified', message: 'Vaše DIČ bolo úspešne overené' });
  });
});
