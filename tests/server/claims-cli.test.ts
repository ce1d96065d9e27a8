import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runClaimsCli } from '../../server/claims/cli';
import { CUSTOMER } from '../setup/customer';
import { Browser } from './accounts.client';
import { cameraJpeg, claimShop, placeOrder, sendClaim } from './claims.helpers';
import type { PlacedOrder } from './payments-helpers';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let shop: ReturnType<typeof claimShop>;
let order: PlacedOrder;
let number: string;

function cli(...argv: string[]) {
  const lines: string[] = [];
  const code = runClaimsCli(shop.db, argv, shop.photoDir, (line) => lines.push(line), shop.clock.now());
  return { code, lines };
}

beforeAll(async () => {
  shop = claimShop();
  order = await placeOrder(shop, new Browser(shop), { payment: 1 });
  const type = (shop.db.$client.prepare("SELECT id FROM claim_types WHERE code = 'defect'").get() as { id: number }).id;
  const sent = await sendClaim(shop, new Browser(shop), '/api/claim', { purchase: order.hash, note: 'Nejde zapnúť,\npo týždni.', type: String(type) }, [{ name: 'a.jpg', bytes: await cameraJpeg(100, 100) }]);
  expect(sent.status).toBe(201);
  number = sent.json.number;
});
afterAll(() => shop.close());

describe('npx tsx server/claims/cli.ts', () => {
  it('lists open claims with their order, type, e-mail, note and photo files', () => {
    const { code, lines } = cli('list');
    expect(code).toBe(0);
    expect(lines[0]).toBe(`${number}  22.11.2026 11:00  sk  order ${order.documentNumber}  Vada tovaru  ${CUSTOMER.email}`);
    expect(lines[1]).toBe('    Nejde zapnúť, po týždni.');
    expect(lines[2]).toMatch(new RegExp(`^    ${shop.photoDir}/[A-Za-z0-9_-]{22}\\.jpg$`));
  });

  it('closes a claim once (any case); a closed claim leaves the open list but not --all', () => {
    expect(cli('close', number.toLowerCase())).toEqual({ code: 0, lines: [`${number}: closed.`] });
    expect(cli('close', number)).toEqual({ code: 1, lines: [`${number}: already closed.`] });
    expect(cli('list').lines).toEqual(['No open claims.']);
    expect(cli('list', '--all').lines[0]).toContain(`closed 22.11.2026 11:00`);
  });

  it('says so for an unknown claim and prints its usage for anything else', () => {
    expect(cli('close', 'R000000000')).toEqual({ code: 1, lines: ['No claim R000000000.'] });
    expect(cli('delete', number)).toEqual({ code: 2, lines: ['usage: claims list [--all] | close <claim number>'] });
    expect(cli().code).toBe(2);
  });
});
