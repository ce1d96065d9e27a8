import { Hono, type Context } from 'hono';
import type { AppEnv, Clock } from '../http/env';
import { NotFoundError } from '../http/problem';
import { formAttempt, RateLimiter } from '../http/rate-limit';
import { msg } from '../i18n/msg';
import { readBody } from '../http/body';
import { mailState } from '../mail/outbox';
import { orderByHash, type OrderView } from '../orders/order-view';
import type { Render } from '../render/renderer';
import { ROUTES } from '../render/routes';
import { supplierOf } from '../shops/supplier.service';
import { WITHDRAWAL_PATHS, withdrawalReceiptPath } from './paths';
import { chosenQuantities, confirmView, keptValues, type ConfirmState } from './withdrawal-form';
import { receiptView } from './withdrawal-receipt';
import { validWithdrawalToken } from './withdrawal-token';
import { confirmSchema, findSchema, formErrors } from './withdrawal.schemas';
import { confirmWithdrawal, findOrderHash, WITHDRAWAL_MAIL, withdrawalByPublicId, withdrawalOptions } from './withdrawal.service';

/** Look-ups per client address: plenty for a shopper who mistypes, too few to walk order numbers. */
export const WITHDRAWAL_LIMIT = { windowMs: 15 * 60_000, max: 10 };

/** One answer for an unknown number and a wrong e-mail: which of the two was wrong is never said. */
export const NOT_FOUND = msg('Objednávku s týmto číslom a e-mailom sme nenašli. Skontrolujte ich v potvrdení objednávky.');
const FORM_INVALID = msg('Formulár nie je platný alebo vypršal. Skontrolujte údaje a potvrďte odstúpenie znova.');
const STALE = msg('Medzitým sa zmenilo, od ktorého tovaru môžete odstúpiť. Skontrolujte výber a potvrďte odstúpenie znova.');

const FIND_FIELDS = ['name', 'documentNumber', 'email'] as const;
const CONFIRM_FIELDS = ['name', 'reason'] as const;

/**
 * The withdrawal function (Art. 11a CRD, decision 210) as plain forms: step 1 identifies the
 * contract (name, order number, e-mail), step 2 chooses the pieces and confirms; the receipt page
 * answers the confirmation and every replay of it. Step 2 opens directly for whoever holds the
 * order's hash (tracking page, account list).
 */
export function withdrawalPages(render: Render, clock: Clock) {
  const app = new Hono<AppEnv>();
  const limiter = new RateLimiter(clock, WITHDRAWAL_LIMIT.windowMs, WITHDRAWAL_LIMIT.max);
  const title = (c: Context<AppEnv>) => c.get('i18n')._('Odstúpiť od zmluvy');

  const findPage = (c: Context<AppEnv>, state: { status?: 200 | 400 | 404 | 429; values?: Record<string, string>; errors?: Record<string, string>; formError?: string } = {}) =>
    render(
      c,
      'pages/withdrawal/find',
      { values: state.values ?? {}, errors: state.errors ?? {}, formError: state.formError ?? null, action: c.get('shop').withdrawalPath, termsPath: c.get('shop').termsPath },
      { title: title(c), noStore: true, status: state.status ?? 200 },
    );

  const confirmPage = (c: Context<AppEnv>, order: OrderView, state: ConfirmState, name = order.full_name) => {
    const options = withdrawalOptions(c.get('deps').db, order, c.get('shop').id, clock.now())!;
    return render(c, 'pages/withdrawal/confirm', confirmView(c, order, options, state, name), { title: title(c), noStore: true, status: state.status ?? 200 });
  };

  const orderOf = (c: Context<AppEnv>) => {
    const order = orderByHash(c.get('deps').db, c.get('shop'), c.req.param('hash') ?? '');
    if (!order) throw new NotFoundError();
    return order;
  };

  for (const paths of Object.values(WITHDRAWAL_PATHS)) {
    // The other shop's address: its page in this shop's words (301); a post there is nobody's.
    app.use(`${paths.form}/*`, async (c, next) => {
      const own = WITHDRAWAL_PATHS[c.get('shop').code];
      if (own === paths) return next();
      if (c.req.method !== 'GET' && c.req.method !== 'HEAD') throw new NotFoundError();
      const path = c.req.path;
      return c.redirect(path.startsWith(paths.receipt) ? own.receipt + path.slice(paths.receipt.length) : own.form + path.slice(paths.form.length), 301);
    });

    app.get(paths.form, (c) => findPage(c));

    app.post(paths.form, async (c) => {
      const body = await readBody(c);
      const values = keptValues(body, FIND_FIELDS);
      // Every look-up counts, found or not, before anything is checked: the limit is what stops guessing.
      const limited = formAttempt(c, limiter);
      if (limited) return findPage(c, { status: 429, values, formError: limited });
      const parsed = findSchema.safeParse(body);
      if (!parsed.success) return findPage(c, { status: 400, values, errors: translated(c, formErrors(parsed.error)) });
      const { db } = c.get('deps');
      const hash = findOrderHash(db, c.get('shop').id, parsed.data.documentNumber, parsed.data.email);
      const order = hash === undefined ? undefined : orderByHash(db, c.get('shop'), hash);
      if (!order) return findPage(c, { status: 404, values, formError: c.get('i18n')._(NOT_FOUND) });
      return confirmPage(c, order, {}, parsed.data.name);
    });

    app.get(`${paths.receipt}/:id`, (c) => {
      const { db } = c.get('deps');
      const shop = c.get('shop');
      const withdrawal = withdrawalByPublicId(db, shop.id, c.req.param('id'));
      const order = withdrawal && orderByHash(db, shop, withdrawal.orderHash);
      if (!withdrawal || !order) throw new NotFoundError();
      return render(
        c,
        'pages/withdrawal/receipt',
        {
          receipt: receiptView(withdrawal, order, supplierOf(db, shop.id)),
          mail: mailState(db, WITHDRAWAL_MAIL.receipt, { withdrawal: withdrawal.id, shop: shop.id }),
          trackingUrl: `${ROUTES.tracking}/${order.hash}`,
        },
        { title: c.get('i18n')._('Potvrdenie o odstúpení od zmluvy'), noStore: true },
      );
    });

    app.get(`${paths.form}/:hash`, (c) => confirmPage(c, orderOf(c), {}));

    app.post(`${paths.form}/:hash`, async (c) => {
      const order = orderOf(c);
      const body = await readBody(c);
      const { db, config } = c.get('deps');
      const shop = c.get('shop');
      const i18n = c.get('i18n');
      const options = withdrawalOptions(db, order, shop.id, clock.now())!;
      const values = { ...keptValues(body, CONFIRM_FIELDS), ...keptValues(body, options.lines.map((l) => `qty_${l.index}`)) };
      if (!validWithdrawalToken(config.secret, order.hash, body.token)) return confirmPage(c, order, { status: 400, values, formError: i18n._(FORM_INVALID) });
      // A replay of a confirmed form (reload, back button, double click) answers its receipt before any check.
      const replay = options.withdrawals.find((w) => w.token === body.token);
      if (replay) return c.redirect(withdrawalReceiptPath(shop.code, replay.publicId), 303);
      const parsed = confirmSchema.safeParse(body);
      const chosen = chosenQuantities(body, options.lines, (id, v) => i18n._(id, v));
      const errors = { ...(parsed.success ? {} : translated(c, formErrors(parsed.error))), ...chosen.errors };
      if (!parsed.success || Object.keys(errors).length) return confirmPage(c, order, { status: options.state === 'open' ? 400 : 409, values, errors });
      const input = { shopId: shop.id, order, token: body.token, name: parsed.data.name, reason: parsed.data.reason, locale: c.get('locale'), quantities: chosen.quantities };
      const result = confirmWithdrawal(db, input, clock.now());
      if (result.kind === 'confirmed') return c.redirect(withdrawalReceiptPath(shop.code, result.withdrawal.publicId), 303);
      return confirmPage(c, order, { status: 409, values, formError: result.kind === 'stale' ? i18n._(STALE) : null });
    });
  }
  return app;
}

function translated(c: Context<AppEnv>, errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, c.get('i18n')._(message)]));
}
