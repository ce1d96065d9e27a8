import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';

/**
 * The influencer's vouchers (issue 21, /moje/influencer-kupony): the codes the operator gave them
 * (vouchers.influencer_id), how many orders used each, what those orders came to and the commission
 * (a whole percent of the goods paid, after the discount) per currency. Only counts and sums: never
 * who bought. Cancelled orders do not count.
 */
export interface InfluencerVoucher {
  id: number;
  code: string;
  type: number;
  value: number;
  dateTo: number | null;
  commissionPercent: number | null;
  uses: number;
  /** Per currency: the orders' totals and the commission (minor units). */
  totals: { currency: string; total: number; commission: number }[];
}

interface VoucherRow {
  id: number;
  code: string;
  type: number;
  value: number;
  dateTo: number | null;
  commissionPercent: number | null;
}

const sql = perDatabase((db: Db) => {
  const s = db.$client;
  return {
    vouchers: s.prepare<[number], VoucherRow>(
      `SELECT id, code, type, value, date_to AS dateTo, commission_percent AS commissionPercent FROM vouchers WHERE influencer_id = ? ORDER BY created_at DESC, id DESC`,
    ),
    one: s.prepare<[string, number], VoucherRow>(
      `SELECT id, code, type, value, date_to AS dateTo, commission_percent AS commissionPercent FROM vouchers WHERE code = ? COLLATE NOCASE AND influencer_id = ?`,
    ),
    totals: s.prepare<[string], { currency: string; orders: number; total: number; goods: number }>(
      `SELECT currency, COUNT(*) AS orders, SUM(total) AS total, SUM(MAX(subtotal - voucher_price, 0)) AS goods
         FROM orders WHERE voucher_text = ? AND cancelled_at IS NULL GROUP BY currency ORDER BY currency`,
    ),
  };
});

function withUse(db: Db, v: VoucherRow): InfluencerVoucher {
  const rows = sql(db).totals.all(v.code);
  return {
    ...v,
    uses: rows.reduce((n, r) => n + r.orders, 0),
    totals: rows.map((r) => ({ currency: r.currency, total: r.total, commission: v.commissionPercent ? Math.round((r.goods * v.commissionPercent) / 100) : 0 })),
  };
}

export const influencerVouchers = (db: Db, userId: number): InfluencerVoucher[] => sql(db).vouchers.all(userId).map((v) => withUse(db, v));

/** One of the influencer's codes; undefined for a code that is not theirs (the callers answer 404). */
export function influencerVoucher(db: Db, userId: number, code: string): InfluencerVoucher | undefined {
  const v = sql(db).one.get(code, userId);
  return v && withUse(db, v);
}

/**
 * The account an influencer code is given to: a shopper's (not deleted), by e-mail, who gets
 * ROLE_INFLUENCER (so /moje/influencer-kupony opens). Runs in the caller's transaction; null: no account.
 */
export function influencerAccount(db: Db, email: string): number | null {
  const user = db.$client.prepare<[string], { id: number; roles: string }>('SELECT id, roles FROM users WHERE email = ? AND deleted_at IS NULL').get(email.trim().toLowerCase());
  if (!user) return null;
  const roles = JSON.parse(user.roles) as string[];
  if (!roles.includes('ROLE_INFLUENCER')) db.$client.prepare('UPDATE users SET roles = ? WHERE id = ?').run(JSON.stringify([...roles, 'ROLE_INFLUENCER']), user.id);
  return user.id;
}

/**
 * The operator gives a voucher code to an influencer from the CLI (the back office's voucher form
 * does the same through influencerAccount): the code its owner and commission. false: no such code or account.
 */
export function assignInfluencer(db: Db, code: string, email: string, percent: number | null): boolean {
  const assign = db.$client.transaction(() => {
    const userId = influencerAccount(db, email);
    if (userId === null) throw new NoAccount();
    const changed = db.$client.prepare('UPDATE vouchers SET influencer_id = ?, commission_percent = ? WHERE code = ? COLLATE NOCASE').run(userId, percent, code.trim()).changes;
    if (changed === 0) throw new NoAccount();
  });
  try {
    assign.immediate();
    return true;
  } catch (e) {
    if (e instanceof NoAccount) return false;
    throw e;
  }
}

/** Rolls the role back with the assignment when the code or the account is missing. */
class NoAccount extends Error {}
