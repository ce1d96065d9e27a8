import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/env';
import type { Render } from '../render/renderer';
import { NotFoundError, ProblemError } from '../http/problem';
import { requireUser } from '../accounts/roles';
import { cartContext } from '../cart/cart.http';
import { readBody } from '../http/body';
import { cartView } from '../cart/cart.service';
import { pathId } from '../points/points.api';
import { pointBalance, pointItem, pointItemsFor, NOT_ENOUGH_POINTS } from '../points/points.service';
import { formatDate } from '../points/format';
import {
  activateVoucher,
  applyVoucherToCart,
  buyVoucher,
  userVouchers,
  VOUCHER_ACTIVATED,
  VOUCHER_BOUGHT,
  VOUCHER_EMPTY_CART,
  VOUCHER_EXPIRED,
  VOUCHER_MINIMUM,
  VOUCHER_NOT_ACTIVE,
  VOUCHER_NOT_YET,
  VOUCHER_UNKNOWN,
  VOUCHER_USED,
  type VoucherRow,
} from './vouchers.service';
import { msg } from '../i18n/msg';
import { voucherJson } from './vouchers.api';

export const VOUCHERS_PATH = '/moje/kupony';

/** Flash messages travel as a fixed key in the redirect, never as text from the URL. */
const RESULTS: Record<string, { text: string; kind: 'success' | 'error' }> = {
  kupeny: { text: VOUCHER_BOUGHT, kind: 'success' },
  aktivovany: { text: VOUCHER_ACTIVATED, kind: 'success' },
  nedostatok: { text: NOT_ENOUGH_POINTS, kind: 'error' },
};

function voucherCard(v: VoucherRow) {
  return { ...voucherJson(v), code: v.activatedAt === null ? null : v.code, dateTo: v.dateTo === null ? null : formatDate(v.dateTo) };
}

/** /moje/kupony and the cart's no-JS voucher form. */
export function vouchersPages(render: Render) {
  const app = new Hono<AppEnv>();
  app.use(VOUCHERS_PATH, requireUser);
  app.use(`${VOUCHERS_PATH}/*`, requireUser);
  const user = (c: Context<AppEnv>) => c.get('session').userId!;

  app.get(VOUCHERS_PATH, (c) => {
    const db = c.get('deps').db;
    const { inactive, active } = userVouchers(db, user(c), c.get('locale'));
    const offers = pointItemsFor(db, user(c), c.get('locale'))
      .filter((i) => i.kind === 'voucher')
      .map((i) => ({ id: i.id, name: i.name, price: i.price, disabled: !i.available }));
    const result = RESULTS[c.req.query('vysledok') ?? ''] ?? null;
    return render(
      c,
      'pages/account/vouchers',
      {
        balance: pointBalance(db, user(c)),
        inactive: inactive.map(voucherCard),
        active: active.map(voucherCard),
        offers,
        result: result ? { text: c.get('i18n')._(result.text), kind: result.kind } : null,
      },
      { title: c.get('i18n')._('Kupóny'), noStore: true },
    );
  });

  // Without JavaScript the confirmation is a page of its own; the widget asks in a dialog instead.
  app.get(`${VOUCHERS_PATH}/kupit/:id`, (c) => {
    const item = pointItem(c.get('deps').db, pathId(c, 'id'), c.get('locale'));
    if (!item || item.kind !== 'voucher') throw new NotFoundError();
    return render(c, 'pages/account/voucher-confirm', { item: { id: item.id, name: item.name, price: item.price } }, { title: c.get('i18n')._('Potvrdenie'), noStore: true });
  });

  app.post(`${VOUCHERS_PATH}/kupit/:id`, (c) => {
    try {
      const v = buyVoucher(c.get('deps').db, user(c), pathId(c, 'id'), c.get('deps').clock.now());
      return c.redirect(`${VOUCHERS_PATH}?vysledok=kupeny#voucher:${v.id}`, 303);
    } catch (error) {
      if (error instanceof ProblemError && error.status === 409) return c.redirect(`${VOUCHERS_PATH}?vysledok=nedostatok`, 303);
      throw error;
    }
  });

  app.post(`${VOUCHERS_PATH}/aktivovat/:id`, (c) => {
    const v = activateVoucher(c.get('deps').db, user(c), pathId(c, 'id'), c.get('deps').clock.now());
    return c.redirect(`${VOUCHERS_PATH}?vysledok=aktivovany#voucher:${v.id}`, 303);
  });

  /** The cart's voucher box without JavaScript: apply (or remove with an empty code), back to the cart. */
  app.post('/nakupny-kosik/kupon', async (c) => {
    const body = await readBody(c);
    const code = typeof body.code === 'string' ? body.code.trim().slice(0, 64) : '';
    const ctx = cartContext(c);
    const view = cartView(c.get('deps').db, ctx);
    try {
      applyVoucherToCart(c.get('deps').db, { sessionHash: ctx.sessionHash, shopId: ctx.shop.id, userId: ctx.userId ?? null, code, subtotal: view.subtotal, now: c.get('deps').clock.now() });
    } catch (error) {
      if (!(error instanceof ProblemError)) throw error;
      return c.redirect(`/nakupny-kosik?kupon=${encodeURIComponent(voucherErrorKey(error.detail))}`, 303);
    }
    return c.redirect('/nakupny-kosik', 303);
  });

  return app;
}

const ERROR_KEYS: Record<string, string> = {
  neexistuje: VOUCHER_UNKNOWN,
  expirovany: VOUCHER_EXPIRED,
  neplatny: VOUCHER_NOT_YET,
  pouzity: VOUCHER_USED,
  neaktivny: VOUCHER_NOT_ACTIVE,
  minimum: VOUCHER_MINIMUM,
  prazdny: VOUCHER_EMPTY_CART,
};

function voucherErrorKey(detail: string): string {
  return Object.entries(ERROR_KEYS).find(([, text]) => text === detail)?.[0] ?? 'neexistuje';
}

/** The cart page's voucher error from the no-JS redirect (`?kupon=<key>`), translated; null if none. */
export function voucherErrorOf(c: Context<AppEnv>): string | null {
  const text = ERROR_KEYS[c.req.query('kupon') ?? ''];
  if (!text) return null;
  if (text === VOUCHER_MINIMUM) return c.get('i18n')._(msgMinimumGeneric);
  return c.get('i18n')._(text);
}

const msgMinimumGeneric = msg('Kupón platí až pre vyššiu sumu objednávky');
