import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import { onOrderPaid } from '../orders/order-lifecycle';

/** Points the referrer gets once, when the referred user's first order is paid (docs/decisions/143). */
export const REFERRAL_POINTS = 100;
/** 10 characters of base32 = 50 random bits: unguessable, short enough to read out. */
const CODE = /^[a-z2-7]{10}$/;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

function statements(db: Db) {
  const s = db.$client;
  return {
    code: s.prepare<[number], { code: string | null }>('SELECT referral_code AS code FROM users WHERE id = ?'),
    setCode: s.prepare<[string, number]>('UPDATE users SET referral_code = ? WHERE id = ? AND referral_code IS NULL'),
    byCode: s.prepare<[string], { id: number }>('SELECT id FROM users WHERE referral_code = ? AND deleted_at IS NULL'),
    // Set once, never to oneself, never overwritten.
    refer: s.prepare<[number, number, number]>('UPDATE users SET referred_by = ? WHERE id = ? AND referred_by IS NULL AND id <> ?'),
    referrer: s.prepare<[number], { referredBy: number | null }>('SELECT referred_by AS referredBy FROM users WHERE id = ?'),
    otherPaid: s.prepare<[number, number], { n: number }>('SELECT COUNT(*) AS n FROM orders WHERE user_id = ? AND paid_at IS NOT NULL AND id <> ?'),
    credit: s.prepare<[number, number, number, number]>(
      `INSERT INTO point_entries (user_id, value, item_type, item_id, sign, created_at) VALUES (?, ?, 'referral', ?, 1, ?)
       ON CONFLICT DO NOTHING`,
    ),
  };
}

const sql = perDatabase(statements);

export function newReferralCode(): string {
  const bytes = randomBytes(10);
  return Array.from(bytes, (b) => ALPHABET[b & 31]).join('');
}

/** The user's code, made on first use; a (practically impossible) clash simply draws again. */
export function referralCodeOf(db: Db, userId: number): string {
  const s = sql(db);
  for (let attempt = 0; attempt < 5; attempt++) {
    const existing = s.code.get(userId);
    if (!existing) throw new Error(`no user ${userId}`);
    if (existing.code) return existing.code;
    try {
      s.setCode.run(newReferralCode(), userId);
    } catch (error) {
      if (!(error instanceof Error && /UNIQUE/.test(error.message))) throw error;
    }
  }
  throw new Error('could not make a referral code');
}

/** A ref from a link or form, kept only when it looks like a code (it goes back into the form). */
export function referralParam(value: unknown): string {
  return typeof value === 'string' && CODE.test(value.trim().toLowerCase()) ? value.trim().toLowerCase() : '';
}

/** Stores who referred a new account; an unknown, malformed or own code is ignored. */
export function recordReferral(db: Db, userId: number, code: unknown): boolean {
  if (typeof code !== 'string' || !CODE.test(code.trim().toLowerCase())) return false;
  const referrer = sql(db).byCode.get(code.trim().toLowerCase());
  if (!referrer || referrer.id === userId) return false;
  return sql(db).refer.run(referrer.id, userId, referrer.id).changes === 1;
}

/**
 * Runs inside markOrderPaid's transaction: when this is the first paid order of a referred user,
 * the referrer gets REFERRAL_POINTS. The ledger's unique key (referral, referee, referrer) makes a
 * second credit impossible even if the rule above were passed twice.
 */
export function creditReferrer(db: Db, order: { id: number; userId: number | null }, now: Date): void {
  if (order.userId === null) return;
  const s = sql(db);
  const referredBy = s.referrer.get(order.userId)?.referredBy ?? null;
  if (referredBy === null || referredBy === order.userId) return;
  if (s.otherPaid.get(order.userId, order.id)!.n > 0) return;
  s.credit.run(referredBy, REFERRAL_POINTS, order.userId, now.getTime());
}

let registered = false;
/** Called at app creation; the hook list lives in a module, so several apps in one test still register it once. */
export function registerReferralCredit(): void {
  if (registered) return;
  registered = true;
  onOrderPaid(creditReferrer);
}
