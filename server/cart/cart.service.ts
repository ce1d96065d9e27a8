import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import { msg } from '../i18n/msg';
import { NotFoundError, ProblemError, ValidationError } from '../http/problem';
import { ensureSession } from '../sessions/sessions.service';
import { productImageUrl, productUrl } from '../catalog/urls';
import { addQuantity, availableCount, isExcess, lineTotal, linePoints, paymentFee, subtotal, totals, vatTotal, voucherDiscount, VAT_RATE } from './pricing';
import { cartVoucher, checkVoucher, voucherRule } from '../vouchers/vouchers.service';
import { deliveryChoices, isCombination, offeredCompanies, paymentsFor, shippingPrice, shopOptions } from './shipping.service';
import { findPickupPoint } from './pickup.service';
import { giftMotivations, reachedGifts, shopGifts } from './gifts.service';
import { allowedCountries } from '../orders/orders.rules';

export type { CartContext, CartItemView, CartProblem, CartView, CartVoucherView, DeliveryChoice } from './cart.types';
import type { CartContext, CartItemView, CartProblem, CartView, CartVoucherView, DeliveryChoice } from './cart.types';

interface CartRow {
  id: number;
  shopId: number;
  shippingCompanyId: number | null;
  paymentId: number | null;
  pickupPointId: number | null;
  returnPath: string | null;
  /** Delivery country when it is not the shop's own (only ROLE_WHOLESALE may set it). */
  country: string | null;
}

interface LineRow {
  productId: number;
  quantity: number;
  name: string;
  slug: string;
  image: string | null;
  visible: number;
  stock: number;
  cartLimit: number | null;
  manufactured: number;
  b2c: number;
  b2b: number;
  vatRate: number;
}

function statements(db: Db) {
  const sqlite = db.$client;
  return {
    cart: sqlite.prepare<[string], CartRow>(
      `SELECT id, shop_id AS shopId, shipping_company_id AS shippingCompanyId, payment_id AS paymentId,
              pickup_point_id AS pickupPointId, return_path AS returnPath, country FROM carts WHERE session_hash = ?`,
    ),
    lines: sqlite.prepare<[number, number], LineRow>(
      `SELECT i.product_id AS productId, i.quantity, p.name, p.slug, p.image_filename AS image, p.visible, p.quantity AS stock,
              p.cart_limit AS cartLimit, p.manufactured, pr.price_b2c AS b2c, pr.price_b2b AS b2b,
              pr.vat_rate AS vatRate
         FROM cart_items i
         JOIN products p ON p.id = i.product_id
         JOIN product_prices pr ON pr.product_id = i.product_id AND pr.shop_id = ?
        WHERE i.cart_id = ? ORDER BY i.rowid`,
    ),
    product: sqlite.prepare<[number, number], { visible: number; hasPrice: number }>(
      `SELECT p.visible, EXISTS (SELECT 1 FROM product_prices pr WHERE pr.product_id = p.id AND pr.shop_id = ?) AS hasPrice
         FROM products p WHERE p.id = ?`,
    ),
    createCart: sqlite.prepare<[string, number, number]>('INSERT INTO carts (session_hash, shop_id, updated_at) VALUES (?, ?, ?)'),
    // A session's cart moves with it to the other storefront; choices are per shop, so they reset.
    moveCart: sqlite.prepare<[number, number, number]>(
      'UPDATE carts SET shop_id = ?, shipping_company_id = NULL, payment_id = NULL, pickup_point_id = NULL, country = NULL, updated_at = ? WHERE id = ?',
    ),
    touch: sqlite.prepare<[number, number]>('UPDATE carts SET updated_at = ? WHERE id = ?'),
    // A signed-in shopper's change marks the cart theirs, so it can follow them to another device.
    owner: sqlite.prepare<[number, number]>('UPDATE carts SET user_id = ? WHERE id = ?'),
    returnPath: sqlite.prepare<[string, number]>('UPDATE carts SET return_path = ? WHERE id = ?'),
    lineQuantity: sqlite.prepare<[number, number], { quantity: number }>('SELECT quantity FROM cart_items WHERE cart_id = ? AND product_id = ?'),
    upsertLine: sqlite.prepare<[number, number, number]>(
      'INSERT INTO cart_items (cart_id, product_id, quantity) VALUES (?, ?, ?) ON CONFLICT (cart_id, product_id) DO UPDATE SET quantity = excluded.quantity',
    ),
    deleteLine: sqlite.prepare<[number, number]>('DELETE FROM cart_items WHERE cart_id = ? AND product_id = ?'),
    choices: sqlite.prepare<[number | null, number | null, number | null, number, number]>(
      'UPDATE carts SET shipping_company_id = ?, payment_id = ?, pickup_point_id = ?, updated_at = ? WHERE id = ?',
    ),
    country: sqlite.prepare<[string | null, number | null, number | null, number | null, number, number]>(
      'UPDATE carts SET country = ?, shipping_company_id = ?, payment_id = ?, pickup_point_id = ?, updated_at = ? WHERE id = ?',
    ),
  };
}

const sql = perDatabase(statements);

function findCart(db: Db, ctx: CartContext): CartRow | undefined {
  const cart = sql(db).cart.get(ctx.sessionHash);
  return cart && cart.shopId === ctx.shop.id ? cart : undefined;
}

/**
 * Where the cart goes: its stored country while the role may still pick it (a buyer who lost
 * ROLE_WHOLESALE is back to the shop's country), else the shop's own.
 */
function deliveryCountry(cart: CartRow | undefined, ctx: CartContext): string {
  const stored = cart?.country;
  return stored && allowedCountries(ctx.shop.country, ctx.wholesale).includes(stored) ? stored : ctx.shop.country;
}

/**
 * The session's cart in this shop, created on first use together with the session row (browsing
 * alone never writes). Call inside an immediate transaction.
 */
function cartForWrite(db: Db, ctx: CartContext, now: Date): CartRow {
  const s = sql(db);
  const existing = s.cart.get(ctx.sessionHash);
  if (existing && existing.shopId === ctx.shop.id) return existing;
  if (existing) {
    s.moveCart.run(ctx.shop.id, now.getTime(), existing.id);
  } else {
    ensureSession(db, ctx.sessionHash, now);
    s.createCart.run(ctx.sessionHash, ctx.shop.id, now.getTime());
  }
  return s.cart.get(ctx.sessionHash)!;
}

/** After a signed-in shopper's change: the cart is theirs (docs/decisions/121). */
function markOwner(db: Db, ctx: CartContext, cartId: number): void {
  if (ctx.userId != null) sql(db).owner.run(ctx.userId, cartId);
}

/** Unknown products are 404; hidden or blocked ones (visible ≠ 2) and unpriced ones cannot be bought. */
function assertPurchasable(db: Db, ctx: CartContext, productId: number): void {
  const product = sql(db).product.get(ctx.shop.id, productId);
  if (!product) throw new NotFoundError(msg('Produkt neexistuje'));
  if (product.visible !== 2 || product.hasPrice !== 1) {
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
    purchasable: row.visible === 2,
  };
}

/** Reads the whole cart view; never writes (a visitor without a cart gets an empty one). */
export function cartView(db: Db, ctx: CartContext): CartView {
  const cart = findCart(db, ctx);
  const rows = cart ? sql(db).lines.all(ctx.shop.id, cart.id) : [];
  const items = rows.map((row) => itemView(row, ctx.wholesale));
  const amount = subtotal(items.map((i) => ({ unitPrice: i.price_active, quantity: i.quantity })));
  const country = deliveryCountry(cart, ctx);
  const options = shopOptions(db, ctx.shop.id, country);
  const companyId = cart?.shippingCompanyId ?? null;
  const paymentId = cart?.paymentId ?? null;
  const shipping = companyId !== null && paymentId !== null ? shippingPrice(options, companyId, paymentId, amount) : null;
  const fee = paymentFee(paymentId, ctx.shop.currency);
  const services = 0;
  const applied = cart ? cartVoucher(db, cart.id) : undefined;
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
  const choices = deliveryChoices(options, { companyId, paymentId }, amount, country, ctx.shop.currency);
  const vatRate = VAT_RATE[country] ?? ctx.shop.vatRate ?? 0;
  const domestic = country === ctx.shop.country;
  // At home each line keeps its own rate; delivered abroad every line is taxed at the destination's
  // standard rate (docs/decisions/111). Delivery, fee and discount: the destination's standard rate.
  const vat =
    items.length === 0
      ? 0
      : vatTotal({
          lines: rows.map((row, i) => ({ total: items[i].line_total, rate: domestic ? row.vatRate : vatRate })),
          delivery: (shipping ?? 0) + fee,
          discount,
          rate: vatRate,
        });
  const gifts = shopGifts(db, ctx.shop.id);

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
    gifts: reachedGifts(gifts, amount),
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

/** Adds pieces (1–99) of a purchasable product; a line never holds more than 99. */
export function addItem(db: Db, ctx: CartContext, productId: number, quantity: number, now: Date, returnPath?: string | null): void {
  db.$client
    .transaction(() => {
      assertPurchasable(db, ctx, productId);
      const s = sql(db);
      const cart = cartForWrite(db, ctx, now);
      const existing = s.lineQuantity.get(cart.id, productId)?.quantity ?? 0;
      s.upsertLine.run(cart.id, productId, addQuantity(existing, quantity));
      if (returnPath) s.returnPath.run(returnPath, cart.id);
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


/**
 * Saves step 2 choices in one transaction, all or nothing. A new carrier clears the pickup point
 * (spec 4) and a payment it cannot take; a payment must go with the chosen carrier; a pickup point
 * must belong to the chosen carrier and lie in the cart's delivery country.
 */
export function saveDelivery(db: Db, ctx: CartContext, choice: DeliveryChoice, now: Date): void {
  db.$client
    .transaction(() => {
      const s = sql(db);
      const cart = findCart(db, ctx);
      if (!cart || !s.lines.all(ctx.shop.id, cart.id).length) throw new ProblemError(409, msg('Košík je prázdny'));
      const country = deliveryCountry(cart, ctx);
      const options = shopOptions(db, ctx.shop.id, country);
      let companyId = cart.shippingCompanyId;
      let paymentId = cart.paymentId;
      let pickupId = cart.pickupPointId;
      if (choice.companyId !== undefined) {
        if (!offeredCompanies(options).includes(choice.companyId)) throw new ValidationError({ id: msg('Tento spôsob dopravy neponúkame') });
        if (choice.companyId !== companyId) pickupId = null;
        companyId = choice.companyId;
        if (paymentId !== null && !isCombination(options, companyId, paymentId) && choice.paymentId === undefined) paymentId = null;
      }
      if (choice.paymentId !== undefined) {
        const allowed = paymentsFor(options, country).some((p) => p.id === choice.paymentId);
        if (!allowed) throw new ValidationError({ id: msg('Tento spôsob platby neponúkame') });
        if (companyId !== null && !isCombination(options, companyId, choice.paymentId)) {
          throw new ValidationError({ id: msg('Túto platbu nie je možné použiť so zvolenou dopravou') });
        }
        paymentId = choice.paymentId;
      }
      if (choice.pickupPointId !== undefined) {
        if (choice.pickupPointId === null) pickupId = null;
        else {
          const point = findPickupPoint(db, choice.pickupPointId);
          if (!point) throw new ValidationError({ pickup_point_id: msg('Výdajné miesto neexistuje') });
          if (companyId === null || point.company_id !== companyId || !options.companies.get(companyId)?.pickup) {
            throw new ValidationError({ pickup_point_id: msg('Výdajné miesto patrí inému prepravcovi') });
          }
          if (point.country !== country) throw new ValidationError({ pickup_point_id: msg('Výdajné miesto je v inej krajine') });
          pickupId = point.id;
        }
      }
      s.choices.run(companyId, paymentId, pickupId, now.getTime(), cart.id);
      markOwner(db, ctx, cart.id);
    })
    .immediate();
}

/**
 * Changes the delivery country (spec 5: the shop's own for everyone, sk or cz for ROLE_WHOLESALE;
 * checked here, not by the form). Choices that do not exist for the new country go: a carrier
 * without a price rule there, a payment not offered there or not with the carrier, a pickup point
 * or post office in the old country. Choosing the shop's own country without a cart writes nothing.
 */
export function setDeliveryCountry(db: Db, ctx: CartContext, country: string, now: Date): void {
  const refused = msg('Túto krajinu doručenia si nemôžete vybrať');
  if (!allowedCountries(ctx.shop.country, ctx.wholesale).includes(country)) throw new ProblemError(403, refused, { country: refused });
  db.$client
    .transaction(() => {
      const home = country === ctx.shop.country;
      const cart = home ? findCart(db, ctx) : cartForWrite(db, ctx, now);
      if (!cart) return;
      const options = shopOptions(db, ctx.shop.id, country);
      let companyId = cart.shippingCompanyId;
      let paymentId = cart.paymentId;
      let pickupId = cart.pickupPointId;
      if (companyId !== null && !offeredCompanies(options).includes(companyId)) companyId = null;
      if (paymentId !== null && !paymentsFor(options, country).some((p) => p.id === paymentId)) paymentId = null;
      if (companyId !== null && paymentId !== null && !isCombination(options, companyId, paymentId)) paymentId = null;
      if (pickupId !== null) {
        const point = findPickupPoint(db, pickupId);
        if (!point || point.country !== country || point.company_id !== companyId) pickupId = null;
      }
      sql(db).country.run(home ? null : country, companyId, paymentId, pickupId, now.getTime(), cart.id);
    })
    .immediate();
}
