import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';

/**
 * What the shop told the seller (seller_messages, written by the back office's approvals with the
 * same words as their mail): newest first, read or not; only the seller's own (another's id is 404).
 */
export interface SellerMessageRow {
  id: number;
  kind: string;
  body: string;
  productName: string | null;
  createdAt: number;
  readAt: number | null;
}

const sql = perDatabase((db: Db) => {
  const s = db.$client;
  return {
    list: s.prepare<[number], SellerMessageRow>(
      `SELECT m.id, m.kind, m.body, p.name AS productName, m.created_at AS createdAt, m.read_at AS readAt
         FROM seller_messages m LEFT JOIN products p ON p.id = m.product_id
        WHERE m.seller_id = ? ORDER BY m.created_at DESC, m.id DESC LIMIT 200`,
    ),
    read: s.prepare<[number, number, number]>('UPDATE seller_messages SET read_at = COALESCE(read_at, ?) WHERE id = ? AND seller_id = ?'),
  };
});

export const sellerMessages = (db: Db, sellerId: number) => sql(db).list.all(sellerId);

/** Marks one of the seller's messages read (once); false when it is not theirs. */
export const markSellerMessageRead = (db: Db, sellerId: number, id: number, now: Date): boolean => sql(db).read.run(now.getTime(), id, sellerId).changes === 1;
