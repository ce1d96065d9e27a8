import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { products } from './catalog';
import { shops } from './shops';
import { users } from './accounts';

/**
 * An order as charged: every figure is copied from the server's cart view at submit time, so a
 * later price change never alters it. `hash` is the public id (16 random bytes, base64url);
 * `(session_hash, idempotency_key)` makes a retried submit answer the same order.
 */
export const orders = sqliteTable(
  'orders',
  {
    id: integer('id').primaryKey(),
    hash: text('hash').notNull().unique(),
    documentNumber: text('document_number').notNull().unique(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    sessionHash: text('session_hash').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    promiseSendDate: text('promise_send_date').notNull(),
    promiseDeliveryDate: text('promise_delivery_date').notNull(),
    /** 1 received, 2 sent, 3 delivered (the tracker's progress). */
    status: integer('status').notNull().default(1),
    shippingCompanyId: integer('shipping_company_id').notNull(),
    shippingName: text('shipping_name').notNull(),
    paymentId: integer('payment_id').notNull(),
    paymentName: text('payment_name').notNull(),
    /** The pickup point as it was when ordered (JSON), so a later feed import does not change it. */
    pickupPoint: text('pickup_point'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    street: text('street').notNull(),
    town: text('town').notNull(),
    zip: text('zip').notNull(),
    country: text('country').notNull(),
    contact: text('contact').notNull(),
    email: text('email').notNull(),
    companyName: text('company_name').notNull().default(''),
    companyNumber: text('company_number').notNull().default(''),
    companyVat: text('company_vat').notNull().default(''),
    /** DIČ of the buyer's company (Slovak and Czech tax invoices print IČO, DIČ and IČ DPH). */
    companyTax: text('company_tax').notNull().default(''),
    invoiceName: text('invoice_name').notNull().default(''),
    invoiceNumber: text('invoice_number').notNull().default(''),
    invoiceVat: text('invoice_vat').notNull().default(''),
    invoiceTax: text('invoice_tax').notNull().default(''),
    invoiceStreet: text('invoice_street').notNull().default(''),
    invoiceTown: text('invoice_town').notNull().default(''),
    invoiceZip: text('invoice_zip').notNull().default(''),
    invoiceCountry: text('invoice_country').notNull().default(''),
    userNote: text('user_note').notNull().default(''),
    consentHeureka: integer('consent_heureka', { mode: 'boolean' }).notNull().default(false),
    locale: text('locale').notNull(),
    currency: text('currency').notNull(),
    subtotal: integer('subtotal').notNull(),
    shippingPrice: integer('shipping_price').notNull(),
    paymentFee: integer('payment_fee').notNull(),
    alignment: integer('alignment').notNull(),
    voucherText: text('voucher_text'),
    voucherPrice: integer('voucher_price').notNull().default(0),
    total: integer('total').notNull(),
    totalWithoutVat: integer('total_without_vat').notNull(),
    vat: integer('vat').notNull(),
    pricePaid: integer('price_paid').notNull().default(0),
    points: integer('points').notNull().default(0),
    /** VAT rate of shipping, the COD fee and a free-shipping voucher: the delivery country's (docs/decisions/111). */
    servicesVatRate: integer('services_vat_rate').notNull().default(0),
    /** The VAT summary as charged, [{ rate, base, vat }] (server/orders/order-summary.ts); every document prints it. */
    vatRows: text('vat_rows'),
    /** When the parcel was handed to the carrier and delivered (the withdrawal period runs from delivery). */
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    deliveredAt: integer('delivered_at', { mode: 'timestamp_ms' }),
    /** The carrier's tracking number, given when the order is sent. */
    trackingNumber: text('tracking_number').notNull().default(''),
    /** The gift that went with the order (the best gift its subtotal reached), as its name. */
    gift: text('gift'),
    /** Set once, by the one conditional update that marks the order paid (gateway, transfer or COD). */
    paidAt: integer('paid_at', { mode: 'timestamp_ms' }),
    /** Set when the shop cancels the order; purchase points are reversed then. */
    cancelledAt: integer('cancelled_at', { mode: 'timestamp_ms' }),
    /**
     * Where the order stands, for the back office's filter (server/admin/orders/order-stage.ts):
     * 0 received, 1 paid, 2 sent, 3 delivered, 9 cancelled. Computed by SQLite from the columns the
     * lifecycle writes, so no writer keeps it, and indexed with the date for the paged list.
     */
    stage: integer('stage').generatedAlwaysAs(
      sql`CASE WHEN cancelled_at IS NOT NULL THEN 9 WHEN status >= 3 THEN 3 WHEN status = 2 THEN 2 WHEN paid_at IS NOT NULL THEN 1 ELSE 0 END`,
      { mode: 'virtual' },
    ),
    /**
     * What waits for the operator (the dashboard's counts and the list's queues): 1 to ship (paid, or
     * cash on delivery), 2 a bank transfer to book, null otherwise. Computed like `stage`.
     */
    queue: integer('queue').generatedAlwaysAs(
      sql`CASE WHEN cancelled_at IS NULL AND status = 1 AND (paid_at IS NOT NULL OR payment_id = 1) THEN 1 WHEN cancelled_at IS NULL AND status = 1 AND paid_at IS NULL AND payment_id = 2 THEN 2 END`,
      { mode: 'virtual' },
    ),
    /** The last nine digits of the phone as typed: the back office finds an order by phone through its index. */
    phoneTail: text('phone_tail').generatedAlwaysAs(
      sql`substr(replace(replace(replace(replace(replace(replace(contact, ' ', ''), '+', ''), '-', ''), '/', ''), '(', ''), ')', ''), -9)`,
      { mode: 'virtual' },
    ),
    /** The partner whose embed brought the shopper (copied from the cart): attribution, for staff only. */
    partner: text('partner'),
  },
  (t) => [
    uniqueIndex('orders_idempotency_idx').on(t.sessionHash, t.idempotencyKey),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_document_idx').on(t.documentNumber, t.contact),
    // The back office's order list: newest first, by stage, by shop, and all of them.
    index('orders_stage_created_idx').on(t.stage, t.createdAt),
    index('orders_queue_created_idx').on(t.queue, t.createdAt),
    index('orders_shop_created_idx').on(t.shopId, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
    index('orders_phone_tail_idx').on(t.phoneTail),
    index('orders_email_idx').on(sql`lower(${t.email})`),
  ],
);

export const orderItems = sqliteTable(
  'order_items',
  {
    id: integer('id').primaryKey(),
    orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price').notNull(),
    vatRate: integer('vat_rate').notNull(),
    lineTotal: integer('line_total').notNull(),
    points: integer('points').notNull().default(0),
  },
  // The product index serves a seller's Predaje (server/sellers/seller-sales.service.ts).
  (t) => [index('order_items_order_idx').on(t.orderId), index('order_items_product_idx').on(t.productId)],
);

/** What happened to an order's payment: "payment" (QR with a bank chosen), later gateway events. */
export const paymentEvents = sqliteTable(
  'payment_events',
  {
    id: integer('id').primaryKey(),
    orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    text: text('text').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('payment_events_order_idx').on(t.orderId)],
);

/**
 * One attempt to pay an order through a bank gateway. `reference` is our random id sent to the bank
 * and signed back in its return and notification; amount and currency are what we asked for.
 */
export const paymentTransactions = sqliteTable(
  'payment_transactions',
  {
    id: integer('id').primaryKey(),
    orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    bankKey: text('bank_key').notNull(),
    reference: text('reference').notNull().unique(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'failed'] }).notNull().default('pending'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    completedAt: integer('completed_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('payment_transactions_order_idx').on(t.orderId)],
);

/** Invoices issued for an order (when it is paid); the number is public only to the order's owner. */
export const invoices = sqliteTable(
  'invoices',
  {
    id: integer('id').primaryKey(),
    number: text('number').notNull().unique(),
    orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    issuedAt: integer('issued_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('invoices_order_idx').on(t.orderId)],
);
