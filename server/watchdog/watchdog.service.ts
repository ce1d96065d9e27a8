import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { shown, shownSql } from '../catalog/sellable';
import { watchdogs } from '../db/schema';
import type { Clock } from '../http/env';
import { sendWatchMails, type WatchMailEnv } from './watchdog.mail';
import type { WatchdogInput } from './watchdog.schemas';

/** The product as the watch dialog needs it: its B2C price in the requesting shop, its stock. */
export interface WatchProduct {
  id: number;
  name: string;
  slug: string;
  quantity: number;
  /** Minor units, B2C with VAT, of the given shop. */
  price: number;
}

/** A watch that has just fired (marked in the database) and whose e-mail is still to be sent. */
export interface FiredWatch {
  id: number;
  email: string;
  locale: string;
  token: string;
  shopCode: 'sk' | 'cz';
  currency: string;
  product: { id: number; name: string; slug: string; quantity: number; price: number | null };
  reasons: { available: boolean; price: boolean };
}

interface CandidateRow {
  id: number;
  email: string;
  locale: string;
  token: string;
  available: number;
  available_value: number | null;
  price: number;
  price_value: number | null;
  shop_code: 'sk' | 'cz';
  currency: string;
  product_id: number;
  name: string;
  slug: string;
  quantity: number;
  visible: number;
  price_b2c: number | null;
}

interface Statements {
  product: (id: number, shopId: number) => WatchProduct | undefined;
  open: (productId: number, shopId: number, email: string) => { id: number; token: string } | undefined;
  candidates: (productId: number) => CandidateRow[];
  fire: (now: number, id: number) => number;
  byToken: (token: string) => TokenWatch | undefined;
  unsubscribe: (now: number, token: string) => number;
}

export interface TokenWatch {
  id: number;
  email: string;
  productName: string;
  productSlug: string;
  firedAt: number | null;
  unsubscribedAt: number | null;
}

const cache = new WeakMap<Db, Statements>();

function statements(db: Db): Statements {
  let s = cache.get(db);
  if (s) return s;
  const c = db.$client;
  const product = c.prepare<[number, number], WatchProduct>(
    `SELECT p.id, p.name, p.slug, p.quantity, pp.price_b2c AS price
       FROM products p JOIN product_prices pp ON pp.product_id = p.id AND pp.shop_id = ?
      WHERE p.id = ? AND ${shownSql()}`,
  );
  const open = c.prepare<[number, number, string], { id: number; token: string }>(
    `SELECT id, token FROM watchdogs
      WHERE product_id = ? AND shop_id = ? AND email = ? AND fired_at IS NULL AND unsubscribed_at IS NULL
      ORDER BY id LIMIT 1`,
  );
  const candidates = c.prepare<[number], CandidateRow>(
    `SELECT w.id, w.email, w.locale, w.token, w.available, w.available_value, w.price, w.price_value,
            s.code AS shop_code, s.currency, p.id AS product_id, p.name, p.slug, p.quantity, p.visible, pp.price_b2c
       FROM watchdogs w
       JOIN products p ON p.id = w.product_id
       JOIN shops s ON s.id = w.shop_id
       LEFT JOIN product_prices pp ON pp.product_id = w.product_id AND pp.shop_id = w.shop_id
      WHERE w.product_id = ? AND w.fired_at IS NULL AND w.unsubscribed_at IS NULL`,
  );
  const fire = c.prepare('UPDATE watchdogs SET fired_at = ? WHERE id = ? AND fired_at IS NULL AND unsubscribed_at IS NULL');
  const byToken = c.prepare<[string], TokenWatch>(
    `SELECT w.id, w.email, p.name AS productName, p.slug AS productSlug, w.fired_at AS firedAt, w.unsubscribed_at AS unsubscribedAt
       FROM watchdogs w JOIN products p ON p.id = w.product_id WHERE w.token = ?`,
  );
  // The link stops every open watch of the address, so it still means something after one has fired.
  const unsubscribe = c.prepare(
    `UPDATE watchdogs SET unsubscribed_at = @now
      WHERE unsubscribed_at IS NULL AND (token = @token OR (fired_at IS NULL AND email = (SELECT email FROM watchdogs WHERE token = @token)))`,
  );
  s = {
    product: (id, shopId) => product.get(shopId, id),
    open: (productId, shopId, email) => open.get(productId, shopId, email),
    candidates: (productId) => candidates.all(productId),
    fire: (now, id) => fire.run(now, id).changes,
    byToken: (token) => byToken.get(token),
    unsubscribe: (now, token) => unsubscribe.run({ now, token }).changes,
  };
  cache.set(db, s);
  return s;
}

export function findWatchProduct(db: Db, productId: number, shopId: number): WatchProduct | null {
  if (!Number.isSafeInteger(productId) || productId <= 0) return null;
  return statements(db).product(productId, shopId) ?? null;
}

/** Token of the unsubscribe link: 32 random bytes, the only key to the watch from outside. */
export function newWatchToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the API answers as `id`: derived from the token, unguessable, and no key to anything. */
export function publicWatchId(token: string): string {
  return createHash('sha256').update(`watchdog:${token}`).digest('base64url').slice(0, 22);
}

/**
 * Saves a watch. An address that already watches the product in this shop gets its conditions
 * replaced instead of a second watch, so a retried or repeated form never sends two e-mails.
 */
export function saveWatch(
  db: Db,
  clock: Clock,
  watch: { productId: number; shopId: number; locale: string; input: WatchdogInput },
): { id: string } {
  const { productId, shopId, locale, input } = watch;
  const values = {
    locale,
    available: input.available,
    availableValue: input.available ? input.availableValue : null,
    price: input.price,
    priceValue: input.price ? input.priceValue : null,
  };
  return db.transaction(
    (tx) => {
      const existing = statements(db).open(productId, shopId, input.email);
      if (existing) {
        tx.update(watchdogs).set(values).where(eq(watchdogs.id, existing.id)).run();
        return { id: publicWatchId(existing.token) };
      }
      const token = newWatchToken();
      tx.insert(watchdogs).values({ productId, shopId, email: input.email, token, createdAt: clock.now(), ...values }).run();
      return { id: publicWatchId(token) };
    },
    { behavior: 'immediate' },
  );
}

/** Which of a watch's chosen conditions hold now (spec 3: stock more than N; price less than X). */
function reasonsFor(row: CandidateRow): FiredWatch['reasons'] {
  return {
    available: row.available === 1 && row.quantity > (row.available_value ?? 0),
    price: row.price === 1 && row.price_value !== null && row.price_b2c !== null && row.price_b2c < row.price_value,
  };
}

/**
 * Marks every open watch of the product whose condition holds as fired and returns them. Call it
 * inside an IMMEDIATE transaction; the conditional update (`fired_at IS NULL`, changes === 1) is what
 * makes a watch fire once even if two evaluations saw it open.
 */
export function claimDueWatches(db: Db, clock: Clock, productId: number): FiredWatch[] {
  const s = statements(db);
  const now = clock.now().getTime();
  const fired: FiredWatch[] = [];
  for (const row of s.candidates(productId)) {
    // A hidden product's link would 404; its watches wait until it is shown again.
    if (!shown(row)) continue;
    const reasons = reasonsFor(row);
    if (!reasons.available && !reasons.price) continue;
    if (s.fire(now, row.id) !== 1) continue;
    fired.push({
      id: row.id,
      email: row.email,
      locale: row.locale,
      token: row.token,
      shopCode: row.shop_code,
      currency: row.currency,
      product: { id: row.product_id, name: row.name, slug: row.slug, quantity: row.quantity, price: row.price_b2c },
      reasons,
    });
  }
  return fired;
}

/**
 * Evaluates a product's open watches in their own IMMEDIATE transaction and e-mails the ones that
 * fired after it commits. The write service does the same inside its own transaction.
 */
export async function evaluateWatches(db: Db, clock: Clock, env: WatchMailEnv, productId: number): Promise<number> {
  const fired = db.transaction(() => claimDueWatches(db, clock, productId), { behavior: 'immediate' });
  return sendWatchMails(fired, env);
}

/** Marks one watch fired; true only for the caller that won (the guard claimDueWatches relies on). */
export function markFired(db: Db, clock: Clock, watchId: number): boolean {
  return statements(db).fire(clock.now().getTime(), watchId) === 1;
}

export function findByToken(db: Db, token: string): TokenWatch | null {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  return statements(db).byToken(token) ?? null;
}

/** Stops the watch of the link and every other open watch of the same address; idempotent. */
export function unsubscribe(db: Db, clock: Clock, token: string): boolean {
  if (!findByToken(db, token)) return false;
  statements(db).unsubscribe(clock.now().getTime(), token);
  return true;
}
