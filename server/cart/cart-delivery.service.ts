import type { Db } from '../db/client';
import { msg } from '../i18n/msg';
import { ProblemError, ValidationError } from '../http/problem';
import { allowedCountries } from '../orders/orders.rules';
import { isCombination, offeredCompanies, paymentsFor, shopOptions } from './shipping.service';
import { findPickupPoint } from './pickup.service';
import { cartForWrite, cartLines, deliveryCountry, findCart, markOwner, sql } from './cart-store';
import type { CartContext, DeliveryChoice } from './cart.types';

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
      if (!cart || !cartLines(db, ctx, cart.id).length) throw new ProblemError(409, msg('Košík je prázdny'));
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
