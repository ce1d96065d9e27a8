import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/env';
import { ProblemError } from '../http/problem';
import type { Render } from '../render/renderer';
import { scriptJson } from '../render/json';
import { cartView } from '../cart/cart.service';
import { cartContext, localizedView } from '../cart/cart.http';
import { readBody } from '../http/body';
import { CART_PATH, DETAILS_PATH, SHIPPING_PATH } from '../cart/cart.pages';
import { ROUTES } from '../render/routes';
import { CUSTOMER_FIELDS, REQUIRED_FIELDS, checkoutWarnings } from './orders.schemas';
import { countriesFor, newSubmitToken, submitCheckout } from './orders.http';
import { checkoutPrefill } from './checkout-prefill';

interface FormState {
  status?: 200 | 400 | 409;
  notice?: string;
  errors?: Record<string, string>;
  values?: Record<string, string>;
  token?: string;
}

/** Step 3: the customer form as a plain POST form (the wizard enhances it); success goes to the tracking page. */
export function checkoutPages(render: Render) {
  const app = new Hono<AppEnv>();
  const detailsPage = (c: Context<AppEnv>, state: FormState = {}) => {
    const cart = localizedView(c, cartView(c.get('deps').db, cartContext(c)));
    if (cart.items.length === 0) return c.redirect(CART_PATH, 303);
    if (cart.problems.some((p) => p === 'excess' || p === 'unavailable')) return c.redirect(CART_PATH, 303);
    if (cart.problems.length) return c.redirect(SHIPPING_PATH, 303);
    const countries = countriesFor(c);
    // The delivery country is the cart's (changed only through the confirmation); a saved address never moves it.
    const defaults = { country: cart.country };
    const values: Record<string, string> = state.values ? { ...defaults, ...state.values } : { ...checkoutPrefill(c, defaults, countries), country: cart.country };
    const token = state.token ?? newSubmitToken();
    const errors = state.errors ?? {};
    const termsPath = c.get('shop').termsPath;
    return render(
      c,
      'pages/cart/order',
      {
        cartView: cart,
        cartJson: scriptJson(cart),
        customerJson: scriptJson({
          values,
          errors,
          token,
          countries,
          termsPath,
          // The wizard's "use my favourite / recent address" buttons (consumers) and the country confirmation (pickup point).
          saved: c.get('session').userId !== null && c.get('session').roles.includes('ROLE_CONSUMER'),
          pickup: cart.pickup_point ? { name: cart.pickup_point.name, address: cart.pickup_point.address, country: cart.pickup_point.country } : null,
        }),
        step: 3,
        values,
        errors,
        warnings: checkoutWarnings(values),
        notice: state.notice,
        token,
        countries,
        required: REQUIRED_FIELDS,
        termsPath,
      },
      { title: c.get('i18n')._('Údaje'), noStore: true, status: state.status ?? 200 },
    );
  };

  app.get(DETAILS_PATH, (c) => detailsPage(c));

  app.post(DETAILS_PATH, async (c) => {
    const body = await readBody(c);
    const values: Record<string, string> = {};
    for (const field of CUSTOMER_FIELDS) if (typeof body[field] === 'string') values[field] = (body[field] as string).slice(0, 1000);
    const token = typeof body._submit === 'string' && /^[A-Za-z0-9_-]{8,100}$/.test(body._submit) ? body._submit : newSubmitToken();
    try {
      const hash = await submitCheckout(c, { ...body, _submit: token });
      return c.redirect(`${ROUTES.tracking}/${hash}`, 303);
    } catch (error) {
      if (!(error instanceof ProblemError) || error.status >= 500) throw error;
      const t = (id: string) => c.get('i18n')._(id, error.values);
      const errors = Object.fromEntries(Object.entries(error.errors ?? {}).map(([k, v]) => [k, t(v)]));
      return detailsPage(c, { status: error.status === 409 ? 409 : 400, notice: t(error.detail), errors, values, token });
    }
  });

  return app;
}
