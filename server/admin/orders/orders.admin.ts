import { Hono, type Context } from 'hono';
import type { ShopContext } from '../../http/env';
import type { AdminEnv } from '../env';
import { checkForm } from '../form';
import type { AdminRender } from '../render';
import { EMPTY_FILTER, filterQuery, orderFilterSchema, type OrderFilter } from './order-list.schemas';
import { orderPage, type OrderPage } from './order-list.service';
import { QUEUES, STAGE_LABEL, STAGES } from './order-stage';
import { ordersCsv } from './orders-csv';

export const ORDERS_PATH = '/admin/objednavky';

/** The filter of a request's query: valid, or the values as typed with a message per field. */
export function filterOf(c: Context<AdminEnv>): { filter: OrderFilter; errors: Record<string, string> } {
  const checked = checkForm(orderFilterSchema, c.req.query(), c.get('i18n'));
  return checked.ok ? { filter: checked.data, errors: {} } : { filter: EMPTY_FILTER, errors: checked.errors };
}

export const shopIdsOf = (shops: ShopContext[]) => Object.fromEntries(shops.map((s) => [s.code, s.id]));

/**
 * /admin/objednavky: a GET form (text, status or queue, shop, date range) over a table paged on the
 * server, and the same filter as CSV for accounting (/admin/objednavky/export). A wrong filter shows
 * the form with its messages and no list (400).
 */
export function ordersAdmin(render: AdminRender, shops: () => ShopContext[]) {
  const app = new Hono<AdminEnv>();

  app.get(ORDERS_PATH, (c) => {
    const { db } = c.get('deps');
    const i18n = c.get('i18n');
    const { filter, errors } = filterOf(c);
    const failed = Object.keys(errors).length > 0;
    const list: OrderPage | null = failed ? null : orderPage(db, filter, shopIdsOf(shops()));
    const values = failed ? { ...EMPTY_FILTER, ...c.req.query() } : filter;
    return render(
      c,
      'orders',
      {
        values,
        errors,
        list,
        shops: Object.fromEntries(shops().map((s) => [s.id, s])),
        shopOptions: [['', i18n._('Oba obchody')], ...shops().map((s) => [s.code, s.name])],
        stageOptions: [
          ['', i18n._('Všetky')],
          ...Object.entries(STAGES).map(([key, s]) => [key, i18n._(s.label)]),
          ...Object.entries(QUEUES).map(([key, q]) => [key, i18n._(q.label)]),
        ],
        pageLink: (page: number) => `${ORDERS_PATH}${filterQuery(filter, page)}`,
        stageLabel: (stage: number) => STAGE_LABEL[stage] ?? '',
        exportLink: `${ORDERS_PATH}/export${filterQuery(filter)}`,
      },
      { title: i18n._('Objednávky'), status: failed ? 400 : 200 },
    );
  });

  app.get(`${ORDERS_PATH}/export`, (c) => {
    const { filter, errors } = filterOf(c);
    if (Object.keys(errors).length) return c.redirect(`${ORDERS_PATH}?${new URL(c.req.url).searchParams}`, 303);
    const name = `objednavky-${c.get('deps').clock.now().toISOString().slice(0, 10)}.csv`;
    return c.body(ordersCsv(c.get('deps').db, filter, shops(), c.get('i18n')), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}"`,
    });
  });

  return app;
}
