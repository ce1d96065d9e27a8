import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import { msg } from '../i18n/msg';
import { ProblemError } from '../http/problem';
import { MAX_LINE_QUANTITY, VOUCHER_TYPE } from '../cart/pricing';
import { cartView, type CartContext, type CartProblem } from '../cart/cart.service';
import type { CheckoutInput } from './orders.schemas';
import { PICKUP_COUNTRY } from './orders.rules';
import { promisedDates } from './dates';
import { nextOrderNumber } from './order-number';
import { queueMail } from '../mail/outbox';
import { ORDER_MAIL, orderRef } from './order-mails';
import { applyVoucherInTransaction } from '../vouchers/vouchers.service';

export interface SubmitContext extends CartContext {
  userId: number | null;
  locale: string;
  shopVatRate: number;
}

/** Why a cart cannot become an order, as a message the shopper reads (same as the status call's problems). */
const PROBLEM_TEXT: Record<CartProblem, string> = {
  empty: msg('Košík je prázdny'),
  excess: msg('Niektoré položky nie sú dostupné v požadovanom množstve'),
  unavailable: msg('Tento produkt nie je možné kúpiť'),
  shipping: msg('Vyberte spôsob dopravy'),
  payment: msg('Vyberte spôsob platby'),
  combination: msg('Túto platbu nie je možné použiť so zvolenou dopravou'),
  pickup: msg('Vyberte výdajné miesto'),
};

export { vatOf } from '../cart/pricing';

/** The form's country must be the cart's delivery country, whose VAT and shipping the totals hold. */
const COUNTRY_MISMATCH = msg('Krajina sa líši od krajiny doručenia v košíku. Zmeňte ju tlačidlom Zmeniť krajinu.');

function statements(db: Db) {
  const s = db.$client;
  return {
    existing: s.prepare<[string, string], { hash: string }>('SELECT hash FROM orders WHERE session_hash = ? AND idempotency_key = ?'),
    product: s.prepare<[number, number], { visible: number; vatRate: number }>(
      'SELECT p.visible, pr.vat_rate AS vatRate FROM products p JOIN product_prices pr ON pr.product_id = p.id AND pr.shop_id = ? WHERE p.id = ?',
    ),
    // The one guard against overselling: the row changes only while enough pieces remain.
    decrement: s.prepare<[number, number, number]>(
      'UPDATE products SET quantity = quantity - ? WHERE id = ? AND (manufactured = 1 OR quantity >= ?)',
    ),
    stock: s.prepare<[number], { quantity: number }>('SELECT quantity FROM products WHERE id = ?'),
    nextId: s.prepare<[], { next: number }>('SELECT COALESCE(MAX(id), 0) + 1 AS next FROM orders'),
    names: s.prepare<[number, number], { shipping: string; payment: string }>(
      'SELECT (SELECT name FROM shipping_companies WHERE id = ?) AS shipping, (SELECT name FROM payment_options WHERE id = ?) AS payment',
    ),
    insertOrder: s.prepare(
      `INSERT INTO orders (id, hash, document_number, shop_id, session_hash, idempotency_key, user_id, created_at, promise_send_date,
         promise_delivery_date, status, shipping_company_id, shipping_name, payment_id, payment_name, pickup_point, first_name, last_name,
         street, town, zip, country, contact, email, company_name, company_number, company_vat, company_tax, invoice_name, invoice_number,
         invoice_vat, invoice_tax, invoice_street, invoice_town, invoice_zip, invoice_country, user_note, consent_heureka, locale, currency,
         subtotal, shipping_price, payment_fee, alignment, voucher_text, voucher_price, total, total_without_vat, vat, price_paid, points,
         services_vat_rate, vat_rows, partner)
       VALUES (@id, @hash, @documentNumber, @shopId, @sessionHash, @idempotencyKey, @userId, @createdAt, @promiseSendDate,
         @promiseDeliveryDate, 1, @shippingCompanyId, @shippingName, @paymentId, @paymentName, @pickupPoint, @firstName, @lastName,
         @street, @town, @zip, @country, @contact, @email, @companyName, @companyNumber, @companyVat, @companyTax, @invoiceName, @invoiceNumber,
         @invoiceVat, @invoiceTax, @invoiceStreet, @invoiceTown, @invoiceZip, @invoiceCountry, @userNote, @consentHeureka, @locale, @currency,
         @subtotal, @shippingPrice, @paymentFee, @alignment, NULL, 0, @total, @totalWithoutVat, @vat, 0, @points,
         @servicesVatRate, @vatRows,
         (SELECT partner FROM carts WHERE session_hash = @sessionHash))`,
    ),
    insertItem: s.prepare<[number, number, string, number, number, number, number, number]>(
      'INSERT INTO order_items (order_id, product_id, name, quantity, unit_price, vat_rate, line_total, points) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    cartId: s.prepare<[string], { id: number }>('SELECT id FROM carts WHERE session_hash = ?'),
    voucherOf: s.prepare<[string, number, number]>('UPDATE orders SET voucher_text = ?, voucher_price = ? WHERE id = ?'),
    giftOf: s.prepare<[string, number]>('UPDATE orders SET gift = ? WHERE id = ?'),
    emptyCart: s.prepare<[string]>('DELETE FROM cart_items WHERE cart_id = (SELECT id FROM carts WHERE session_hash = ?)'),
    // A partner is credited with the order its embed brought, not with the shopper's later ones.
    forgetPartner: s.prepare<[string]>('UPDATE carts SET partner = NULL WHERE session_hash = ?'),
  };
}

const sql = perDatabase(statements);

/** ≥ 128 random bits, URL-safe: the only public handle of an order. */
export function newOrderHash(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * Turns the session's cart into an order in ONE synchronous immediate transaction (no await inside):
 * the cart view is re-read here, every line re-validated, stock decremented with a conditional
 * update, the order stored with the prices as charged, the cart emptied. The same key for the same
 * session answers the first order's hash and never makes a second one.
 */
export function submitOrder(db: Db, ctx: SubmitContext, input: CheckoutInput, key: string, now: Date): { hash: string; created: boolean } {
  const s = sql(db);
  return db.$client
    .transaction(() => {
      const previous = s.existing.get(ctx.sessionHash, key);
      if (previous) return { hash: previous.hash, created: false };

      const view = cartView(db, ctx);
      const blocking = view.problems.filter((p) => p !== 'excess');
      if (blocking.length) throw new ProblemError(409, PROBLEM_TEXT[blocking[0]]);
      // The cart's delivery country is the authority (changed only through its confirmation, docs/decisions/111).
      if (input.country !== view.country) throw new ProblemError(409, COUNTRY_MISMATCH, { country: COUNTRY_MISMATCH });
      // Spec 4 "a field bound to a carrier": the pickup point fixes the delivery country too (docs/decisions/122).
      if (view.pickup_point && view.pickup_point.country !== input.country) throw new ProblemError(400, PICKUP_COUNTRY, { country: PICKUP_COUNTRY });

      const lines = view.items.map((item) => {
        const product = s.product.get(ctx.shop.id, item.id);
        if (!product || product.visible !== 2 || !item.purchasable) {
          throw new ProblemError(409, msg('Produkt {product} nie je možné kúpiť'), { [String(item.id)]: msg('Tento produkt nie je možné kúpiť') }, { product: item.name });
        }
        if (item.quantity < 1 || item.quantity > MAX_LINE_QUANTITY) throw new ProblemError(409, msg('Zadajte počet od 1 do 99'));
        if (item.product_cart_limit !== null && item.quantity > item.product_cart_limit) {
          throw new ProblemError(409, msg('{product}: Dostupné {count} ks'), { [String(item.id)]: msg('Dostupné {count} ks') }, { product: item.name, count: item.product_cart_limit });
        }
        if (s.decrement.run(item.quantity, item.id, item.quantity).changes !== 1) {
          const count = Math.max(0, s.stock.get(item.id)?.quantity ?? 0);
          throw new ProblemError(409, msg('{product}: Dostupné {count} ks'), { [String(item.id)]: msg('Dostupné {count} ks') }, { product: item.name, count });
        }
        // Delivered abroad, every line carries the destination's standard rate (as the view taxed it).
        return { item, vatRate: view.country === ctx.shop.country ? product.vatRate : view.vat_rate };
      });

      const shipping = view.shipping_price ?? 0;
      // The cart view's VAT: the delivery country's rules (docs/decisions/111), the same figure step 3 showed.
      const vat = view.vat;
      const id = s.nextId.get()!.next;
      const hash = newOrderHash();
      const dates = promisedDates(now);
      const names = s.names.get(view.shipping!, view.payment!)!;
      const documentNumber = nextOrderNumber(db, ctx.shop.id, now);
      s.insertOrder.run({
        ...customerColumns(input),
        id,
        hash,
        documentNumber,
        shopId: ctx.shop.id,
        sessionHash: ctx.sessionHash,
        idempotencyKey: key,
        userId: ctx.userId,
        createdAt: now.getTime(),
        promiseSendDate: dates.send,
        promiseDeliveryDate: dates.delivery,
        shippingCompanyId: view.shipping,
        shippingName: names.shipping,
        paymentId: view.payment,
        paymentName: names.payment,
        pickupPoint: view.pickup_point ? JSON.stringify(view.pickup_point) : null,
        consentHeureka: input.consentHeureka ? 1 : 0,
        locale: ctx.locale,
        currency: ctx.shop.currency,
        subtotal: view.subtotal,
        shippingPrice: shipping,
        paymentFee: view.payment_fee,
        alignment: view.alignment,
        total: view.total,
        totalWithoutVat: view.vat_rows.reduce((sum, r) => sum + r.base, 0),
        vat,
        points: view.points,
        servicesVatRate: view.vat_rate,
        vatRows: JSON.stringify(view.vat_rows),
      });
      // The cart's voucher (applied in the voucher box) is redeemed here, once, with a conditional
      // update inside this same transaction; the discount must be the one the view showed.
      const voucher = applyVoucherInTransaction(db, {
        cartId: s.cartId.get(ctx.sessionHash)!.id,
        orderId: id,
        userId: ctx.userId,
        now,
        subtotal: view.subtotal,
        shipping,
      });
      if (voucher) {
        if (voucher.discount !== view.discount) throw new ProblemError(409, msg('Kupón sa medzitým zmenil, skontrolujte košík'));
        s.voucherOf.run(voucher.voucher.code, voucher.discount, id);
      } else if (view.discount !== 0) {
        throw new ProblemError(409, msg('Kupón sa medzitým zmenil, skontrolujte košík'));
      }
      // The best gift the subtotal reached, and a gift voucher's item (type 5) if one was redeemed.
      const gifts = [view.gifts[0]?.value, voucher?.voucher.type === VOUCHER_TYPE.gift ? (view.voucher?.gift_item ?? voucher.voucher.giftItem) : null].filter((g): g is string => !!g);
      if (gifts.length) s.giftOf.run(gifts.join(', '), id);
      for (const { item, vatRate } of lines) {
        s.insertItem.run(id, item.id, item.name, item.quantity, item.price_active, vatRate, item.line_total, item.points);
      }
      s.emptyCart.run(ctx.sessionHash);
      // The confirmation and the operator's notice exist exactly when the order does (the outbox sends them after the commit).
      queueMail(db, ORDER_MAIL.received, orderRef({ id, shopId: ctx.shop.id }), now);
      queueMail(db, ORDER_MAIL.operator, orderRef({ id, shopId: ctx.shop.id }), now);
      s.forgetPartner.run(ctx.sessionHash);
      return { hash, created: true };
    })
    .immediate();
}

/** The customer's columns only: `condition` and `voucher` are not stored, nothing else is spread. */
function customerColumns(i: CheckoutInput) {
  return {
    firstName: i.firstName, lastName: i.lastName, street: i.street, town: i.town, zip: i.zip, country: i.country, contact: i.contact,
    email: i.email, companyName: i.companyName, companyNumber: i.companyNumber, companyVat: i.companyVat, companyTax: i.companyTax,
    invoiceName: i.invoiceName, invoiceNumber: i.invoiceNumber, invoiceVat: i.invoiceVat, invoiceTax: i.invoiceTax, invoiceStreet: i.invoiceStreet, invoiceTown: i.invoiceTown,
    invoiceZip: i.invoiceZip, invoiceCountry: i.invoiceCountry, userNote: i.userNote,
  };
}
