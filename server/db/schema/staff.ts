import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * The people who run the shop (docs/decisions/220). A table of their own, not rows of `users` with
 * more roles: a shopper account, its session and its guards never meet a staff role, a leaked
 * shopper password opens no back office, and a staff member's sign-in always has a second factor.
 */
export const STAFF_ROLES = ['ROLE_ADMIN', 'ROLE_EDITOR'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const staff = sqliteTable('staff', {
  id: integer('id').primaryKey(),
  /** Lower-cased, trimmed; the sign-in name. */
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  role: text('role', { enum: STAFF_ROLES }).notNull(),
  /** scrypt, as shoppers' passwords (server/accounts/password.ts). */
  passwordHash: text('password_hash').notNull(),
  /** The TOTP secret (base32) confirmed at enrolment. */
  totpSecret: text('totp_secret').notNull(),
  /** The last 30-second step a code was accepted for: a code works once (RFC 6238 §5.2). */
  totpLastStep: integer('totp_last_step').notNull().default(0),
  /** A disabled member signs in no more; their rows in the audit log stay theirs. */
  disabledAt: integer('disabled_at', { mode: 'timestamp_ms' }),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
});

export type StaffRow = typeof staff.$inferSelect;

/** Single-use codes for a lost authenticator, stored as SHA-256 (each holds 50 random bits). */
export const staffRecoveryCodes = sqliteTable(
  'staff_recovery_codes',
  {
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.codeHash] })],
);

/**
 * An e-mail link that lets one person set a password and enrol TOTP (single use, expiring). The
 * secret is made with the invitation, so the QR code stays the same when the page is reloaded.
 */
export const staffInvitations = sqliteTable(
  'staff_invitations',
  {
    tokenHash: text('token_hash').primaryKey(),
    email: text('email').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    totpSecret: text('totp_secret').notNull(),
    /** Null for the first admin, invited from the command line. */
    invitedBy: integer('invited_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    /** Revoked by an admin before it was used. */
    revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('staff_invitations_email_idx').on(t.email, t.createdAt)],
);

/**
 * Staff sessions, apart from shoppers' (own cookie on /admin, shorter lives). `verified_at` is set
 * when the second factor passed; until then the row only lets its holder enter a code.
 */
export const staffSessions = sqliteTable(
  'staff_sessions',
  {
    idHash: text('id_hash').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    verifiedAt: integer('verified_at', { mode: 'timestamp_ms' }),
    lastSeenAt: integer('last_seen_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/**
 * Every back-office write (docs/decisions/220): who, when, what, the state before and after (JSON),
 * and the request it came with. Written in the transaction of the change, so a change without its
 * row (or a row without its change) cannot exist.
 */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey(),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
    /** Null for the command line (the first admin's invitation). */
    staffId: integer('staff_id').references(() => staff.id),
    /** Who it was as they were then (e-mail), readable after a member is disabled. */
    actor: text('actor').notNull(),
    /** The back-office section (server/admin/sections.ts). */
    section: text('section').notNull(),
    /** What was done, e.g. `order.paid`, `settings.supplier`. */
    action: text('action').notNull(),
    /** What it was done to, e.g. an order number or a shop code. */
    subject: text('subject').notNull().default(''),
    before: text('before'),
    after: text('after'),
    requestId: text('request_id'),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_staff_idx').on(t.staffId, t.at), index('audit_log_section_idx').on(t.section, t.at)],
);
