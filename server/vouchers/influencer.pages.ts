import { Hono, type Context } from 'hono';
import { setCookie } from 'hono/cookie';
import type { AppEnv } from '../http/env';
import { NotFoundError, ProblemError } from '../http/problem';
import { requireRole } from '../accounts/roles';
import { cookie } from '../http/cookies';
import { cartContext } from '../cart/cart.http';
import { cartView } from '../cart/cart.service';
import { formatMoney } from '../render/format';
import type { Render } from '../render/renderer';
import { formatDate } from '../points/format';
import { influencerVoucher, influencerVouchers, type InfluencerVoucher } from './influencer.service';
import { applyVoucherToCart, voucherByCode } from './vouchers.service';

export const INFLUENCER_PATH = '/moje/influencer-kupony';
/** The share link's path: `/kupon/{code}` stores the code for the visitor's cart. */
export const SHARE_PATH = '/kupon';
/** The cookie a share link leaves: the cart's voucher box is filled with it. */
export const SHARED_CODE_COOKIE = 'kupon';
const CODE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The influencer's page (ROLE_INFLUENCER, checked by the account guards and here): their codes, how
 * often orders used each, those orders' totals and the commission, a copy button for the code and for
 * the share link; /moje/influencer-kupony/{code} is one code (another influencer's: 404). The share
 * link /kupon/{code} (a GET anyone may open) applies the code to a cart that has goods, else keeps it
 * in a cookie for the cart's voucher box.
 */
export function influencerPages(render: Render) {
  const app = new Hono<AppEnv>();
  app.use(INFLUENCER_PATH, requireRole('ROLE_INFLUENCER'));
  app.use(`${INFLUENCER_PATH}/*`, requireRole('ROLE_INFLUENCER'));

  const view = (c: Context<AppEnv>, v: InfluencerVoucher) => {
    const locale = c.get('locale');
    const shop = c.get('shop');
    return {
      ...v,
      valueText: v.type === 2 ? `${v.value} %` : v.type === 1 ? formatMoney(v.value, shop.currency, locale) : v.type === 3 ? c.get('i18n')._('Doprava zadarmo') : c.get('i18n')._('Darček'),
      dateToText: v.dateTo === null ? null : formatDate(v.dateTo),
      totalsText: v.totals.map((t) => ({ total: formatMoney(t.total, t.currency, locale), commission: formatMoney(t.commission, t.currency, locale) })),
      shareUrl: `${shop.origin}${SHARE_PATH}/${encodeURIComponent(v.code)}`,
    };
  };

  app.get(INFLUENCER_PATH, (c) => {
    const vouchers = influencerVouchers(c.get('deps').db, c.get('session').userId!).map((v) => view(c, v));
    return render(c, 'pages/account/influencer', { vouchers, one: false }, { title: c.get('i18n')._('Influencer'), noStore: true });
  });
  app.get(`${INFLUENCER_PATH}/:code`, (c) => {
    const code = c.req.param('code');
    const v = CODE.test(code) ? influencerVoucher(c.get('deps').db, c.get('session').userId!, code) : undefined;
    if (!v) throw new NotFoundError();
    return render(c, 'pages/account/influencer', { vouchers: [view(c, v)], one: true }, { title: c.get('i18n')._('Influencer'), noStore: true });
  });

  app.get(`${SHARE_PATH}/:code`, (c) => {
    const raw = c.req.param('code');
    const v = CODE.test(raw) ? voucherByCode(c.get('deps').db, raw) : undefined;
    if (!v) throw new NotFoundError();
    const { config } = c.get('deps');
    setCookie(c, SHARED_CODE_COOKIE, v.code, { path: '/', maxAge: 30 * 24 * 3600, sameSite: 'Lax', httpOnly: true, secure: config.secureCookies });
    const ctx = cartContext(c);
    const cart = c.get('session').stored ? cartView(c.get('deps').db, ctx) : null;
    if (cart && cart.subtotal > 0) {
      try {
        applyVoucherToCart(c.get('deps').db, { sessionHash: ctx.sessionHash, shopId: ctx.shop.id, userId: ctx.userId ?? null, code: v.code, subtotal: cart.subtotal, now: c.get('deps').clock.now() });
      } catch (error) {
        if (!(error instanceof ProblemError)) throw error;
      }
      return c.redirect('/nakupny-kosik#kupon', 303);
    }
    return c.redirect('/', 303);
  });
  return app;
}

/** The code a share link left for this visitor's cart voucher box, if any. */
export const sharedCode = (c: Context<AppEnv>): string | null => {
  const value = cookie(c, SHARED_CODE_COOKIE);
  return value && CODE.test(value) ? value : null;
};
