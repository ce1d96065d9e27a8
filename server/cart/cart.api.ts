import { Hono } from 'hono';
import type { AppEnv } from '../http/env';
import { msg } from '../i18n/msg';
import { ValidationError } from '../http/problem';
import { addItem, cartView, updateItem } from './cart.service';
import { saveDelivery, setDeliveryCountry } from './cart-delivery.service';
import { cartAnswer, cartContext, parseInput, returnPathOf } from './cart.http';
import { readBody } from '../http/body';
import { addSchema, countrySchema, deliverySchema, paymentSchema, pickupSchema, pickupSearchSchema, updateSchema } from './cart.schemas';
import { searchPickupPoints } from './pickup.service';
import { shopOptions } from './shipping.service';

/**
 * The cart's JSON API (issue 4 names the paths). Every answer is the server's whole cart view plus
 * the header summary; prices, totals or discounts a client sends are never read.
 */
export function cartApi() {
  const app = new Hono<AppEnv>();
  app.use('/api/cart/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  app.use('/api/cart', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });

  app.get('/api/cart', (c) => c.json(cartAnswer(c)));

  app.post('/api/cart/add', async (c) => {
    const body = await readBody(c);
    const input = parseInput(addSchema, body);
    addItem(c.get('deps').db, cartContext(c), input.product_id, input.quantity, c.get('deps').clock.now(), returnPathOf(c, body));
    return c.json(cartAnswer(c));
  });

  app.post('/api/cart/update', async (c) => {
    const input = parseInput(updateSchema, await readBody(c));
    updateItem(c.get('deps').db, cartContext(c), input.product_id, input.quantity, c.get('deps').clock.now());
    return c.json(cartAnswer(c));
  });

  app.post('/api/cart/delivery', async (c) => {
    const input = parseInput(deliverySchema, await readBody(c));
    saveDelivery(c.get('deps').db, cartContext(c), { companyId: input.id }, c.get('deps').clock.now());
    return c.json(cartAnswer(c));
  });

  app.post('/api/cart/payment', async (c) => {
    const input = parseInput(paymentSchema, await readBody(c));
    saveDelivery(c.get('deps').db, cartContext(c), { paymentId: input.id }, c.get('deps').clock.now());
    return c.json(cartAnswer(c));
  });

  // Picking a point also picks its carrier (as the carriers' own pickers do); a point of another
  // carrier than company_id is refused.
  app.post('/api/cart/pickup', async (c) => {
    const input = parseInput(pickupSchema, await readBody(c));
    saveDelivery(c.get('deps').db, cartContext(c), { companyId: input.company_id, pickupPointId: input.pickup_point_id }, c.get('deps').clock.now());
    return c.json(cartAnswer(c));
  });

  // Pickup points of Packeta and SPS, and post offices (company 9), in the cart's delivery country.
  app.get('/api/cart/pickup-points', (c) => {
    const input = parseInput(pickupSearchSchema, c.req.query());
    const { country } = cartView(c.get('deps').db, cartContext(c));
    const company = shopOptions(c.get('deps').db, c.get('shop').id, country).companies.get(input.company_id);
    if (!company?.pickup) throw new ValidationError({ company_id: msg('Tento prepravca nemá výdajné miesta') });
    return c.json({ items: searchPickupPoints(c.get('deps').db, { companyId: input.company_id, country, q: input.q }) });
  });

  // Spec 7: "gifts: returns a list of gifts. giftMotivations: returns a list." Both follow the
  // cart's subtotal; the same lists are part of every cart view.
  app.get('/api/cart/gifts', (c) => c.json({ items: cartView(c.get('deps').db, cartContext(c)).gifts }));
  app.get('/api/cart/gift-motivations', (c) => c.json({ items: cartView(c.get('deps').db, cartContext(c)).gift_motivations }));

  // Spec 5: the delivery country; the role decides (403 for a country it may not pick).
  app.post('/api/cart/country', async (c) => {
    const input = parseInput(countrySchema, await readBody(c));
    setDeliveryCountry(c.get('deps').db, cartContext(c), input.country, c.get('deps').clock.now());
    return c.json(cartAnswer(c));
  });

  /**
   * Spec 7 shows the call but not its answer. `{wholesale}` is what the page believes ("1"/"0"); the
   * role decides: wholesale buyers may deliver to sk or cz, everyone else only to the shop's country.
   * `valid` says whether the cart can go on to step 3 and `problems` why not.
   */
  app.get('/api/cart/status/:wholesale', (c) => {
    const claimed = c.req.param('wholesale');
    if (!['0', '1', 'true', 'false'].includes(claimed)) throw new ValidationError({ wholesale: msg('Nesprávna hodnota') });
    const ctx = cartContext(c);
    const view = cartView(c.get('deps').db, ctx);
    return c.json({
      wholesale: ctx.wholesale,
      country: view.country,
      countries: view.countries,
      currency: view.currency,
      count: view.count,
      subtotal: view.subtotal,
      total: view.total,
      valid: view.problems.length === 0,
      problems: view.problems,
    });
  });

  return app;
}
