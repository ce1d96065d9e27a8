import type { Db } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { msg } from '../../i18n/msg';
import { queueMail } from '../../mail/outbox';
import { PURCHASABLE } from '../../catalog/sellable';
import { audited, type Actor } from '../audit';
import { pagedQuery, type Paged } from '../paged-query';
import { APPROVALS_PAGE_SIZE } from './approvals.schemas';

/**
 * What waits for the operator's word (issue 20, People): seller products (visible 4 = waiting; the
 * shop's one visibility rule is server/catalog/sellable.ts, so 4 → 2 puts the cart button on them on
 * the next request, the catalogue-version triggers doing the rest), wholesale and seller sign-ups
 * (users.status 'pending'), and seller shops not yet activated (sellers.activated_at). Each decision
 * is one audited transaction that also queues the mail (server/admin/people/approval-mails.ts) and,
 * for sellers, leaves a message row their Správy page reads.
 */
export const WAITING = 4;
export const DISABLED = 0;

export const APPROVAL_MAIL = {
  seller: 'approval.seller',
  account: 'approval.account',
} as const;

export const CHANGED_MEANWHILE = msg('Medzitým to zmenil niekto iný. Obnovte stránku a skontrolujte to.');

export interface WaitingProduct {
  id: number;
  name: string;
  slug: string;
  imageFilename: string | null;
  sellerId: number | null;
  sellerName: string | null;
  price: number | null;
  currency: string | null;
  updatedAt: number;
}

export function waitingProducts(db: Db, shopId: number, page: number): Paged<WaitingProduct> {
  return pagedQuery<WaitingProduct>(
    db,
    {
      columns: `p.id, p.name, p.slug, p.image_filename AS imageFilename, p.seller_id AS sellerId, s.name AS sellerName,
        pp.price_b2c AS price, sh.currency, p.updated_at AS updatedAt`,
      from: `products p LEFT JOIN sellers s ON s.id = p.seller_id LEFT JOIN product_prices pp ON pp.product_id = p.id AND pp.shop_id = ${Number(shopId)}
        LEFT JOIN shops sh ON sh.id = pp.shop_id`,
      where: `WHERE p.visible = ${WAITING}`,
      order: 'p.updated_at, p.id',
    },
    [],
    page,
    APPROVALS_PAGE_SIZE,
  );
}

export interface PendingAccount {
  id: number;
  email: string;
  phone: string | null;
  requestedType: 'wholesale' | 'seller';
  createdAt: number;
}

export interface PendingSeller {
  id: number;
  slug: string;
  name: string;
  description: string | null;
  email: string | null;
}

const sql = perDatabase((db: Db) => {
  const s = db.$client;
  return {
    accounts: s.prepare<[], PendingAccount>(
      `SELECT id, email, phone, requested_type AS requestedType, created_at AS createdAt FROM users
        WHERE status = 'pending' AND deleted_at IS NULL AND requested_type <> 'consumer' ORDER BY created_at, id`,
    ),
    account: s.prepare<[number], PendingAccount & { roles: string }>(
      `SELECT id, email, phone, roles, requested_type AS requestedType, created_at AS createdAt FROM users
        WHERE id = ? AND status = 'pending' AND deleted_at IS NULL AND requested_type <> 'consumer'`,
    ),
    grant: s.prepare<[string, number]>("UPDATE users SET roles = ?, status = 'active' WHERE id = ? AND status = 'pending'"),
    refuse: s.prepare<[number]>("UPDATE users SET status = 'active', requested_type = 'consumer' WHERE id = ? AND status = 'pending'"),
    sellers: s.prepare<[], PendingSeller>('SELECT id, slug, name, description, email FROM sellers WHERE activated_at IS NULL ORDER BY id'),
    seller: s.prepare<[number], PendingSeller & { activatedAt: number | null }>('SELECT id, slug, name, description, email, activated_at AS activatedAt FROM sellers WHERE id = ?'),
    activate: s.prepare<[number, number]>('UPDATE sellers SET activated_at = ? WHERE id = ? AND activated_at IS NULL'),
    product: s.prepare<[number], { id: number; name: string; sellerId: number | null; visible: number }>(
      'SELECT id, name, seller_id AS sellerId, visible FROM products WHERE id = ?',
    ),
    setVisible: s.prepare<[number, number, number, number]>('UPDATE products SET visible = ?, updated_at = ? WHERE id = ? AND visible = ?'),
    message: s.prepare<[number, number | null, string, string, number], { id: number }>(
      'INSERT INTO seller_messages (seller_id, product_id, kind, body, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id',
    ),
  };
});

export const pendingAccounts = (db: Db) => sql(db).accounts.all();
export const pendingSellers = (db: Db) => sql(db).sellers.all();

export type Decision = { ok: true } | { ok: false; error: string; status: 404 | 409 };

const GONE: Decision = { ok: false, error: CHANGED_MEANWHILE, status: 409 };

/** Where a mail is written from: the shop and language of the member who decided. */
export interface MailFrom {
  shopId: number;
  locale: string;
}

/** Leaves the seller a message and, when the seller has an e-mail, queues the same words as a mail. */
function tellSeller(db: Db, sellerId: number, productId: number | null, kind: string, body: string, from: MailFrom, now: Date): void {
  const { id } = sql(db).message.get(sellerId, productId, kind, body, now.getTime())!;
  if (sql(db).seller.get(sellerId)?.email) queueMail(db, APPROVAL_MAIL.seller, { message: id, shop: from.shopId, locale: from.locale }, now);
}

/** Seller product: waiting (4) → offered (2) or → disabled (0) with the reason told to the seller. */
export function decideProduct(db: Db, actor: Actor, productId: number, decision: { approve: true } | { approve: false; message: string }, from: MailFrom, now: Date): Decision {
  return audited(db, actor, now, () => {
    const product = sql(db).product.get(productId);
    if (!product) return { value: { ok: false, error: msg('Taký produkt neexistuje.'), status: 404 } as Decision, audit: null };
    const to = decision.approve ? PURCHASABLE : DISABLED;
    // Only a product still waiting: a second member's click on the same row changes nothing.
    if (sql(db).setVisible.run(to, now.getTime(), productId, WAITING).changes === 0) return { value: GONE, audit: null };
    const message = decision.approve ? '' : decision.message;
    if (product.sellerId !== null) tellSeller(db, product.sellerId, productId, decision.approve ? 'product-approved' : 'product-disabled', message, from, now);
    return {
      value: { ok: true } as Decision,
      audit: {
        section: 'approvals',
        action: decision.approve ? 'approvals.product.approve' : 'approvals.product.disable',
        subject: String(productId),
        before: { visible: WAITING },
        after: decision.approve ? { visible: to } : { visible: to, message },
      },
    };
  });
}

const ROLE_OF = { wholesale: 'ROLE_WHOLESALE', seller: 'ROLE_SELLER' } as const;

/**
 * A wholesale or seller sign-up: approved grants the requested role (as the CLI's approveUser does),
 * refused leaves a consumer account (the consumer role worked meanwhile) and tells them why.
 */
export function decideAccount(db: Db, actor: Actor, userId: number, decision: { approve: true } | { approve: false; message: string }, from: MailFrom, now: Date): Decision {
  return audited(db, actor, now, () => {
    const user = sql(db).account.get(userId);
    if (!user) return { value: GONE, audit: null };
    const roles = JSON.parse(user.roles) as string[];
    const role = ROLE_OF[user.requestedType];
    if (decision.approve) sql(db).grant.run(JSON.stringify(roles.includes(role) ? roles : [...roles, role]), userId);
    else sql(db).refuse.run(userId);
    queueMail(db, APPROVAL_MAIL.account, { user: userId, type: user.requestedType, approved: decision.approve, message: decision.approve ? '' : decision.message, shop: from.shopId, locale: from.locale }, now);
    return {
      value: { ok: true } as Decision,
      audit: {
        section: 'approvals',
        action: decision.approve ? 'approvals.account.approve' : 'approvals.account.refuse',
        subject: user.email,
        before: { status: 'pending', requestedType: user.requestedType, roles },
        after: decision.approve ? { status: 'active', roles: [...new Set([...roles, role])] } : { status: 'active', requestedType: 'consumer', message: decision.message },
      },
    };
  });
}

/** A seller shop: approved from now on (its page and products show), or refused with a message (stays unapproved). */
export function decideSeller(db: Db, actor: Actor, sellerId: number, decision: { approve: true } | { approve: false; message: string }, from: MailFrom, now: Date): Decision {
  return audited(db, actor, now, () => {
    const seller = sql(db).seller.get(sellerId);
    if (!seller) return { value: { ok: false, error: msg('Taký predajca neexistuje.'), status: 404 } as Decision, audit: null };
    if (seller.activatedAt !== null) return { value: GONE, audit: null };
    if (decision.approve) sql(db).activate.run(now.getTime(), sellerId);
    tellSeller(db, sellerId, null, decision.approve ? 'shop-approved' : 'shop-refused', decision.approve ? '' : decision.message, from, now);
    return {
      value: { ok: true } as Decision,
      audit: {
        section: 'approvals',
        action: decision.approve ? 'approvals.seller.approve' : 'approvals.seller.refuse',
        subject: seller.slug,
        after: decision.approve ? { activated: true } : { message: decision.message },
      },
    };
  });
}
