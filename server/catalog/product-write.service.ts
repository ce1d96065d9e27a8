import { and, eq } from 'drizzle-orm';
import { loadConfig, type ShopCode } from '../config';
import type { Db } from '../db/client';
import { productPrices, products } from '../db/schema';
import type { Clock, Logger } from '../http/env';
import { createLogger } from '../http/logger';
import { NotFoundError, ProblemError } from '../http/problem';
import { msg } from '../i18n/msg';
import type { Mailer } from '../mail/mailer';
import { sendWatchMails } from '../watchdog/watchdog.mail';
import { claimDueWatches, type FiredWatch } from '../watchdog/watchdog.service';

/**
 * The one place a product's price or stock changes. Each change runs in an IMMEDIATE transaction
 * that also marks the product's watches that now fire (spec 3, the watchdog), so a change and its
 * watches are one atomic step; their e-mails go out after the commit.
 */

export interface PriceChange {
  productId: number;
  shopId: number;
  /** Minor units, with VAT. */
  priceB2c: number;
  /** The crossed-out price; null removes it, undefined keeps it. */
  priceOldB2c?: number | null;
  priceB2b?: number;
  priceOldB2b?: number | null;
}

export interface StockChange {
  productId: number;
  /** Pieces in stock. */
  quantity: number;
}

export interface WriteOptions {
  /** Public origins for the links in watch e-mails; the configured ones by default. */
  origins?: Record<ShopCode, string>;
  logger?: Logger;
}

export interface WriteResult {
  /** Watches that fired with this change. */
  fired: number;
  /** Of those, e-mails handed to the mailer. */
  sent: number;
}

function amount(value: number, field: string): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new ProblemError(400, msg('Nesprávna hodnota'), { [field]: msg('Nesprávna hodnota') });
  return value;
}

async function notify(fired: FiredWatch[], mailer: Mailer, options: WriteOptions): Promise<WriteResult> {
  if (fired.length === 0) return { fired: 0, sent: 0 };
  const origins = options.origins ?? loadConfig().origins;
  const logger = options.logger ?? createLogger('error');
  return { fired: fired.length, sent: await sendWatchMails(fired, { mailer, logger, origins }) };
}

export async function setProductPrice(db: Db, clock: Clock, mailer: Mailer, change: PriceChange, options: WriteOptions = {}): Promise<WriteResult> {
  const set: Partial<typeof productPrices.$inferInsert> = { priceB2c: amount(change.priceB2c, 'priceB2c') };
  if (change.priceOldB2c !== undefined) set.priceOldB2c = change.priceOldB2c === null ? null : amount(change.priceOldB2c, 'priceOldB2c');
  if (change.priceB2b !== undefined) set.priceB2b = amount(change.priceB2b, 'priceB2b');
  if (change.priceOldB2b !== undefined) set.priceOldB2b = change.priceOldB2b === null ? null : amount(change.priceOldB2b, 'priceOldB2b');
  const fired = db.transaction(
    (tx) => {
      const result = tx
        .update(productPrices)
        .set(set)
        .where(and(eq(productPrices.productId, change.productId), eq(productPrices.shopId, change.shopId)))
        .run();
      if (result.changes !== 1) throw new NotFoundError(msg('Produkt neexistuje'));
      tx.update(products).set({ updatedAt: clock.now() }).where(eq(products.id, change.productId)).run();
      return claimDueWatches(db, clock, change.productId);
    },
    { behavior: 'immediate' },
  );
  return notify(fired, mailer, options);
}

export async function setProductStock(db: Db, clock: Clock, mailer: Mailer, change: StockChange, options: WriteOptions = {}): Promise<WriteResult> {
  const quantity = amount(change.quantity, 'quantity');
  const fired = db.transaction(
    (tx) => {
      const result = tx.update(products).set({ quantity, updatedAt: clock.now() }).where(eq(products.id, change.productId)).run();
      if (result.changes !== 1) throw new NotFoundError(msg('Produkt neexistuje'));
      return claimDueWatches(db, clock, change.productId);
    },
    { behavior: 'immediate' },
  );
  return notify(fired, mailer, options);
}
