import { expect } from 'vitest';
import { setOrderStatus } from '../../server/orders/order-lifecycle';
import type { TestShop } from '../setup/test-app';
import { Browser, CZ_HOST, placeOrder, stockedProduct, type PlacedOrder } from './payments-helpers';

/** The withdrawal tests' shared steps: an order to withdraw from, the two forms as a browser posts them. */

export const SK_FORM = '/odstupenie-od-zmluvy';
export const CZ_FORM = '/odstoupeni-od-smlouvy';
export const GUEST = { name: 'Ján Novák', email: 'jan@example.sk' };

export interface Placed extends PlacedOrder {
  b: Browser;
  form: string;
}

/** A guest's order in the Slovak (default) or the Czech shop: two lines, 2 pieces and 1 piece. */
export async function guestOrder(shop: TestShop, options: { cz?: boolean; index?: number } = {}): Promise<Placed> {
  const b = new Browser(shop);
  if (options.cz) b.host = CZ_HOST;
  const shopId = options.cz ? 2 : 1;
  const index = options.index ?? 0;
  const lines: [number, number][] = [
    [stockedProduct(shop, shopId, 2 * index), 2],
    [stockedProduct(shop, shopId, 2 * index + 1), 1],
  ];
  const order = await placeOrder(shop, b, { host: b.host, lines });
  return { ...order, b, form: options.cz ? CZ_FORM : SK_FORM };
}

export function deliver(shop: TestShop, orderId: number, now: Date): void {
  expect(setOrderStatus(shop.db, { orderId, status: 'delivered', now })).toBe(true);
}

/** The fields a browser sends from step 2's form as rendered (ticked boxes, numbers, the token, the name). */
export function formFields(doc: Document): { action: string; fields: Record<string, string> } {
  const form = doc.querySelector('form.withdrawal__form');
  if (!form) throw new Error(`no confirmation form: ${doc.querySelector('[data-field="notice"]')?.textContent}`);
  const fields: Record<string, string> = {};
  for (const input of form.querySelectorAll('input, textarea') as NodeListOf<HTMLInputElement>) {
    if (input.type === 'checkbox' && !input.checked) continue;
    fields[input.name] = input.type === 'checkbox' ? input.value : input.tagName === 'TEXTAREA' ? (input.textContent ?? '') : input.value;
  }
  return { action: form.getAttribute('action')!, fields };
}

/** Step 1 with the order's number and e-mail; answers the page (step 2 on success). */
export function identify(placed: Placed, fields: Partial<Record<'name' | 'documentNumber' | 'email', string>> = {}) {
  return placed.b.form(placed.form, { name: GUEST.name, documentNumber: placed.documentNumber, email: GUEST.email, ...fields });
}

/** Opens step 2 through the order's hash (tracking page link) and confirms it with `change` applied. */
export async function withdraw(placed: Placed, change: Record<string, string> = {}) {
  const step2 = await placed.b.get(`${placed.form}/${placed.hash}`);
  expect(step2.status).toBe(200);
  const { action, fields } = formFields(step2.doc!);
  return { ...(await placed.b.form(action, { ...fields, ...change })), fields, action };
}

export interface StoredWithdrawal {
  id: number;
  public_id: string;
  token: string;
  name: string;
  email: string;
  reason: string;
  created_at: number;
  items: { name: string; quantity: number; unit_price: number }[];
}

export function withdrawalsOf(shop: TestShop, orderId: number): StoredWithdrawal[] {
  const rows = shop.db.$client.prepare('SELECT id, public_id, token, name, email, reason, created_at FROM withdrawals WHERE order_id = ? ORDER BY id').all(orderId) as Omit<StoredWithdrawal, 'items'>[];
  return rows.map((r) => ({
    ...r,
    items: shop.db.$client.prepare('SELECT name, quantity, unit_price FROM withdrawal_items WHERE withdrawal_id = ? ORDER BY id').all(r.id) as StoredWithdrawal['items'],
  }));
}
