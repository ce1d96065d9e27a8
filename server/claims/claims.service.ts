import { randomInt } from 'node:crypto';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import { ProblemError, ValidationError } from '../http/problem';
import { queueMail } from '../mail/outbox';
import { orderByHash, type OrderView } from '../orders/order-view';
import { CLAIM_CANCELLED, CLAIM_DOCUMENT_FOREIGN, CLAIM_ORDER_NOT_FOUND, type ClaimInput } from './claims.schemas';
import type { StoredPhoto } from './photo-store';

/** The mails a claim owes (server/claims/claim-mails.ts composes them). */
export const CLAIM_MAIL = { receipt: 'claim.receipt', operator: 'claim.operator' } as const;

interface ShopRef {
  id: number;
  currencySymbol: string;
  rounding: number;
}

const sql = perDatabase((db: Db) => {
  const s = db.$client;
  return {
    // An order number or an invoice number of this shop: the two ways a document names an order.
    hashesByDocument: s.prepare<[number, string, number, string], { hash: string }>(
      `SELECT hash FROM orders WHERE shop_id = ? AND document_number = ?
       UNION SELECT o.hash FROM invoices i JOIN orders o ON o.id = i.order_id WHERE o.shop_id = ? AND i.number = ?`,
    ),
    idByHash: s.prepare<[string], { id: number }>('SELECT id FROM orders WHERE hash = ?'),
    replayed: s.prepare<[string, string], { id: number; number: string; typeId: number }>(
      'SELECT id, number, type_id AS typeId FROM claims WHERE session_hash = ? AND idempotency_key = ?',
    ),
    numberTaken: s.prepare<[string], { id: number }>('SELECT id FROM claims WHERE number = ?'),
    insert: s.prepare(
      `INSERT INTO claims (number, shop_id, order_id, type_id, document_number, note, user_id, session_hash, idempotency_key, created_at)
       VALUES (@number, @shopId, @orderId, @typeId, @documentNumber, @note, @userId, @sessionHash, @idempotencyKey, @createdAt)`,
    ),
    ofSession: s.prepare<[string, number, string], SessionClaim>(
      `SELECT c.number, c.type_id AS typeId, c.document_number AS documentNumber, c.created_at AS createdAt, o.hash AS orderHash,
              (SELECT COUNT(*) FROM claim_photos p WHERE p.claim_id = c.id) AS photos
         FROM claims c JOIN orders o ON o.id = c.order_id WHERE c.number = ? AND c.shop_id = ? AND c.session_hash = ?`,
    ),
    insertPhoto: s.prepare<[number, string, number, number, number]>('INSERT INTO claim_photos (claim_id, file, width, height, bytes) VALUES (?, ?, ?, ?, ?)'),
  };
});

/** A claim as its receipt page shows it. */
export interface SessionClaim {
  number: string;
  typeId: number;
  documentNumber: string;
  createdAt: number;
  orderHash: string;
  photos: number;
}

/** A claim of this shop filed in this session (the receipt page after the form); others are nobody's business. */
export function claimOfSession(db: Db, shopId: number, number: string, sessionHash: string): SessionClaim | undefined {
  return sql(db).ofSession.get(number, shopId, sessionHash);
}

/** The order a claim is about and the document it names (the order number unless an invoice was named). */
export interface ClaimOrder {
  order: OrderView;
  /** The order's row id (OrderView's id is its public number). */
  orderId: number;
  documentNumber: string;
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The order of a claim: by its public hash (the tracking page and the account link with it), or
 * by an order or invoice number with the order's e-mail (any case). An unknown hash, an unknown
 * number and a wrong e-mail are the same 404, so the form tells nobody whether an order exists.
 */
export function claimOrder(db: Db, shop: ShopRef, input: Pick<ClaimInput, 'purchase' | 'documentNumber' | 'email'>): ClaimOrder {
  let order: OrderView | undefined;
  if (input.purchase) {
    order = orderByHash(db, shop, input.purchase);
  } else {
    for (const { hash } of sql(db).hashesByDocument.all(shop.id, input.documentNumber, shop.id, input.documentNumber)) {
      const candidate = orderByHash(db, shop, hash);
      if (candidate && sameEmail(candidate.email, input.email)) order = candidate;
    }
  }
  if (!order) throw new ProblemError(404, CLAIM_ORDER_NOT_FOUND);
  // Whoever got here knows the order: telling them it was cancelled discloses nothing new.
  if (order.cancelled_at) throw new ProblemError(409, CLAIM_CANCELLED);
  const documents = [order.document_number, ...order.invoices.map((i) => i.number)];
  const documentNumber = input.documentNumber || order.document_number;
  if (!documents.includes(documentNumber)) throw new ValidationError({ documentNumber: CLAIM_DOCUMENT_FOREIGN });
  return { order, orderId: sql(db).idByHash.get(order.hash)!.id, documentNumber };
}

/** Claim numbers: R + 9 characters without look-alikes (0/O, 1/I/L): read out on the phone, typed from a mail. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
function newClaimNumber(): string {
  let number = 'R';
  for (let i = 0; i < 9; i++) number += ALPHABET[randomInt(ALPHABET.length)];
  return number;
}

export interface NewClaim {
  shopId: number;
  orderId: number;
  typeId: number;
  documentNumber: string;
  note: string;
  userId: number | null;
  sessionHash: string;
  idempotencyKey: string;
  photos: StoredPhoto[];
}

/** The claim a submit answers: `created` false when the same form was sent before (its photos were not kept). */
export interface FiledClaim {
  id: number;
  number: string;
  typeId: number;
  created: boolean;
}

/** An earlier claim of this session under the same form token, if the submit is a replay. */
export function replayedClaim(db: Db, sessionHash: string, idempotencyKey: string): FiledClaim | undefined {
  const row = sql(db).replayed.get(sessionHash, idempotencyKey);
  return row && { ...row, created: false };
}

/**
 * Files the claim, its photos and its two mails in one transaction (the mails exist exactly when
 * the claim does, decision 209). A replay of the same form (same session and token) answers the
 * claim it made the first time and adds nothing.
 */
export function fileClaim(db: Db, claim: NewClaim, now: Date): FiledClaim {
  return db.$client
    .transaction(() => {
      const s = sql(db);
      const earlier = replayedClaim(db, claim.sessionHash, claim.idempotencyKey);
      if (earlier) return earlier;
      let number = newClaimNumber();
      while (s.numberTaken.get(number)) number = newClaimNumber();
      const { photos, ...row } = claim;
      const id = Number(s.insert.run({ ...row, number, createdAt: now.getTime() }).lastInsertRowid);
      for (const p of photos) s.insertPhoto.run(id, p.file, p.width, p.height, p.bytes);
      queueMail(db, CLAIM_MAIL.receipt, { claim: id }, now);
      queueMail(db, CLAIM_MAIL.operator, { claim: id }, now);
      return { id, number, typeId: claim.typeId, created: true };
    })
    .immediate();
}
