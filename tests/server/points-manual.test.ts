import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runAccountsCli } from '../../server/accounts/cli';
import { pointBalance, REGISTRATION_BONUS } from '../../server/points/points.service';
import { createTestShop, type TestShop } from '../setup/test-app';
import { Browser } from './accounts.client';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let shop: TestShop;
beforeAll(() => {
  shop = createTestShop({ products: 4 });
});
afterAll(() => shop.close());

describe('manual point entries by the operator (cli.ts points)', () => {
  it('credits, takes back, never below zero, and shows the entry as Manuálne', async () => {
    const b = new Browser(shop);
    await b.signUpAndIn('manual@example.sk');
    const { id } = shop.db.$client.prepare('SELECT id FROM users WHERE email = ?').get('manual@example.sk') as { id: number };
    const lines: string[] = [];
    const cli = (...args: string[]) => runAccountsCli(shop.db, ['points', ...args], (l) => lines.push(l));

    expect(cli('--email', 'MANUAL@example.sk', '--value', '200')).toBe(0);
    expect(pointBalance(shop.db, id)).toBe(REGISTRATION_BONUS + 200);
    expect(cli('--email', 'manual@example.sk', '--value=-100')).toBe(0);
    expect(pointBalance(shop.db, id)).toBe(REGISTRATION_BONUS + 100);
    // Taking back more than the balance is refused and writes nothing.
    expect(cli('--email', 'manual@example.sk', `--value=${-(REGISTRATION_BONUS + 101)}`)).toBe(1);
    expect(pointBalance(shop.db, id)).toBe(REGISTRATION_BONUS + 100);
    expect(cli('--email', 'nobody@example.sk', '--value', '5')).toBe(1);
    expect(cli('--email', 'manual@example.sk', '--value', '1.5')).toBe(2);

    const history = await b.api('GET', '/api/consumer/point/history');
    const types = (history.json as { items: { item_type: string; value: number }[] }).items.map((e) => [e.item_type, e.value]);
    expect(types).toContainEqual(['manual', 200]);
    expect(types).toContainEqual(['manual', -100]);
    const page = await b.get('/moje/body');
    expect(page.text).toContain('Manuálne');
  });
});
