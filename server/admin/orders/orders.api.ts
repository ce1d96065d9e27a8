import { Hono, type Context } from 'hono';
import type { ShopContext } from '../../http/env';
import { NotFoundError, ProblemError, ValidationError } from '../../http/problem';
import { readBody } from '../../http/body';
import { actorOf } from '../audit';
import type { AdminEnv } from '../env';
import { checkForm } from '../form';
import { ADMIN_API } from '../sections';
import { isOrderAction, ORDER_ACTIONS, runOrderAction, sentSchema } from './order-actions';
import { orderDetail } from './order-detail.service';
import { orderPage } from './order-list.service';
import { STAGES } from './order-stage';
import { filterOf, shopIdsOf } from './orders.admin';

const API_PATH = `${ADMIN_API}/objednavky`;
const STAGE_KEY: Record<number, string> = Object.fromEntries(Object.entries(STAGES).map(([key, s]) => [s.code, key]));

/**
 * The back office's JSON for orders, for scripts and later islands: the list (the page's filter and
 * paging), one order, and the same actions as the page's forms. Errors are problem+json with a
 * message per field (server/admin/errors.ts); money is in minor units with its currency.
 */
export function ordersApi(shops: () => ShopContext[]) {
  const app = new Hono<AdminEnv>();

  app.get(API_PATH, (c) => {
    const { filter, errors } = filterOf(c);
    if (Object.keys(errors).length) throw new ValidationError(errors);
    const page = orderPage(c.get('deps').db, filter, shopIdsOf(shops()));
    const codes = new Map(shops().map((s) => [s.id, s.code]));
    return c.json({
      total: page.total,
      page: page.page,
      pages: page.pages,
      orders: page.rows.map((r) => ({
        number: r.number,
        shop: codes.get(r.shopId),
        createdAt: new Date(r.createdAt).toISOString(),
        customer: { name: `${r.firstName} ${r.lastName}`, company: r.companyName, email: r.email, phone: r.contact },
        total: { amount: r.total, currency: r.currency },
        stage: STAGE_KEY[r.stage],
        payment: r.paymentName,
      })),
    });
  });

  const find = (c: Context<AdminEnv>) => {
    const detail = orderDetail(c.get('deps').db, shops(), c.req.param('number') ?? '');
    if (!detail) throw new NotFoundError();
    return detail;
  };

  app.get(`${API_PATH}/:number{[0-9]{10}}`, (c) => {
    const d = find(c);
    return c.json({ ...d.view, shop: d.shop.code, stage: STAGE_KEY[d.stage], paidAt: d.paidAt, payments: d.payments, claims: d.claims, creditNote: d.creditNote });
  });

  app.post(`${API_PATH}/:number{[0-9]{10}}/:action`, async (c) => {
    const action = c.req.param('action');
    if (!isOrderAction(action)) throw new NotFoundError();
    const detail = find(c);
    const body = await readBody(c);
    const checked = action === 'odoslana' ? checkForm(sentSchema, body, c.get('i18n')) : null;
    if (checked && !checked.ok) throw new ValidationError(checked.errors);
    const tracking = checked?.ok ? checked.data.tracking : undefined;
    const { db, clock } = c.get('deps');
    if (!runOrderAction(db, actorOf(c), clock.now(), { id: detail.id, number: detail.view.document_number }, action, { tracking })) {
      throw new ProblemError(409, ORDER_ACTIONS[action].refused);
    }
    const after = find(c);
    return c.json({ number: after.view.document_number, stage: STAGE_KEY[after.stage], invoices: after.view.invoices, creditNote: after.creditNote });
  });

  return app;
}
