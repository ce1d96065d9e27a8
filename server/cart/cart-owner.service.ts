import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import { msg } from '../i18n/msg';
import { ProblemError } from '../http/problem';
import { ensureSession } from '../sessions/sessions.service';
import { MAX_LINE_QUANTITY } from './pricing';

/**
 * A signed-in shopper's cart follows them between devices (spec 4 "continuing a cart started on
 * another device", docs/decisions/121). A cart row still belongs to one session; `carts.user_id`
 * says whose it is. The user has one cart per shop going forward: at sign-in an empty session
 * adopts it, two carts with items make the cart page ask, and every answer leaves one.
 */

export type ContinueChoice = 'continue' | 'keep' | 'merge';

export interface OtherCart {
  id: number;
  count: number;
  updatedAt: number;
  lines: { name: string; quantity: number }[];
}

interface CartRow {
  id: number;
  userId: number | null;
  shopId: number;
  items: number;
}

const sql = perDatabase((db: Db) => {
  const s = db.$client;
  return {
    current: s.prepare<[string], CartRow>(
      `SELECT c.id, c.user_id AS userId, c.shop_id AS shopId, (SELECT COUNT(*) FROM cart_items i WHERE i.cart_id = c.id) AS items
         FROM carts c WHERE c.session_hash = ?`,
    ),
    // The user's latest other cart with items in this shop, under a session that has not expired.
    other: s.prepare<[number, number, string, number], { id: number; updatedAt: number }>(
      `SELECT c.id, c.updated_at AS updatedAt FROM carts c JOIN sessions s ON s.id_hash = c.session_hash
        WHERE c.user_id = ? AND c.shop_id = ? AND c.session_hash <> ? AND s.expires_at > ?
          AND EXISTS (SELECT 1 FROM cart_items i WHERE i.cart_id = c.id)
        ORDER BY c.updated_at DESC, c.id DESC LIMIT 1`,
    ),
    lines: s.prepare<[number], { name: string; quantity: number }>(
      'SELECT p.name, i.quantity FROM cart_items i JOIN products p ON p.id = i.product_id WHERE i.cart_id = ? ORDER BY i.rowid',
    ),
    own: s.prepare<[number, number]>('UPDATE carts SET user_id = ? WHERE id = ?'),
    deleteCart: s.prepare<[number]>('DELETE FROM carts WHERE id = ?'),
    moveTo: s.prepare<[string, number, number, number]>('UPDATE carts SET session_hash = ?, user_id = ?, updated_at = ? WHERE id = ?'),
    parking: s.prepare<[string, number, number]>('INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES (?, NULL, ?, ?)'),
    park: s.prepare<[string, number]>('UPDATE carts SET session_hash = ? WHERE id = ?'),
    // Merge: the other cart's lines added to this one, a line never above 99 pieces.
    merge: s.prepare<[number, number, number]>(
      `INSERT INTO cart_items (cart_id, product_id, quantity)
         SELECT ?, product_id, quantity FROM cart_items WHERE cart_id = ? AND true
       ON CONFLICT (cart_id, product_id) DO UPDATE SET quantity = MIN(?, quantity + excluded.quantity)`,
    ),
    touch: s.prepare<[number, number]>('UPDATE carts SET updated_at = ? WHERE id = ?'),
  };
});

const DAY_MS = 86_400_000;
/** How long a signed-out user's cart waits for the next sign-in (a session's life, sessions.service). */
const PARKED_DAYS = 30;

/**
 * Sign-out: the cart leaves the browser (the next person at a shared computer must not see it) but
 * stays the user's: it moves to a parking session whose id nobody holds, and expires with it.
 * Call inside the sign-out transaction, before the session row is deleted.
 */
export function parkCart(db: Db, sessionHash: string, now: Date): void {
  const s = sql(db);
  const cart = s.current.get(sessionHash);
  if (!cart || cart.userId === null || cart.items === 0) return;
  const parking = randomBytes(32).toString('base64url');
  s.parking.run(parking, now.getTime(), now.getTime() + PARKED_DAYS * DAY_MS);
  s.park.run(parking, cart.id);
}

/**
 * Sign-in, inside the session rotation's transaction: the cart carried from the anonymous session
 * becomes the user's when it has items; an empty session adopts the user's cart from another
 * device. With items on both sides nothing moves: the cart page asks (otherDeviceCart). A cart
 * another user left in this browser is parked for them, never handed over.
 */
export function claimCartAtSignIn(db: Db, sessionHash: string, userId: number, shopId: number, now: Date): void {
  const s = sql(db);
  let current = s.current.get(sessionHash);
  if (current && current.userId !== null && current.userId !== userId) {
    parkCart(db, sessionHash, now);
    current = s.current.get(sessionHash);
  }
  if (current && current.items > 0) {
    s.own.run(userId, current.id);
    return;
  }
  const other = s.other.get(userId, shopId, sessionHash, now.getTime());
  if (!other) return;
  if (current) s.deleteCart.run(current.id);
  s.moveTo.run(sessionHash, userId, now.getTime(), other.id);
}

/** The question for the cart page: this session's cart has items and so does one of the user's other carts. */
export function otherDeviceCart(db: Db, sessionHash: string, userId: number | null, shopId: number, now: Date): OtherCart | null {
  if (userId === null) return null;
  const s = sql(db);
  const current = s.current.get(sessionHash);
  if (!current || current.items === 0 || current.shopId !== shopId) return null;
  const other = s.other.get(userId, shopId, sessionHash, now.getTime());
  if (!other) return null;
  const lines = s.lines.all(other.id);
  return { id: other.id, updatedAt: other.updatedAt, count: lines.reduce((n, l) => n + l.quantity, 0), lines };
}

export const OTHER_CART_GONE = msg('Košík z iného zariadenia už nie je k dispozícii.');

/**
 * The shopper's answer, in one immediate transaction: continue that cart (it moves here, this one
 * goes), keep this one (that one goes) or merge (its lines are added here, quantities capped at 99,
 * then it goes). `otherId` must still be the user's latest other cart in this shop, else 409.
 */
export function resolveOtherCart(db: Db, sessionHash: string, userId: number, shopId: number, otherId: number, choice: ContinueChoice, now: Date): void {
  db.$client
    .transaction(() => {
      const s = sql(db);
      const current = s.current.get(sessionHash);
      const other = s.other.get(userId, shopId, sessionHash, now.getTime());
      if (!other || other.id !== otherId) throw new ProblemError(409, OTHER_CART_GONE);
      if (choice === 'continue' || !current) {
        if (current) s.deleteCart.run(current.id);
        if (!current) ensureSession(db, sessionHash, now);
        s.moveTo.run(sessionHash, userId, now.getTime(), other.id);
        return;
      }
      if (choice === 'merge') s.merge.run(current.id, other.id, MAX_LINE_QUANTITY);
      s.deleteCart.run(other.id);
      s.own.run(userId, current.id);
      s.touch.run(now.getTime(), current.id);
    })
    .immediate();
}
