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
 * The operator gives a voucher code to an influencer (CLI until the back office's voucher form has the
 * field): the account gets ROLE_INFLUENCER, the code its owner and commission. false: no such code or account.
 */
export function assignInfluencer(db: Db, code: string, email: string, percent: number | null): boolean {
  return db.$client
    .transaction(() => {
      const user = db.$client.prepare<[string], { id: number; roles: string }>('SELECT id, roles FROM users WHERE email = ? AND deleted_at IS NULL').get(email.trim().toLowerCase());
      if (!user) return false;
      const changed = db.$client.prepare('UPDATE vouchers SET influencer_id = ?, commission_percent = ? WHERE code = ? COLLATE NOCASE').run(user.id, percent, code.trim()).changes;
      if (changed === 0) return false;
      const roles = JSON.parse(user.roles) as string[];
      if (!roles.includes('ROLE_INFLUENCER')) db.$client.prepare('UPDATE users SET roles = ? WHERE id = ?').run(JSON.stringify([...roles, 'ROLE_INFLUENCER']), user.id);
      return true;
    })
    .immediate();
}
