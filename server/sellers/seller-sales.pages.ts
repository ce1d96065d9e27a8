import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { requireRole } from '../accounts/roles';
import { amount, csvLine, CSV_BOM } from '../admin/orders/csv';
import { STAGE_LABEL } from '../admin/orders/order-stage';
import { shopDateTime } from '../admin/shop-days';
import type { AppEnv } from '../http/env';
import { formatDate } from '../points/format';
import { formatMoney } from '../render/format';
import type { Render } from '../render/renderer';
import { sellerOf } from './seller-account.http';
import { allSellerSales, MONTH, sellerSales, sellerSalesMonths, sellerSalesTotals, type SalesFilter } from './seller-sales.service';

export const SALES_PATH = '/moje/predaje';
export const SALES_CSV_PATH = '/moje/predaje.csv';

/** The page's one query schema: an unknown month is every month, a bad page the first. */
const salesQuery = z.object({
  mesiac: z.string().regex(MONTH).optional().catch(undefined),
  strana: z.coerce.number().int().min(1).max(100_000).catch(1),
});

const CANCELLED = 9;

function filterOf(c: Context<AppEnv>) {
  const q = salesQuery.parse({ mesiac: c.req.query('mesiac'), strana: c.req.query('strana') ?? 1 });
  const filter: SalesFilter = { sellerId: sellerOf(c).id, month: q.mesiac ?? null };
  return { filter, page: q.strana };
}

/**
 * Predaje (issue 21, docs/decisions/247): the seller's own sold lines with a month filter (a plain
 * GET form), totals per currency without cancelled orders, 50 lines a page and the same lines as CSV.
 */
export function sellerSalesPages(render: Render) {
  const app = new Hono<AppEnv>();
  app.use(SALES_PATH, requireRole('ROLE_SELLER'));
  app.use(SALES_CSV_PATH, requireRole('ROLE_SELLER'));

  app.get(SALES_PATH, (c) => {
    const { filter, page } = filterOf(c);
    const { db } = c.get('deps');
    const i18n = c.get('i18n');
    const locale = c.get('locale');
    const sales = sellerSales(db, filter, page);
    const query = (p: number) => {
      const params = new URLSearchParams();
      if (filter.month) params.set('mesiac', filter.month);
      if (p > 1) params.set('strana', String(p));
      const s = params.toString();
      return s ? `${SALES_PATH}?${s}` : SALES_PATH;
    };
    const csv = filter.month ? `${SALES_CSV_PATH}?mesiac=${filter.month}` : SALES_CSV_PATH;
    return render(
      c,
      'pages/sellers/account-sales',
      {
        months: sellerSalesMonths(db, filter.sellerId),
        month: filter.month,
        lines: sales.rows.map((l) => ({
          date: formatDate(l.createdAt),
          number: l.number,
          product: l.product,
          quantity: l.quantity,
          price: formatMoney(l.lineTotal, l.currency, locale),
          status: i18n._(STAGE_LABEL[l.stage] ?? ''),
          cancelled: l.stage === CANCELLED,
          country: l.country.toUpperCase(),
          carrier: i18n._(l.carrier),
        })),
        totals: sellerSalesTotals(db, filter).map((t) => ({ quantity: t.quantity, amount: formatMoney(t.amount, t.currency, locale) })),
        count: sales.total,
        page: sales.page,
        pages: sales.pages,
        prevUrl: sales.page > 1 ? query(sales.page - 1) : null,
        nextUrl: sales.page < sales.pages ? query(sales.page + 1) : null,
        csvUrl: csv,
      },
      { title: i18n._('Predaje'), noStore: true },
    );
  });

  app.get(SALES_CSV_PATH, (c) => {
    const { filter } = filterOf(c);
    const i18n = c.get('i18n');
    const head = csvLine([
      i18n._('Dátum'), i18n._('Číslo objednávky'), i18n._('Produkt'), i18n._('Množstvo'), i18n._('Cena'), i18n._('Mena'),
      i18n._('Stav'), i18n._('Krajina doručenia'), i18n._('Dopravca'),
    ]);
    const body = allSellerSales(c.get('deps').db, filter)
      .map((l) => csvLine([shopDateTime(l.createdAt), l.number, l.product, l.quantity, amount(l.lineTotal), l.currency, i18n._(STAGE_LABEL[l.stage] ?? ''), l.country.toUpperCase(), i18n._(l.carrier)]))
      .join('');
    const name = filter.month ? `predaje-${filter.month}.csv` : 'predaje.csv';
    return c.body(CSV_BOM + head + body, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'no-store',
    });
  });
  return app;
}
