import type { Db } from '../db/client';
import { msg } from '../i18n/msg';
import { NotFoundError, ProblemError, ValidationError } from '../http/problem';
import { productImageUrl, productUrl } from '../catalog/urls';
import { addQuantity, availableCount, isExcess, lineTotal, linePoints, subtotal, totals, vatBreakdown, vatSum, voucherDiscount, VAT_RATE, VOUCHER_TYPE } from './pricing';
import { cartVoucher, checkVoucher, voucherRule } from '../vouchers/vouchers.service';
import { deliveryChoices, feeOf, shippingPrice, shopOptions } from './shipping.service';
import { findPickupPoint } from './pickup.service';
import { cartForWrite, cartLines, deliveryCountry, findCart, markOwner, sql, type LineRow } from './cart-store';
import { giftMotivations, giftWithOrder, shopGifts } from './gifts.service';
import { allowedCountries } from '../orders/orders.rules';
import { sellable } from '../catalog/sellable';

export type { CartContext, CartItemView, CartProblem, CartView, CartVoucherView, DeliveryChoice } from './cart.types';
import type { CartContext, CartItemView, CartProblem, CartView, CartVoucherView, DeliveryChoice } from './cart.types';

/**
 * Unknown products are 404; what the shop does not sell (sellable.ts: hidden or blocked, unavailable,
 * a parent of variants) and unpriced products cannot be bought, whatever a client sends.
 */
function assertPurchasable(db: Db, ctx: CartContext, productId: number): void {
  const product = sql(db).product.get(ctx.shop.id, productId);
  if (!product) throw new NotFoundError(msg('Produkt neexistuje'));
  if (!sellable(product) || product.hasPrice !== 1) {
    throw new ProblemError(400, msg('Tento produkt nie je možné kúpiť'), { product_id: msg('Tento produkt nie je možné kúpiť') });
  }
}

/** Name and role price of a product the shopper is about to add (the no-JS confirmation page). */
export function productToAdd(db: Db, ctx: CartContext, productId: number): { id: number; name: string; price: number } {
  assertPurchasable(db, ctx, productId);
  const row = db.$client
    .prepare('SELECT p.name, pr.price_b2c AS b2c, pr.price_b2b AS b2b FROM products p JOIN product_prices pr ON pr.product_id = p.id AND pr.shop_id = ? WHERE p.id = ?')
    .get(ctx.shop.id, productId) as { name: string; b2c: number; b2b: number };
  return { id: productId, name: row.name, price: ctx.wholesale ? row.b2b : row.b2c };
}

function itemView(row: LineRow, wholesale: boolean): CartItemView {
  const price = wholesale ? row.b2b : row.b2c;
  const line = { unitPrice: price, quantity: row.quantity };
  const image = row.image ? productImageUrl(row.image) : null;
  const manufactured = row.manufactured === 1;
  return {
    id: row.productId,
    quantity: row.quantity,
    price_active: price,
    name: row.name,
    product: { id: row.productId, image_medium: image },
    image,
    url: productUrl(row.slug),
    manufactured,
    product_quantity: row.stock,
    product_cart_limit: row.cartLimit,
    line_total: lineTotal(line),
    excess: isExcess(row.quantity, row.stock, row.cartLimit, manufactured),
    available: availableCount(row.stock, row.cartLimit),
    points: linePoints(line),
    // A line whose product stopped being sold since it was added blocks the order ('unavailable').
    purchasable: sellable(row),
  };
}

/** Reads the whole cart view; never writes (a visitor without a cart gets an empty one). */
export function cartView(db: Db, ctx: CartContext): CartView {
  const cart = findCart(db, ctx);
  const rows = cart ? cartLines(db, ctx, cart.id) : [];
  const items = rows.map((row) => itemView(row, ctx.wholesale));
  const amount = subtotal(items.map((i) => ({ unitPrice: i.price_active, quantity: i.quantity })));
  const weight = rows.reduce((grams, row) => grams + row.weightGrams * row.quantity, 0);
  const country = deliveryCountry(cart, ctx);
  const options = shopOptions(db, ctx.shop.id, country);
  const companyId = cart?.shippingCompanyId ?? null;
  const paymentId = cart?.paymentId ?? null;
  const shipping = companyId !== null && paymentId !== null ? shippingPrice(options, companyId, paymentId, amount, weight) : null;
  const fee = feeOf(options, paymentId);
  const services = 0;
  const applied = cart ? cartVoucher(db, cart.id, ctx.lang?.text) : undefined;
  let voucher: CartVoucherView | null = null;
  let discount = 0;
  if (applied) {
    const check = checkVoucher(applied, ctx.userId ?? null, amount, ctx.now ?? new Date());
    voucher = {
      id: applied.id,
      code: applied.code,
      type: applied.type,
      value: applied.value,
      amount_from: applied.amountFrom,
      gift_item: applied.giftItem,
      valid: check.ok,
      message: check.message,
      ...(check.values ? { values: check.values } : {}),
    };
    if (check.ok && items.length > 0) discount = voucherDiscount(voucherRule(applied), amount, shipping ?? 0);
  }
  const sum = items.length === 0 ? { alignment: 0, total: 0 } : totals({ subtotal: amount, discount, services, shipping: shipping ?? 0, fee, rounding: ctx.shop.rounding });
  const pickup = cart?.pickupPointId ? findPickupPoint(db, cart.pickupPointId) : null;
  const choices = deliveryChoices(options, { companyId, paymentId }, amount, country, ctx.shop.currency, weight);
  const vatRate = VAT_RATE[country] ?? ctx.shop.vatRate ?? 0;
  const domestic = country === ctx.shop.country;
  // At home each line keeps its own rate; delivered abroad every line is taxed at the destination's
  // standard rate (docs/decisions/111). Delivery, fee and discount: the destination's standard rate.
  const vatRows =
    items.length === 0
      ? []
      : vatBreakdown({
          lines: rows.map((row, i) => ({ total: items[i].line_total, rate: domestic ? row.vatRate : vatRate })),
          delivery: (shipping ?? 0) + fee,
          discount,
          discountOnDelivery: voucher?.type === VOUCHER_TYPE.freeShipping,
          rate: vatRate,
        });
  const vat = vatSum(vatRows);
  const gifts = shopGifts(db, ctx.shop.id, ctx.now ?? new Date(), cart?.id ?? null, ctx.lang?.text);

  const problems: CartProblem[] = [];
  if (items.length === 0) problems.push('empty');
  if (items.some((i) => i.excess)) problems.push('excess');
  if (items.some((i) => !i.purchasable)) problems.push('unavailable');
  if (companyId === null) problems.push('shipping');
  if (paymentId === null) problems.push('payment');
  if (companyId !== null && paymentId !== null && shipping === null) problems.push('combination');
  if (companyId !== null && options.companies.get(companyId)?.pickup && !pickup) problems.push('pickup');

  return {
    items,
    count: items.reduce((n, i) => n + i.quantity, 0),
    subtotal: amount,
    services,
    shipping_price: shipping,
    payment_fee: items.length === 0 ? 0 : fee,
    discount,
    voucher,
    alignment: sum.alignment,
    total: sum.total,
    points: items.reduce((n, i) => n + i.points, 0),
    currency: { code: ctx.shop.currency, symbol: ctx.shop.currencySymbol, round: ctx.shop.rounding },
    country,
    countries: allowedCountries(ctx.shop.country, ctx.wholesale),
    vat_rate: vatRate,
    vat,
    vat_rows: vatRows,
    gifts: giftWithOrder(gifts, amount),
    gift_motivations: giftMotivations(gifts, amount),
    shipping: companyId,
    payment: paymentId,
    pickup_point: pickup,
    shipping_options: choices.shipping,
    payment_options: choices.payments,
    problems,
    return_path: cart?.returnPath ?? '/',
  };
}

/**
 * Adds pieces (1–99) of a purchasable product; a line never holds more than 99. `partner` (an id
 * from partnerId()) marks the cart as brought by that partner's embed, for the order.
 */
export function addItem(db: Db, ctx: CartContext, productId: number, quantity: number, now: Date, returnPath?: string | null, partner?: string | null): void {
  db.$client
    .transaction(() => {
      assertPurchasable(db, ctx, productId);
      const s = sql(db);
      const cart = cartForWrite(db, ctx, now);
      const existing = s.lineQuantity.get(cart.id, productId)?.quantity ?? 0;
      s.upsertLine.run(cart.id, productId, addQuantity(existing, quantity));
      if (returnPath) s.returnPath.run(returnPath, cart.id);
      if (partner) s.partner.run(partner, cart.id);
      s.touch.run(now.getTime(), cart.id);
      markOwner(db, ctx, cart.id);
    })
    .immediate();
}

/** Sets a line's quantity (0–99); 0 removes it. Raising a line needs a purchasable product. */
export function updateItem(db: Db, ctx: CartContext, productId: number, quantity: number, now: Date): void {
  db.$client
    .transaction(() => {
      const s = sql(db);
      const cart = findCart(db, ctx);
      const existing = cart ? s.lineQuantity.get(cart.id, productId) : undefined;
      if (!cart || !existing) throw new NotFoundError(msg('Táto položka v košíku nie je'));
      if (quantity === 0) s.deleteLine.run(cart.id, productId);
      else {
        if (quantity > existing.quantity) assertPurchasable(db, ctx, productId);
        s.upsertLine.run(cart.id, productId, quantity);
      }
      s.touch.run(now.getTime(), cart.id);
      markOwner(db, ctx, cart.id);
    })
    .immediate();
}
