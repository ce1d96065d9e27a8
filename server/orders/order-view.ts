import type { Db } from '../db/client';
import type { PickupPointView } from '../cart/pickup.service';
import { PAYMENT, vatSum, type VatRow } from '../cart/pricing';
import { invoiceParty } from './invoice-address';
import { groupItems, legacyVatRows, type OrderItemView } from './order-lines';
import { variableSymbol } from './order-number';
import { orderSql, type OrderRow } from './order-row';
import { productImageUrl } from '../catalog/urls';

export type { OrderCustomer } from './order-row';
export type { OrderItemView } from './order-lines';

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

function toView(db: Db, row: OrderRow, currencySymbol: string, rounding: number): OrderView {
  const point = row.pickupPoint ? (JSON.parse(row.pickupPoint) as PickupPointView) : null;
  const rows = orderSql(db).items.all(row.id);
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
    invoices: orderSql(db).invoices.all(row.id),
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
  const row = orderSql(db).byHash.get(hash, shop.id);
  return row ? toView(db, row, shop.currencySymbol, shop.rounding) : undefined;
}

/** An order by its row id (mails, the operator's tools): never from a shopper's input. */
export function orderById(db: Db, shop: ShopRef, id: number): OrderView | undefined {
  const row = orderSql(db).byId.get(id, shop.id);
  return row ? toView(db, row, shop.currencySymbol, shop.rounding) : undefined;
}

/** The tracker: document number and the phone given with the order must both match. */
export function orderByDocument(db: Db, shop: ShopRef, documentNumber: string, phone: string): OrderView | undefined {
  const row = orderSql(db).byDocument.get(documentNumber.trim(), shop.id);
  const digits = (s: string) => s.replace(/\D/g, '').slice(-9);
  if (!row || digits(phone).length < 6 || digits(row.contact) !== digits(phone)) return undefined;
  return toView(db, row, shop.currencySymbol, shop.rounding);
}

export function ordersOfUser(db: Db, shop: ShopRef, userId: number): OrderView[] {
  return orderSql(db).byUser.all(userId, shop.id).map((row) => toView(db, row, shop.currencySymbol, shop.rounding));
}

/** The payment-log event (spec 7): "payment" when a QR payment with a bank is chosen. */
export function logPaymentEvent(db: Db, shopId: number, hash: string, text: string, now: Date): boolean {
  const order = db.$client.prepare<[string, number], { id: number }>('SELECT id FROM orders WHERE hash = ? AND shop_id = ?').get(hash, shopId);
  if (!order) return false;
  db.$client.prepare('INSERT INTO payment_events (order_id, type, text, created_at) VALUES (?, ?, ?, ?)').run(order.id, 'payment', text, now.getTime());
  return true;
}
