import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';

/**
 * Order numbers are the variable symbols of bank transfers (docs/decisions/208): PAY by square and
 * QR Platba/SPAYD carry at most 10 digits, so the number is YY S NNNNNNN — the year in the shop's
 * time zone, the storefront's id, and the order's place in that storefront's year (10 million
 * orders a shop a year, unique until 2099). The tracking page, the PDF, the mail and the QR all
 * print this one number.
 */
export const ORDER_NUMBER = /^\d{10}$/;

const year = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Bratislava', year: 'numeric' });

/** The first three digits: the year (two digits) and the storefront. */
export function orderNumberPrefix(shopId: number, now: Date): string {
  if (!Number.isInteger(shopId) || shopId < 1 || shopId > 9) throw new RangeError(`order numbers hold one digit of shop id, got ${shopId}`);
  return `${year.format(now).slice(-2)}${shopId}`;
}

const sql = perDatabase((db: Db) =>
  db.$client.prepare<[string, string], { last: string | null }>(
    'SELECT MAX(document_number) AS last FROM orders WHERE document_number >= ? AND document_number <= ? AND length(document_number) = 10',
  ),
);

/** The next number of this storefront's year; call inside the transaction that inserts the order. */
export function nextOrderNumber(db: Db, shopId: number, now: Date): string {
  const prefix = orderNumberPrefix(shopId, now);
  const last = sql(db).get(`${prefix}0000000`, `${prefix}9999999`)?.last;
  const next = last ? Number(last.slice(3)) + 1 : 1;
  if (next > 9_999_999) throw new RangeError(`shop ${shopId} has used every order number of the year ${prefix.slice(0, 2)}`);
  return `${prefix}${String(next).padStart(7, '0')}`;
}

/** The variable symbol of an order: its number, which always fits the QR formats' 10 digits. */
export function variableSymbol(documentNumber: string): string {
  if (!/^\d{1,10}$/.test(documentNumber)) throw new RangeError(`not a variable symbol: ${documentNumber}`);
  return documentNumber;
}
