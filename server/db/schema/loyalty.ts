import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { sql } from 'drizzle-orm';
import { users } from './accounts';
import { carts } from './cart';

export const POINT_ENTRY_TYPES = ['purchase', 'point_item', 'manual', 'registration', 'referral'] as const;
export type PointEntryType = (typeof POINT_ENTRY_TYPES)[number];

/**
 * The points ledger: one signed row per movement; the balance is SUM(value) per user. Credits that
 * must happen once (a purchase, the registration bonus, a referral) are unique per
 * (item_type, item_id, user); spending on a point item and manual entries may repeat.
 */
export const pointEntries = sqliteTable(
  'point_entries',
  {
    id: integer('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id),
    value: integer('value').notNull(),
    itemType: text('item_type', { enum: POINT_ENTRY_TYPES }).notNull(),
    /** Order id (purchase), point item id (point_item), referred user id (referral); 0 for registration. */
    itemId: integer('item_id').notNull().default(0),
    /** +1 credit, -1 reversal of a purchase; keeps reversal unique too. */
    sign: integer('sign').notNull().default(1),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    index('point_entries_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('point_entries_once_idx')
      .on(t.itemType, t.itemId, t.userId, t.sign)
      .where(sql`item_type IN ('purchase', 'registration', 'referral')`),
  ],
);

export const POINT_ITEM_KINDS = ['voucher', 'guide', 'reward'] as const;

/** What points buy: a voucher template, a guide, or another reward. */
export const pointItems = sqliteTable('point_items', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  image: text('image'),
  price: integer('price').notNull(),
  kind: text('kind', { enum: POINT_ITEM_KINDS }).notNull(),
  disabled: integer('disabled', { mode: 'boolean' }).notNull().default(false),
  /** null = unlimited. */
  stock: integer('stock'),
  /** A reward can be claimed once per user (the card stays disabled once claimed). */
  oncePerUser: integer('once_per_user', { mode: 'boolean' }).notNull().default(false),
  /** Template of the voucher a 'voucher' item issues. */
  voucherType: integer('voucher_type'),
  voucherValue: integer('voucher_value'),
  voucherAmountFrom: integer('voucher_amount_from'),
  /** How long an issued voucher stays valid after activation, in days. */
  voucherDays: integer('voucher_days'),
});

/** Types of the spec (section 9): 1 fixed, 2 percent, 3 free shipping, 5 gift. */
export const VOUCHER_TYPES = [1, 2, 3, 5] as const;

export const vouchers = sqliteTable(
  'vouchers',
  {
    id: integer('id').primaryKey(),
    code: text('code').notNull().unique(),
    type: integer('type').notNull(),
    /** Fixed: minor units; percent: whole percent; free shipping: 0; gift: 0. */
    value: integer('value').notNull().default(0),
    /** Minimum order (subtotal), minor units. */
    amountFrom: integer('amount_from').notNull().default(0),
    giftItem: text('gift_item'),
    validFrom: integer('valid_from', { mode: 'timestamp_ms' }),
    dateTo: integer('date_to', { mode: 'timestamp_ms' }),
    singleUse: integer('single_use', { mode: 'boolean' }).notNull().default(false),
    usedByOrder: integer('used_by_order'),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    /** null = public code; else only this user may use or see it. */
    userId: integer('user_id').references(() => users.id),
    activatedAt: integer('activated_at', { mode: 'timestamp_ms' }),
    expiredAt: integer('expired_at', { mode: 'timestamp_ms' }),
    pointItemId: integer('point_item_id').references(() => pointItems.id),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    /** The influencer (ROLE_INFLUENCER) who shares this code and sees its use (/moje/influencer-kupony). */
    influencerId: integer('influencer_id').references(() => users.id, { onDelete: 'set null' }),
    /** The influencer's commission, whole percent of the goods paid (after the discount); null = none. */
    commissionPercent: integer('commission_percent'),
  },
  (t) => [index('vouchers_user_idx').on(t.userId), index('vouchers_influencer_idx').on(t.influencerId)],
);

/** The voucher applied to a cart (kept apart from `carts` so the cart table stays as it is). */
export const cartVouchers = sqliteTable('cart_vouchers', {
  cartId: integer('cart_id')
    .primaryKey()
    .references(() => carts.id, { onDelete: 'cascade' }),
  voucherId: integer('voucher_id')
    .notNull()
    .references(() => vouchers.id, { onDelete: 'cascade' }),
});
