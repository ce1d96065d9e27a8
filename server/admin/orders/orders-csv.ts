import type { I18n } from '@lingui/core';
import type { Db } from '../../db/client';
import type { ShopContext } from '../../http/env';
import type { VatRow } from '../../cart/pricing';
import { orderById } from '../../orders/order-view';
import { shopDateTime } from '../shop-days';
import { amount, csvStream, type CsvValue } from './csv';
import type { OrderFilter } from './order-list.schemas';
import { orderWhere } from './order-list.service';
import { STAGE_LABEL } from './order-stage';

/**
 * The filtered order list for accounting, one row per order: number, dates, shop, customer, totals,
 * VAT per rate (a base and a VAT column for each rate that occurs), payment, status, invoice and
 * credit note. Written in batches of 1,000 orders read by keyset (date, id), so a long export never
 * holds a statement open between two chunks and never builds the whole file in memory.
 */
const BATCH = 1000;

interface Row {
  id: number;
  number: string;
  shopId: number;
  createdAt: number;
  paidAt: number | null;
  sentAt: number | null;
  deliveredAt: number | null;
  cancelledAt: number | null;
  name: string;
  companyName: string;
  companyNumber: string;
  companyVat: string;
  email: string;
  contact: string;
  currency: string;
  total: number;
  vatRows: string | null;
  paymentName: string;
  shippingName: string;
  stage: number;
  invoice: string | null;
  creditNote: string | null;
}

const COLUMNS = `o.id, o.document_number AS number, o.shop_id AS shopId, o.created_at AS createdAt, o.paid_at AS paidAt, o.sent_at AS sentAt,
  o.delivered_at AS deliveredAt, o.cancelled_at AS cancelledAt, o.first_name || ' ' || o.last_name AS name, o.company_name AS companyName,
  o.company_number AS companyNumber, o.company_vat AS companyVat, o.email, o.contact, o.currency, o.total, o.vat_rows AS vatRows,
  o.payment_name AS paymentName, o.shipping_name AS shippingName, o.stage,
  (SELECT number FROM invoices WHERE order_id = o.id) AS invoice, (SELECT number FROM credit_notes WHERE order_id = o.id) AS creditNote`;

const time = (ms: number | null) => (ms === null ? null : shopDateTime(ms));

export function ordersCsv(db: Db, filter: OrderFilter, shops: ShopContext[], i18n: I18n): ReadableStream<Uint8Array> {
  const { where, params } = orderWhere(filter, Object.fromEntries(shops.map((s) => [s.code, s.id])));
  const and = where ? `${where} AND` : 'WHERE';
  const rates = (
    db.$client.prepare(`SELECT DISTINCT CAST(j.value ->> 'rate' AS INTEGER) AS rate FROM orders o, json_each(o.vat_rows) j ${where} ORDER BY rate DESC`).all(...params) as { rate: number }[]
  ).map((r) => r.rate);
  const batch = db.$client.prepare(`SELECT ${COLUMNS} FROM orders o ${and} (o.created_at, o.id) < (?, ?) ORDER BY o.created_at DESC, o.id DESC LIMIT ${BATCH}`);
  const shopCode = new Map(shops.map((s) => [s.id, s]));
  const header = [
    i18n._('Číslo objednávky'), i18n._('Vytvorená'), i18n._('Zaplatená'), i18n._('Odoslaná'), i18n._('Doručená'), i18n._('Zrušená'),
    i18n._('Obchod'), i18n._('Zákazník'), i18n._('Firma'), i18n._('IČO'), i18n._('IČ DPH'), i18n._('E-mail'), i18n._('Telefón'), i18n._('Mena'),
    i18n._('Spolu s DPH'), i18n._('Základ dane'), i18n._('DPH'),
    ...rates.flatMap((rate) => [i18n._('Základ dane {rate} %', { rate }), i18n._('DPH {rate} %', { rate })]),
    i18n._('Platba'), i18n._('Doprava'), i18n._('Stav'), i18n._('Faktúra'), i18n._('Dobropis'),
  ];
  const next = (last: Row | undefined) => batch.all(...params, last?.createdAt ?? Number.MAX_SAFE_INTEGER, last?.id ?? Number.MAX_SAFE_INTEGER) as Row[];
  return csvStream(header, BATCH, next, (row) => line(db, row, rates, shopCode, i18n));
}

function line(db: Db, row: Row, rates: number[], shops: Map<number, ShopContext>, i18n: I18n): CsvValue[] {
  const shop = shops.get(row.shopId)!;
  // Orders stored before the VAT summary was kept: the view recomputes it (order-view.ts).
  const vatRows: VatRow[] = row.vatRows ? (JSON.parse(row.vatRows) as VatRow[]) : (orderById(db, shop, row.id)?.vat_rows ?? []);
  const byRate = new Map(vatRows.map((r) => [r.rate, r]));
  const base = vatRows.reduce((sum, r) => sum + r.base, 0);
  const vat = vatRows.reduce((sum, r) => sum + r.vat, 0);
  return [
    row.number, time(row.createdAt), time(row.paidAt), time(row.sentAt), time(row.deliveredAt), time(row.cancelledAt),
    shop.code, row.name, row.companyName, row.companyNumber, row.companyVat, row.email, row.contact, row.currency,
    amount(row.total), amount(base), amount(vat),
    ...rates.flatMap((rate) => [amount(byRate.get(rate)?.base ?? 0), amount(byRate.get(rate)?.vat ?? 0)]),
    i18n._(row.paymentName), i18n._(row.shippingName), i18n._(STAGE_LABEL[row.stage]), row.invoice, row.creditNote,
  ];
}
