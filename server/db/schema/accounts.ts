import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { blogPosts } from './blog';
import { products } from './catalog';

export const ROLES = ['ROLE_CONSUMER', 'ROLE_WHOLESALE', 'ROLE_SELLER', 'ROLE_STORY', 'ROLE_INFLUENCER'] as const;
export type Role = (typeof ROLES)[number];

/**
 * A shopper account. `roles` are granted by the shop (consumers on sign-up; wholesale and seller
 * only when the operator approves `requested_type`); no request can grant itself a role.
 */
export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey(),
    /** Lower-cased, trimmed login e-mail. */
    email: text('email').notNull().unique(),
    /** Memory-hard hash (scrypt) with its parameters; null for accounts made through social sign-in only. */
    passwordHash: text('password_hash'),
    phone: text('phone'),
    roles: text('roles', { mode: 'json' }).$type<Role[]>().notNull(),
    requestedType: text('requested_type', { enum: ['consumer', 'wholesale', 'seller'] }).notNull().default('consumer'),
    /** pending while a wholesale/seller request waits for approval; the consumer role works meanwhile. */
    status: text('status', { enum: ['active', 'pending'] }).notNull().default('active'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
    /** The code in this user's referral link (/registracia?ref=…); made on first use. */
    referralCode: text('referral_code').unique(),
    /** Who referred this user; the referrer is credited once, when this user's first order is paid. */
    referredBy: integer('referred_by'),
  },
  (t) => [index('users_status_idx').on(t.status)],
);

/** Single-use password-recovery tokens, stored hashed. */
export const passwordResets = sqliteTable('password_resets', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  usedAt: integer('used_at', { mode: 'timestamp_ms' }),
});

/** Social sign-in links; made only when the provider says the e-mail is verified. */
export const oauthAccounts = sqliteTable(
  'oauth_accounts',
  {
    provider: text('provider', { enum: ['google', 'facebook'] }).notNull(),
    subject: text('subject').notNull(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index('oauth_user_idx').on(t.userId)],
);

export const favouriteProducts = sqliteTable(
  'favourite_products',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    /** The shopper's own grouping ("Do kuchyne"), chosen in the favourite popover. */
    categoryName: text('category_name'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index('favourite_products_category_idx').on(t.userId, t.categoryName)],
);

export const favouriteBlogs = sqliteTable(
  'favourite_blogs',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    blogId: integer('blog_id').notNull().references(() => blogPosts.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.blogId] })],
);

/** Saved delivery and invoice data per user, prefilled at checkout for consumers. */
export const addresses = sqliteTable(
  'addresses',
  {
    id: integer('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['delivery', 'invoice'] }).notNull(),
    favourite: integer('favourite', { mode: 'boolean' }).notNull().default(false),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    companyName: text('company_name').notNull().default(''),
    companyNumber: text('company_number').notNull().default(''),
    companyVat: text('company_vat').notNull().default(''),
    street: text('street').notNull().default(''),
    town: text('town').notNull().default(''),
    zip: text('zip').notNull().default(''),
    country: text('country').notNull().default('sk'),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('addresses_user_idx').on(t.userId, t.kind)],
);

/** Guides a user has obtained (for points, bought, or free): the Návody tab of /moje/objednavky. */
export const guideUnlocks = sqliteTable(
  'guide_unlocks',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    blogId: integer('blog_id').notNull().references(() => blogPosts.id, { onDelete: 'cascade' }),
    via: text('via', { enum: ['free', 'points', 'purchase'] }).notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.blogId] })],
);
