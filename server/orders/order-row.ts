import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';

/** An order as stored: its columns under the names the views use, and the reads of one order or a shopper's orders. */

/** The customer's columns of an order, as the form sent them (tracking page, saved "recent" address). */
export interface OrderCustomer {
  firstName: string;
  lastName: string;
  street: string;
  town: string;
  zip: string;
  country: string;
  contact: string;
  email: string;
  companyName: string;
  companyNumber: string;
  companyVat: string;
  companyTax: string;
  invoiceName: string;
  invoiceNumber: string;
  invoiceVat: string;
  invoiceTax: string;
  invoiceStreet: string;
  invoiceTown: string;
  invoiceZip: string;
  invoiceCountry: string;
}

export interface OrderRow extends OrderCustomer {
  id: number;
  hash: string;
  documentNumber: string;
  shopId: number;
  userId: number | null;
  createdAt: number;
  promiseSendDate: string;
  promiseDeliveryDate: string;
  status: number;
  shippingCompanyId: number;
  shippingName: string;
  paymentId: number;
  paymentName: string;
  pickupPoint: string | null;
  userNote: string;
  gift: string | null;
  locale: string;
  currency: string;
  subtotal: number;
  shippingPrice: number;
  paymentFee: number;
  alignment: number;
  voucherText: string | null;
  voucherPrice: number;
  total: number;
  totalWithoutVat: number;
  vat: number;
  pricePaid: number;
  points: number;
  servicesVatRate: number;
  vatRows: string | null;
  sentAt: number | null;
  deliveredAt: number | null;
  cancelledAt: number | null;
  trackingNumber: string;
}

const COLUMNS = `id, hash, gift, document_number AS documentNumber, shop_id AS shopId, user_id AS userId, created_at AS createdAt,
  promise_send_date AS promiseSendDate, promise_delivery_date AS promiseDeliveryDate, status, shipping_company_id AS shippingCompanyId,
  shipping_name AS shippingName, payment_id AS paymentId, payment_name AS paymentName, pickup_point AS pickupPoint, first_name AS firstName,
  last_name AS lastName, street, town, zip, country, contact, email, company_name AS companyName, company_number AS companyNumber,
  company_vat AS companyVat, company_tax AS companyTax, invoice_tax AS invoiceTax, invoice_name AS invoiceName, invoice_number AS invoiceNumber, invoice_vat AS invoiceVat,
  invoice_street AS invoiceStreet, invoice_town AS invoiceTown, invoice_zip AS invoiceZip, invoice_country AS invoiceCountry,
  user_note AS userNote, locale, currency, subtotal, shipping_price AS shippingPrice, payment_fee AS paymentFee, alignment,
  voucher_text AS voucherText, voucher_price AS voucherPrice, total, total_without_vat AS totalWithoutVat, vat, price_paid AS pricePaid, points,
  services_vat_rate AS servicesVatRate, vat_rows AS vatRows, sent_at AS sentAt, delivered_at AS deliveredAt, cancelled_at AS cancelledAt,
  tracking_number AS trackingNumber`;

function statements(db: Db) {
  return {
    byHash: db.$client.prepare<[string, number], OrderRow>(`SELECT ${COLUMNS} FROM orders WHERE hash = ? AND shop_id = ?`),
    byId: db.$client.prepare<[number, number], OrderRow>(`SELECT ${COLUMNS} FROM orders WHERE id = ? AND shop_id = ?`),
    byDocument: db.$client.prepare<[string, number], OrderRow>(`SELECT ${COLUMNS} FROM orders WHERE document_number = ? AND shop_id = ?`),
    byUser: db.$client.prepare<[number, number], OrderRow>(`SELECT ${COLUMNS} FROM orders WHERE user_id = ? AND shop_id = ? ORDER BY created_at DESC, id DESC LIMIT 100`),
    invoices: db.$client.prepare<[number], { number: string; issuedAt: number }>('SELECT number, issued_at AS issuedAt FROM invoices WHERE order_id = ? ORDER BY issued_at, number'),
    items: db.$client.prepare<[number], { productId: number | null; name: string; quantity: number; unitPrice: number; vatRate: number; lineTotal: number; image: string | null }>(
      `SELECT i.product_id AS productId, i.name, i.quantity, i.unit_price AS unitPrice, i.vat_rate AS vatRate, i.line_total AS lineTotal,
              p.image_filename AS image
         FROM order_items i LEFT JOIN products p ON p.id = i.product_id WHERE i.order_id = ? ORDER BY i.id`,
    ),
  };
}

/** The prepared reads of one database. */
export const orderSql = perDatabase(statements);

/** One stored line of an order with its product's picture. */
export type OrderLineRow = ReturnType<ReturnType<typeof statements>['items']['all']>[number];
