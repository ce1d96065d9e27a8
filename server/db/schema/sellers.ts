import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';

/** Marketplace seller; the shop is approved once activated_at is set. */
export const sellers = sqliteTable('sellers', {
  id: integer('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description'),
  image: text('image'),
  activatedAt: integer('activated_at', { mode: 'timestamp_ms' }),
  /** Where the shop writes to the seller (approvals, refusals); null = only the messages below. */
  email: text('email'),
  /** The account that runs this shop (its ROLE_SELLER pages); one shop per account. */
  userId: integer('user_id').unique().references(() => users.id, { onDelete: 'set null' }),
});

/**
 * What the shop told a seller (a product approved or disabled with the reason, the shop approved or
 * refused): the seller's Správy page reads them; a mail goes too when the seller has an e-mail.
 */
export const sellerMessages = sqliteTable(
  'seller_messages',
  {
    id: integer('id').primaryKey(),
    sellerId: integer('seller_id').notNull().references(() => sellers.id, { onDelete: 'cascade' }),
    /** The product it is about, if any (kept as a number: the product may be deleted later). */
    productId: integer('product_id'),
    kind: text('kind', { enum: ['product-approved', 'product-disabled', 'shop-approved', 'shop-refused'] }).notNull(),
    body: text('body').notNull().default(''),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    readAt: integer('read_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('seller_messages_seller_idx').on(t.sellerId, t.createdAt)],
);
