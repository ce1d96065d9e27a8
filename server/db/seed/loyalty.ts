import type Database from 'better-sqlite3';

/**
 * Point items (vouchers bought with points, rewards) and a few public demo vouchers. Deterministic;
 * called once at the end of seedDemo inside its transaction. Amounts in euro cents (the Slovak shop).
 */
const POINT_ITEMS: [name: string, price: number, kind: 'voucher' | 'reward', once: 0 | 1, type: number | null, value: number | null, from: number | null, days: number | null][] = [
  ['Kupón 5 € na nákup od 30 €', 100, 'voucher', 0, 1, 500, 3000, 30],
  ['Kupón 10 % na celý nákup', 150, 'voucher', 0, 2, 10, 0, 30],
  ['Doprava zadarmo', 80, 'voucher', 0, 3, 0, 0, 60],
  ['Darček: semienka bylín', 40, 'reward', 1, null, null, null, null],
  ['Odznak Verný záhradník', 20, 'reward', 1, null, null, null, null],
];

/** Public codes anyone may type into the cart (valid_from/date_to open). */
const PUBLIC_VOUCHERS: [code: string, type: number, value: number, from: number, gift: string | null][] = [
  ['VITAJ10', 2, 10, 2000, null],
  ['ZLAVA5', 1, 500, 4000, null],
  ['DOPRAVA0', 3, 0, 1500, null],
  ['DARCEK', 5, 0, 3000, 'Semienka bylín'],
];

/** Idempotent: a re-seed (the catalogue reset keeps these tables, they may hold users' vouchers) adds nothing twice. */
export function seedLoyalty(sqlite: Database.Database, now = Date.UTC(2026, 0, 1)): void {
  const hasItems = sqlite.prepare('SELECT COUNT(*) AS n FROM point_items').get() as { n: number };
  const item = sqlite.prepare(
    `INSERT INTO point_items (name, price, kind, once_per_user, voucher_type, voucher_value, voucher_amount_from, voucher_days) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  if (hasItems.n === 0) for (const row of POINT_ITEMS) item.run(...row);
  const voucher = sqlite.prepare('INSERT OR IGNORE INTO vouchers (code, type, value, amount_from, gift_item, single_use, created_at) VALUES (?, ?, ?, ?, ?, 0, ?)');
  for (const [code, type, value, from, gift] of PUBLIC_VOUCHERS) voucher.run(code, type, value, from, gift, now);
}
