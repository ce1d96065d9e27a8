import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { orders } from './orders';
import { shops } from './shops';

/**
 * Spec 3 "Claim type": name, description, success and fail texts. The texts are Slovak source ids
 * translated at the edge, like payment names; `code` keeps the seeded rows apart from ones the
 * operator adds later (server/claims/claim-types.service.ts never overwrites an existing code).
 */
export const claimTypes = sqliteTable('claim_types', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  success: text('success').notNull().default(''),
  fail: text('fail').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  /** A type the shop stopped offering stays for the claims filed under it. */
  active: integer('active', { mode: 'boolean' }).notNull().default(true),
});

/**
 * A claim (reklamácia, spec 3 "Claim": purchase, documentNumber, note, type). `number` is the public
 * id printed in the receipt (random, never the row id); `(session_hash, idempotency_key)` makes a
 * replayed submit answer the claim it already made. Open until the operator closes it.
 */
export const claims = sqliteTable(
  'claims',
  {
    id: integer('id').primaryKey(),
    number: text('number').notNull().unique(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    orderId: integer('order_id').notNull().references(() => orders.id),
    typeId: integer('type_id').notNull().references(() => claimTypes.id),
    /** The document the claim refers to: the order number or one of the order's invoice numbers. */
    documentNumber: text('document_number').notNull(),
    note: text('note').notNull(),
    /** Who filed it when signed in; guests file with the order number and e-mail. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    sessionHash: text('session_hash').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    closedAt: integer('closed_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('claims_idempotency_idx').on(t.sessionHash, t.idempotencyKey),
    index('claims_open_idx').on(t.closedAt, t.createdAt),
    index('claims_order_idx').on(t.orderId),
  ],
);

/** A photo of a claim as re-encoded and stored: `file` is a random name under UPLOADS_DIR/claims. */
export const claimPhotos = sqliteTable(
  'claim_photos',
  {
    id: integer('id').primaryKey(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    file: text('file').notNull().unique(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
  },
  (t) => [index('claim_photos_claim_idx').on(t.claimId)],
);
