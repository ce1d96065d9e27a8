import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/env';
import { NotFoundError } from '../http/problem';
import { requireUser } from '../accounts/roles';
import { cartAnswer, cartContext, parseInput } from '../cart/cart.http';
import { readBody } from '../http/body';
import { cartView } from '../cart/cart.service';
import { pathId } from '../points/points.api';
import { activateVoucher, applyVoucherToCart, buyVoucher, ownVoucher, userVouchers, voucherByCode, VOUCHER_ACTIVATED, VOUCHER_BOUGHT, VOUCHER_UNKNOWN, type VoucherRow } from './vouchers.service';
import { voucherCodeSchema } from './vouchers.schemas';

/** The owner's JSON of a voucher; the code is shown only once it is activated (spec 4, "Vouchers"). */
export function voucherJson(v: VoucherRow) {
  return {
    id: v.id,
    code: v.activatedAt === null ? null : v.code,
    type: v.type,
    value: v.value,
    amount_from: v.amountFrom,
    gift_item: v.giftItem,
    activated: v.activatedAt !== null,
    activated_at: v.activatedAt,
    date_to: v.dateTo,
    used: v.usedByOrder !== null,
  };
}

/**
 * The account's vouchers (paths ours, docs/decisions/090) and the cart's voucher box. Everything
 * under /api/consumer/ is also behind accountGuards(); another user's voucher is a 404.
 */
export function vouchersApi() {
  const app = new Hono<AppEnv>();
  app.use('/api/consumer/voucher', requireUser);
  app.use('/api/consumer/voucher/*', requireUser);
  const user = (c: Context<AppEnv>) => c.get('session').userId!;
  const db = (c: Context<AppEnv>) => c.get('deps').db;

  app.get('/api/consumer/voucher', (c) => {
    const { inactive, active } = userVouchers(db(c), user(c), c.get('locale'));
    return c.json({ inactive: inactive.map(voucherJson), active: active.map(voucherJson) }, 200, { 'Cache-Control': 'no-store' });
  });

  app.get('/api/consumer/voucher/code/:code', (c) => {
    const v = voucherByCode(db(c), c.req.param('code').slice(0, 64));
    if (!v || v.userId !== user(c)) throw new NotFoundError(VOUCHER_UNKNOWN);
    return c.json(voucherJson(v), 200, { 'Cache-Control': 'no-store' });
  });

  app.get('/api/consumer/voucher/:id', (c) => c.json(voucherJson(ownVoucher(db(c), user(c), pathId(c, 'id'))), 200, { 'Cache-Control': 'no-store' }));

  app.post('/api/consumer/voucher/:id/activate', (c) => {
    const v = activateVoucher(db(c), user(c), pathId(c, 'id'), c.get('deps').clock.now());
    return c.json({ message: c.get('i18n')._(VOUCHER_ACTIVATED), voucher: voucherJson(v) });
  });

  app.post('/api/consumer/voucher/buy/:pointItemId', (c) => {
    const v = buyVoucher(db(c), user(c), pathId(c, 'pointItemId'), c.get('deps').clock.now());
    return c.json({ message: c.get('i18n')._(VOUCHER_BOUGHT), voucher: voucherJson(v) }, 201);
  });

  /** Spec 7: code (and the client's cart total, which is ignored) → message, code, type, value. */
  app.post('/api/cart/voucher', async (c) => {
    const { code } = parseInput(voucherCodeSchema, await readBody(c));
    const ctx = cartContext(c);
    const view = cartView(db(c), ctx);
    const v = applyVoucherToCart(db(c), { sessionHash: ctx.sessionHash, shopId: ctx.shop.id, userId: ctx.userId ?? null, code, subtotal: view.subtotal, now: c.get('deps').clock.now() });
    const answer = cartAnswer(c);
    return c.json({
      message: answer.cart.voucher?.message ?? '',
      code: v?.code ?? null,
      type: v?.type ?? null,
      value: v?.value ?? null,
      ...answer,
    });
  });

  return app;
}
