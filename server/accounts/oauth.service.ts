import { and, eq, isNull } from 'drizzle-orm';
import type { OAuthProvider } from '../config';
import type { Db } from '../db/client';
import { oauthAccounts, users } from '../db/schema';
import { createUser, DuplicateEmailError, findUserByEmail, normalizeEmail, type User } from './accounts.service';

/** Who the provider says signed in, read from its validated ID token. */
export interface ProviderIdentity {
  provider: OAuthProvider;
  subject: string;
  email: string | null;
  /** Only a literal `email_verified: true` counts; a missing claim is "not verified". */
  emailVerified: boolean;
}

export type SocialAccount =
  | { ok: true; user: User; via: 'link' | 'linked-by-email' | 'created' }
  | { ok: false; reason: 'unverified' };

/** The user behind a provider's subject, or undefined; a deleted (tombstoned) account has none. */
export function findLinkedUser(db: Db, provider: OAuthProvider, subject: string): User | undefined {
  return db
    .select({ user: users })
    .from(oauthAccounts)
    .innerJoin(users, eq(users.id, oauthAccounts.userId))
    .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.subject, subject), isNull(users.deletedAt)))
    .get()?.user;
}

/**
 * The account a social sign-in opens (docs/decisions/130): the one already linked to this subject;
 * else, only when the provider vouches that the e-mail is verified, the account with that e-mail
 * (linked now) or a new consumer account (registration points as in sign-up, linked in the same
 * transaction). An unverified e-mail never links or creates anything: whoever controls a provider
 * account with someone else's unverified address must not get into that person's account.
 */
export async function accountForIdentity(db: Db, identity: ProviderIdentity, now: Date): Promise<SocialAccount> {
  const linked = findLinkedUser(db, identity.provider, identity.subject);
  if (linked) return { ok: true, user: linked, via: 'link' };
  if (!identity.emailVerified || !identity.email) return { ok: false, reason: 'unverified' };
  const email = normalizeEmail(identity.email);

  const existing = linkExisting(db, identity, email);
  if (existing) return existing;
  try {
    const user = await createUser(db, { email, password: null, phone: null, type: 'consumer' }, now, (created) => {
      db.insert(oauthAccounts).values({ provider: identity.provider, subject: identity.subject, userId: created.id }).run();
    });
    return { ok: true, user, via: 'created' };
  } catch (error) {
    // Another request made the account (or the link) a moment ago: use it.
    if (!(error instanceof DuplicateEmailError) && !isLinkConflict(error)) throw error;
    const after = linkExisting(db, identity, email);
    if (after) return after;
    throw error;
  }
}

/** Links the subject to the account with this e-mail, in one immediate transaction; null when there is none. */
function linkExisting(db: Db, identity: ProviderIdentity, email: string): SocialAccount | null {
  return db.$client
    .transaction((): SocialAccount | null => {
      const linked = findLinkedUser(db, identity.provider, identity.subject);
      if (linked) return { ok: true, user: linked, via: 'link' };
      const user = findUserByEmail(db, email);
      if (!user) return null;
      db.insert(oauthAccounts).values({ provider: identity.provider, subject: identity.subject, userId: user.id }).run();
      return { ok: true, user, via: 'linked-by-email' };
    })
    .immediate();
}

function isLinkConflict(error: unknown): boolean {
  return error instanceof Error && /UNIQUE constraint failed: oauth_accounts\./.test(error.message);
}
