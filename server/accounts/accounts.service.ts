import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { addresses, carts, favouriteBlogs, favouriteProducts, oauthAccounts, passwordResets, users, type Role } from '../db/schema';
import { destroyUserSessions } from '../sessions/sessions.service';
import type { AccountType, AddressInput } from './accounts.schemas';
import { dummyVerify, hashPassword, verifyPassword } from './password';
import { creditRegistrationBonus } from '../points/points.service';

export type User = typeof users.$inferSelect;
export type AddressKind = 'delivery' | 'invoice';

export class DuplicateEmailError extends Error {}

/** Lower-cased and trimmed, the form every look-up and the unique index use. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function findUserByEmail(db: Db, email: string): User | undefined {
  return db
    .select()
    .from(users)
    .where(and(eq(users.email, normalizeEmail(email)), isNull(users.deletedAt)))
    .get();
}

export function getUser(db: Db, id: number): User | undefined {
  return db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .get();
}

/**
 * Every account starts as a consumer. Asking for wholesale or seller only records the request
 * (status pending); the operator grants the role (cli.ts). The caller validated the input.
 * Social sign-in creates accounts without a password or phone and writes its link in `inside`,
 * in the same transaction as the account and its bonus.
 */
export async function createUser(
  db: Db,
  input: { email: string; password: string | null; phone: string | null; type: AccountType },
  now: Date,
  inside?: (user: User) => void,
): Promise<User> {
  const passwordHash = input.password === null ? null : await hashPassword(input.password);
  const pending = input.type !== 'consumer';
  try {
    // The account and its registration bonus are written together (one immediate transaction).
    return db.$client
      .transaction(() => {
        const user = db
          .insert(users)
          .values({
            email: normalizeEmail(input.email),
            passwordHash,
            phone: input.phone,
            roles: ['ROLE_CONSUMER'],
            requestedType: input.type,
            status: pending ? 'pending' : 'active',
            createdAt: now,
          })
          .returning()
          .get();
        creditRegistrationBonus(db, user.id, now);
        inside?.(user);
        return user;
      })
      .immediate();
  } catch (error) {
    if (error instanceof Error && /UNIQUE constraint failed: users\.email/.test(error.message)) throw new DuplicateEmailError();
    throw error;
  }
}

/**
 * The user for this e-mail and password, or null. An unknown e-mail or a social-only account does
 * the same scrypt work, so neither the answer nor its timing tells whether the account exists.
 */
export async function authenticate(db: Db, email: string, password: string): Promise<User | null> {
  const user = email ? findUserByEmail(db, email) : undefined;
  if (!user || !user.passwordHash || !password) {
    await dummyVerify(password);
    return null;
  }
  return (await verifyPassword(password, user.passwordHash)) ? user : null;
}

export async function setPassword(db: Db, userId: number, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  db.update(users).set({ passwordHash }).where(eq(users.id, userId)).run();
}

/** Operator action: grants the requested business role and activates the account. */
export function approveUser(db: Db, email: string, role: 'ROLE_WHOLESALE' | 'ROLE_SELLER' | 'ROLE_STORY'): User | null {
  const user = findUserByEmail(db, email);
  if (!user) return null;
  const roles: Role[] = user.roles.includes(role) ? user.roles : [...user.roles, role];
  return db.update(users).set({ roles, status: 'active' }).where(eq(users.id, user.id)).returning().get();
}

export function listPending(db: Db): Pick<User, 'id' | 'email' | 'requestedType' | 'createdAt'>[] {
  return db
    .select({ id: users.id, email: users.email, requestedType: users.requestedType, createdAt: users.createdAt })
    .from(users)
    .where(and(eq(users.status, 'pending'), isNull(users.deletedAt)))
    .orderBy(asc(users.createdAt))
    .all();
}

export function updatePhone(db: Db, userId: number, phone: string): void {
  db.update(users).set({ phone }).where(eq(users.id, userId)).run();
}

export type Address = typeof addresses.$inferSelect;

/** The saved (favourite) address of each kind, which checkout prefills for consumers. */
export function savedAddresses(db: Db, userId: number): Record<AddressKind, Address | null> {
  const rows = db
    .select()
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.favourite, true)))
    .all();
  return { delivery: rows.find((r) => r.kind === 'delivery') ?? null, invoice: rows.find((r) => r.kind === 'invoice') ?? null };
}

export function saveAddress(db: Db, userId: number, kind: AddressKind, input: AddressInput, now: Date): void {
  const values = {
    firstName: input.first_name,
    lastName: input.last_name,
    companyName: input.company_name,
    companyNumber: input.company_number,
    companyVat: input.company_vat.replace(/\s/g, '').toUpperCase(),
    street: input.street,
    town: input.town,
    zip: input.zip,
    country: input.country,
    updatedAt: now,
  };
  db.transaction(
    (tx) => {
      const existing = tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(and(eq(addresses.userId, userId), eq(addresses.kind, kind), eq(addresses.favourite, true)))
        .get();
      if (existing) tx.update(addresses).set(values).where(eq(addresses.id, existing.id)).run();
      else tx.insert(addresses).values({ ...values, userId, kind, favourite: true }).run();
    },
    { behavior: 'immediate' },
  );
}

/** Everything we keep about the user (GDPR art. 15/20): the account, addresses and favourites. */
export function exportUserData(db: Db, userId: number) {
  const user = getUser(db, userId);
  if (!user) return null;
  return {
    exportedFor: user.email,
    account: {
      email: user.email,
      phone: user.phone,
      roles: user.roles,
      requestedType: user.requestedType,
      status: user.status,
      createdAt: user.createdAt.toISOString(),
      socialSignIn: db.select({ provider: oauthAccounts.provider }).from(oauthAccounts).where(eq(oauthAccounts.userId, userId)).all(),
    },
    addresses: db
      .select()
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .all()
      .map(({ userId: _owner, id: _id, ...rest }) => ({ ...rest, updatedAt: rest.updatedAt.toISOString() })),
    favourites: {
      products: db
        .select({ productId: favouriteProducts.productId, categoryName: favouriteProducts.categoryName })
        .from(favouriteProducts)
        .where(eq(favouriteProducts.userId, userId))
        .all(),
      blogs: db.select({ blogId: favouriteBlogs.blogId }).from(favouriteBlogs).where(eq(favouriteBlogs.userId, userId)).all(),
    },
  };
}

/**
 * Account deletion: the row stays (orders will reference it and must be kept by law) but every
 * personal datum goes: the e-mail becomes a tombstone, the password and phone are erased, addresses,
 * favourites, social links, reset tokens and sessions are deleted.
 */
export function deleteAccount(db: Db, userId: number, now: Date): void {
  db.transaction(
    (tx) => {
      tx.delete(addresses).where(eq(addresses.userId, userId)).run();
      // Including a cart parked at sign-out for the next sign-in (docs/decisions/121).
      tx.delete(carts).where(eq(carts.userId, userId)).run();
      tx.delete(favouriteProducts).where(eq(favouriteProducts.userId, userId)).run();
      tx.delete(favouriteBlogs).where(eq(favouriteBlogs.userId, userId)).run();
      tx.delete(oauthAccounts).where(eq(oauthAccounts.userId, userId)).run();
      tx.delete(passwordResets).where(eq(passwordResets.userId, userId)).run();
      tx.update(users)
        .set({ email: `deleted-${userId}@deleted.invalid`, passwordHash: null, phone: null, roles: [], status: 'active', deletedAt: now })
        .where(eq(users.id, userId))
        .run();
    },
    { behavior: 'immediate' },
  );
  destroyUserSessions(db, userId);
}
