import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/env';
import { ProblemError } from '../http/problem';
import { msg } from '../i18n/msg';
import type { Render } from '../render/renderer';
import { cartView } from './cart.service';
import { setDeliveryCountry } from './cart-delivery.service';
import { cartContext, parseInput } from './cart.http';
import { readBody } from '../http/body';
import { countrySchema } from './cart.schemas';
import { DETAILS_PATH } from './cart.pages';

export const COUNTRY_PATH = '/nakupny-kosik/krajina';
const REFUSED = msg('Túto krajinu doručenia si nemôžete vybrať');

/**
 * The no-JS way to change the delivery country (spec 4: a confirmation warns that it changes tax
 * and shipping price). Step 3's "Zmeniť krajinu" posts the form here; this page asks; "Áno, zmeniť"
 * posts to /potvrdit, which saves and goes back to step 3. With JS the wizard asks in place and
 * calls POST /api/cart/country instead.
 */
export function countryPages(render: Render) {
  const app = new Hono<AppEnv>();

  const page = (c: Context<AppEnv>, state: { country: string; notice?: string; status?: 200 | 400 | 403 }) => {
    const cart = cartView(c.get('deps').db, cartContext(c));
    return render(
      c,
      'pages/cart/country',
      { country: state.country, current: cart.country, notice: state.notice, allowed: !state.notice },
      { title: c.get('i18n')._('Zmeniť krajinu doručenia'), noStore: true, status: state.status ?? 200 },
    );
  };

  const refused = (c: Context<AppEnv>, error: unknown, country: string) => {
    if (!(error instanceof ProblemError) || error.status >= 500) throw error;
    const first = error.errors ? Object.values(error.errors)[0] : undefined;
    return page(c, { country, notice: c.get('i18n')._(first ?? error.detail, error.values), status: error.status === 403 ? 403 : 400 });
  };

  app.post(COUNTRY_PATH, async (c) => {
    const body = await readBody(c);
    const raw = typeof body.country === 'string' ? body.country.slice(0, 10) : '';
    try {
      const { country } = parseInput(countrySchema, { country: raw });
      const cart = cartView(c.get('deps').db, cartContext(c));
      if (country === cart.country) return c.redirect(DETAILS_PATH, 303);
      // Asked only for a country this buyer may pick; the same refusal as the API otherwise.
      if (!cart.countries.includes(country)) return page(c, { country, notice: c.get('i18n')._(REFUSED), status: 403 });
      return page(c, { country });
    } catch (error) {
      return refused(c, error, raw);
    }
  });

  app.post(`${COUNTRY_PATH}/potvrdit`, async (c) => {
    const body = await readBody(c);
    const raw = typeof body.country === 'string' ? body.country.slice(0, 10) : '';
    try {
      const { country } = parseInput(countrySchema, { country: raw });
      setDeliveryCountry(c.get('deps').db, cartContext(c), country, c.get('deps').clock.now());
    } catch (error) {
      return refused(c, error, raw);
    }
    return c.redirect(DETAILS_PATH, 303);
  });

  return app;
}
