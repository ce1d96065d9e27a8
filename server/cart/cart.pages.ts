import { Hono, type Context } from 'hono';
import { freeShippingLimitText } from './free-shipping';
import type { AppEnv } from '../http/env';
import { ProblemError } from '../http/problem';
import type { Render } from '../render/renderer';
import { scriptJson } from '../render/json';
import { addItem, cartView, productToAdd, updateItem, type CartView } from './cart.service';
import { saveDelivery } from './cart-delivery.service';
import { cartContext, localizedView, parseInput, returnPathOf } from './cart.http';
import { readBody } from '../http/body';
import { addSchema, updateSchema } from './cart.schemas';
import { searchPickupPoints, type PickupPointView } from './pickup.service';
import { shopOptions } from './shipping.service';
import { COMPANY } from './pricing';
import { voucherErrorOf } from '../vouchers/vouchers.pages';
import { sharedCode } from '../vouchers/influencer.pages';
import { continueView } from './cart-owner.routes';
import { partnerId } from '../embed/partner-origins';

export const CART_PATH = '/nakupny-kosik';
export const SHIPPING_PATH = '/nakupny-kosik/doprava';
export const DETAILS_PATH = '/nakupny-kosik/objednavka';

interface PageState {
  status?: 200 | 400 | 404 | 409;
  /** A message for the whole page (role="alert"). */
  notice?: string;
  /** Messages per cart line (product id) or per step-2 field. */
  errors?: Record<string, string>;
  values?: Record<string, string>;
}

function view(c: Context<AppEnv>): CartView {
  return localizedView(c, cartView(c.get('deps').db, cartContext(c)));
}

function problemState(c: Context<AppEnv>, error: unknown, key: string): PageState {
  if (!(error instanceof ProblemError)) throw error;
  const t = (id: string) => c.get('i18n')._(id, error.values);
  const first = error.errors ? Object.values(error.errors)[0] : undefined;
  return { status: error.status as PageState['status'], notice: t(first ?? error.detail), errors: { [key]: t(first ?? error.detail) } };
}

/** Steps 1 and 2 of the wizard as plain pages whose forms work without JavaScript. */
export function cartPages(render: Render) {
  const app = new Hono<AppEnv>();

  const cartPage = (c: Context<AppEnv>, state: PageState = {}) => {
    const cart = view(c);
    return render(
      c,
      'pages/cart/cart',
      {
        cartView: cart,
        cartJson: scriptJson(cart),
        step: 1,
        voucherError: voucherErrorOf(c),
        sharedVoucher: sharedCode(c),
        continueCart: continueView(c),
        // The one free-shipping limit (free-shipping.ts) for the cart's delivery country.
        freeShippingFrom: freeShippingLimitText(c, cart.country),
        ...state,
      },
      { title: c.get('i18n')._('Nákupný košík'), noStore: true, status: state.status ?? 200 },
    );
  };

  const shippingPage = (c: Context<AppEnv>, state: PageState = {}) => {
    const cart = view(c);
    if (cart.items.length === 0) return c.redirect(CART_PATH, 303);
    const q = (c.req.query('q') ?? '').slice(0, 60);
    const company = cart.shipping === null ? undefined : shopOptions(c.get('deps').db, c.get('shop').id, cart.country).companies.get(cart.shipping);
    const tiles = c.get('deps').config.mapTiles;
    let points: PickupPointView[] = [];
    if (cart.shipping !== null && company?.pickup) {
      points = searchPickupPoints(c.get('deps').db, { companyId: cart.shipping, country: cart.country, q });
      if (cart.pickup_point && !points.some((p) => p.id === cart.pickup_point!.id)) points.unshift(cart.pickup_point);
    }
    return render(
      c,
      'pages/cart/shipping',
      {
        cartView: cart, cartJson: scriptJson(cart), step: 2, q, points, pickupRequired: Boolean(company?.pickup), postOffice: cart.shipping === COMPANY.postOffice,
        // The dialog's map, only with a tile server configured (MAP_TILE_URL); without one the list works alone.
        pickupMap: tiles ? scriptJson({ url: tiles.url, attribution: tiles.attribution }) : null,
        ...state,
      },
      { title: c.get('i18n')._('Doprava a platba'), noStore: true, status: state.status ?? 200 },
    );
  };

  app.get(CART_PATH, (c) => cartPage(c));

  // The product page's and the cards' no-JS form; JS posts to /api/cart/add instead.
  // Cacheable markup (product cards in shared list fragments) cannot carry a session's CSRF token,
  // so the cards' no-JS form is a GET that only shows this confirmation with a token-bearing POST.
  app.get(`${CART_PATH}/pridat`, (c) => {
    const query = c.req.query();
    let product: { id: number; name: string; price: number };
    let quantity: number;
    try {
      const input = parseInput(addSchema, query);
      product = productToAdd(c.get('deps').db, cartContext(c), input.product_id);
      quantity = input.quantity;
    } catch (error) {
      return cartPage(c, problemState(c, error, 'add'));
    }
    return render(
      c,
      'pages/cart/add',
      // A partner's embed links here with `partner` (server/embed): kept through the POST, onto the cart.
      { product, quantity, returnTo: returnPathOf(c, query) ?? '', partner: partnerId(query.partner) ?? '' },
      { title: c.get('i18n')._('Pridať do košíka'), noStore: true },
    );
  });

  app.post(`${CART_PATH}/pridat`, async (c) => {
    const body = await readBody(c);
    try {
      const input = parseInput(addSchema, body);
      addItem(c.get('deps').db, cartContext(c), input.product_id, input.quantity, c.get('deps').clock.now(), returnPathOf(c, body), partnerId(body.partner));
    } catch (error) {
      return cartPage(c, problemState(c, error, 'add'));
    }
    return c.redirect(CART_PATH, 303);
  });

  app.post(`${CART_PATH}/upravit`, async (c) => {
    const body = await readBody(c);
    const remove = body.action === 'remove';
    try {
      const input = parseInput(updateSchema, { product_id: body.product_id, quantity: remove ? 0 : body.quantity });
      updateItem(c.get('deps').db, cartContext(c), input.product_id, input.quantity, c.get('deps').clock.now());
    } catch (error) {
      const state = problemState(c, error, String(body.product_id ?? ''));
      return cartPage(c, { ...state, values: { [String(body.product_id ?? '')]: String(body.quantity ?? '') } });
    }
    return c.redirect(CART_PATH, 303);
  });

  app.get(SHIPPING_PATH, (c) => shippingPage(c));

  // No-JS "Uložiť": carrier, payment and (for the carrier already chosen) the pickup point at once.
  app.post(SHIPPING_PATH, async (c) => {
    const body = await readBody(c);
    const number = (value: unknown) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : undefined);
    const before = cartView(c.get('deps').db, cartContext(c)).shipping;
    const companyId = number(body.shipping);
    const paymentId = number(body.payment);
    const pickup = number(body.pickup_point_id);
    const sameCarrier = companyId === undefined || companyId === before;
    try {
      saveDelivery(
        c.get('deps').db,
        cartContext(c),
        { companyId, paymentId, pickupPointId: sameCarrier ? pickup : undefined },
        c.get('deps').clock.now(),
      );
    } catch (error) {
      return shippingPage(c, problemState(c, error, 'delivery'));
    }
    return c.redirect(SHIPPING_PATH, 303);
  });

  return app;
}
