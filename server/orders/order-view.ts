import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import type { PickupPointView } from '../cart/pickup.service';
import { PAYMENT, vatBreakdown, vatSum, type VatRow } from '../cart/pricing';
import { invoiceParty } from './invoice-address';
import { variableSymbol } from './order-number';
import { productImageUrl } from '../catalog/urls';

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

interface OrderRow extends OrderCustomer {
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

export interface OrderItemView {
  product: number | null;
  name: string;
  quantity: number;
  price: number;
  vat_rate: number;
  line_total: number;
  text: string;
}

/** Spec 3 "Order (tracking)": exactly what the tracking page shows, nothing more. */
export interface OrderView {
  id: string;
  hash: string;
  document_number: string;
  purchase_created_at: string;
  promise_send_date: string;
  promise_delivery_date: string;
  /** 1 received, 2 sent, 3 delivered. */
  old_status: number;
  delivery_type: { id: number; name: string };
  payment_type: { id: number; name: string };
  package: { place: string; location: string; barcode: string; street: string; zip: string; city: string; country_code: string } | null;
  full_name: string;
  street: string;
  zip: string;
  town: string;
  country: { code: string };
  contact: string;
  email: string;
  company_name: string;
  company_number: string;
  company_vat: string;
  company_tax: string;
  /** The invoice's name, IDs and address after the fallbacks of invoice-address.ts. */
  invoice_name: string;
  /** IČO on the invoice address: the invoice section's IDs when given, else the company's (delivery section). */
  invoice_company_number: string;
  /** IČ DPH on the invoice address, from the same set as invoice_company_number. */
  invoice_company_vat: string;
  /** DIČ on the invoice address, from the same set. */
  invoice_company_tax: string;
  invoice_street: string;
  invoice_zip: string;
  invoice_town: string;
  invoice_country: string;
  invoice_contact: string;
  invoice_email: string;
  user_note: string;
  gift: string | null;
  items: OrderItemView[];
  subtotal: number;
  price_shipping: number;
  price_payment: number;
  price_alignment: number;
  voucher_text: string | null;
  voucher_price: number;
  /** Σ of the VAT rows' bases: the total less VAT and less the cash alignment (which is not a supply). */
  total_without_vat: number;
  vat: number;
  /** The VAT summary as charged: per rate, base and VAT; Σ (base + vat) + alignment = total. */
  vat_rows: VatRow[];
  total: number;
  price_payed: number;
  /** The order number as the variable symbol of a bank transfer (≤ 10 digits, docs/decisions/208). */
  variable_symbol: string;
  /** Dates of the lifecycle (ISO), null until they happen. */
  sent_at: string | null;
  delivered_at: string | null;
  cancelled_at: string | null;
  tracking_number: string;
  /** The shopper's language when ordering: every later mail is written in it. */
  locale: string;
  currency: { code: string; symbol: string; round: number };
  points: number;
  bank_transfer: boolean;
  /** Issued when the order is paid (order-lifecycle.ts); `issuedAt` in ms. */
  invoices: { number: string; issuedAt: number }[];
  unique_products: { id: number | null; name: string; image: { url: string | null } }[];
}

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

const sql = perDatabase(statements);

/** Items grouped by product (spec 2): one row per product with the summed quantity. */
function groupItems(rows: ReturnType<ReturnType<typeof statements>['items']['all']>): OrderItemView[] {
  const byKey = new Map<string, OrderItemView>();
  for (const r of rows) {
    const key = `${r.productId ?? r.name}:${r.unitPrice}`;
    const seen = byKey.get(key);
    if (seen) {
      seen.quantity += r.quantity;
      seen.line_total += r.lineTotal;
    } else {
      byKey.set(key, { product: r.productId, name: r.name, quantity: r.quantity, price: r.unitPrice, vat_rate: r.vatRate, line_total: r.lineTotal, text: '' });
    }
  }
  return [...byKey.values()];
}

/**
 * Orders stored before the VAT summary was kept (migration 0012): the summary recomputed from their
 * lines, delivery and discount by the rule that prices carts now, so every document of such an
 * order still adds up. A free-shipping voucher took exactly the shipping off.
 */
function legacyVatRows(row: OrderRow, items: OrderItemView[]): VatRow[] {
  const delivery = row.shippingPrice + row.paymentFee;
  return vatBreakdown({
    lines: items.map((i) => ({ total: i.line_total, rate: i.vat_rate })),
    delivery,
    discount: row.voucherPrice,
    discountOnDelivery: row.voucherPrice > 0 && row.voucherPrice === row.shippingPrice,
    rate: row.servicesVatRate,
  });
}

function toView(db: Db, row: OrderRow, currencySymbol: string, rounding: number): OrderView {
  const point = row.pickupPoint ? (JSON.parse(row.pickupPoint) as PickupPointView) : null;
  const rows = sql(db).items.all(row.id);
  const items = groupItems(rows);
  const images = new Map(rows.map((r) => [r.productId, r.image ? productImageUrl(r.image) : null]));
  const invoice = invoiceParty(row);
  const vatRows = row.vatRows ? (JSON.parse(row.vatRows) as VatRow[]) : legacyVatRows(row, items);
  return {
    id: row.documentNumber,
    hash: row.hash,
    document_number: row.documentNumber,
    purchase_created_at: new Date(row.createdAt).toISOString(),
    promise_send_date: row.promiseSendDate,
    promise_delivery_date: row.promiseDeliveryDate,
    old_status: row.status,
    delivery_type: { id: row.shippingCompanyId, name: row.shippingName },
    payment_type: { id: row.paymentId, name: row.paymentName },
    package: point
      ? { place: point.name, location: point.location, barcode: String(point.id), street: point.street, zip: point.zip, city: point.city, country_code: point.country }
      : null,
    full_name: `${row.firstName} ${row.lastName}`,
    street: row.street,
    zip: row.zip,
    town: row.town,
    country: { code: row.country },
    contact: row.contact,
    email: row.email,
    company_name: row.companyName,
    company_number: row.companyNumber,
    company_vat: row.companyVat,
    company_tax: row.companyTax,
    invoice_name: invoice.name,
    invoice_company_number: invoice.companyNumber,
    invoice_company_vat: invoice.vatNumber,
    invoice_company_tax: invoice.taxNumber,
    invoice_street: invoice.street,
    invoice_zip: invoice.zip,
    invoice_town: invoice.town,
    invoice_country: invoice.country,
    invoice_contact: row.contact,
    invoice_email: row.email,
    user_note: row.userNote,
    gift: row.gift,
    items,
    subtotal: row.subtotal,
    price_shipping: row.shippingPrice,
    price_payment: row.paymentFee,
    price_alignment: row.alignment,
    voucher_text: row.voucherText,
    voucher_price: row.voucherPrice,
    total_without_vat: vatRows.reduce((sum, r) => sum + r.base, 0),
    vat: vatSum(vatRows),
    vat_rows: vatRows,
    total: row.total,
    price_payed: row.pricePaid,
    variable_symbol: variableSymbol(row.documentNumber),
    sent_at: row.sentAt === null ? null : new Date(row.sentAt).toISOString(),
    delivered_at: row.deliveredAt === null ? null : new Date(row.deliveredAt).toISOString(),
    cancelled_at: row.cancelledAt === null ? null : new Date(row.cancelledAt).toISOString(),
    tracking_number: row.trackingNumber,
    locale: row.locale,
    currency: { code: row.currency, symbol: currencySymbol, round: rounding },
    points: row.points,
    bank_transfer: row.paymentId === PAYMENT.transfer,
    // Issued when the order is paid (order-lifecycle.ts); a credit note would be a second one.
    invoices: sql(db).invoices.all(row.id),
    // Spec 2: an order list shows at most 5 product thumbnails.
    unique_products: items.slice(0, 5).map((i) => ({ id: i.product, name: i.name, image: { url: images.get(i.product) ?? null } })),
  };
}

interface ShopRef {
  id: number;
  currencySymbol: string;
  rounding: number;
}

/** An order of this shop by its public hash; a missing and a foreign hash are the same undefined. */
export function orderByHash(db: Db, shop: ShopRef, hash: string): OrderView | undefined {
  if (!/^[A-Za-z0-9_-]{22}$/.test(hash)) return undefined;
  const row = sql(db).byHash.get(hash, shop.id);
  return row ? toView(db, row, shop.currencySymbol, shop.rounding) : undefined;
}

/** An order by its row id (mails, the operator's tools): never from a shopper's input. */
export function orderById(db: Db, shop: ShopRef, id: number): OrderView | undefined {
  const row = sql(db).byId.get(id, shop.id);
  return row ? toView(db, row, shop.currencySymbol, shop.rounding) : undefined;
}

/** The tracker: document number and the phone given with the order must both match. */
export function orderByDocument(db: Db, shop: ShopRef, documentNumber: string, phone: string): OrderView | undefined {
  const row = sql(db).byDocument.get(documentNumber.trim(), shop.id);
  const digits = (s: string) => s.replace(/\D/g, '').slice(-9);
  if (!row || digits(phone).length < 6 || digits(row.contact) !== digits(phone)) return undefined;
  return toView(db, row, shop.currencySymbol, shop.rounding);
}

export function ordersOfUser(db: Db, shop: ShopRef, userId: number): OrderView[] {
  return sql(db).byUser.all(userId, shop.id).map((row) => toView(db, row, shop.currencySymbol, shop.rounding));
}

/** The payment-log event (spec 7): "payment" when a QR payment with a bank is chosen. */
export function logPaymentEvent(db: Db, shopId: number, hash: string, text: string, now: Date): boolean {
  const order = db.$client.prepare<[string, number], { id: number }>('SELECT id FROM orders WHERE hash = ? AND shop_id = ?').get(hash, shopId);
  if (!order) return false;
  db.$client.prepare('INSERT INTO payment_events (order_id, type, text, created_at) VALUES (?, ?, ?, ?)').run(order.id, 'payment', text, now.getTime());
  return true;
}
