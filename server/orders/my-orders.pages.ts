import { catalogueLang } from '../catalog/catalogue-texts';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../http/env';
import { NotFoundError } from '../http/problem';
import { msg } from '../i18n/msg';
import type { Render } from '../render/renderer';
import { requireUser } from '../accounts/roles';
import { formatDate } from '../points/format';
import { myGuides } from '../points/guide-unlock.service';
import { myOrders, ownedInvoice } from './my-orders.service';
import { orderByHash } from './order-view';
import { invoicePdfOf } from './order-documents';
import { documentContext, TRACKING_PATH } from './tracking.pages';
import { listedWithdrawal } from '../withdrawal/withdrawal-links';

export const MY_ORDERS_PATH = '/moje/objednavky';
export const INVOICES_PATH = '/moje/faktury';

const pageParam = z.coerce.number().int().min(1).max(100_000).catch(1);

/** Fixed result keys of the no-JS guide flows (`?vysledok=…`), never text from the URL. */
const RESULTS: Record<string, { text: string; kind: 'success' | 'error' }> = {
  odomknuty: { text: msg('Odomkol si návod'), kind: 'success' },
};

/** /moje/objednavky (tabs Tovary and Návody) and /moje/faktury/{number} (the invoice PDF). */
export function myOrdersPages(render: Render) {
  const app = new Hono<AppEnv>();
  app.use(MY_ORDERS_PATH, requireUser);
  app.use(`${INVOICES_PATH}/*`, requireUser);

  app.get(MY_ORDERS_PATH, (c) => ordersPage(c, render));

  app.get(`${INVOICES_PATH}/:number`, async (c) => {
    c.header('Cache-Control', 'no-store');
    const db = c.get('deps').db;
    const shop = c.get('shop');
    const owned = ownedInvoice(db, { number: c.req.param('number'), userId: c.get('session').userId!, shopId: shop.id });
    const order = owned && orderByHash(db, shop, owned.orderHash);
    // A missing number and another user's number are the same 404: nothing tells them apart.
    if (!owned || !order) throw new NotFoundError();
    const pdf = await invoicePdfOf(documentContext(c), order, { number: owned.number, issuedAt: owned.issuedAt });
    return c.body(new Uint8Array(pdf), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="faktura-${owned.number}.pdf"`,
      'Cache-Control': 'no-store',
    });
  });

  return app;
}

function ordersPage(c: Context<AppEnv>, render: Render) {
  const db = c.get('deps').db;
  const i18n = c.get('i18n');
  const userId = c.get('session').userId!;
  const orders = myOrders(db, { userId, shopId: c.get('shop').id, page: pageParam.parse(c.req.query('strana')) });
  const guides = myGuides(db, { userId, page: pageParam.parse(c.req.query('navody')), lang: catalogueLang(c) });
  const statusLabel = (o: { status: number; cancelledAt: number | null }) =>
    o.cancelledAt !== null ? i18n._('Zrušená') : o.status >= 3 ? i18n._('Doručená') : o.status === 2 ? i18n._('Odoslaná') : i18n._('Prijatá');
  const result = RESULTS[c.req.query('vysledok') ?? ''];
  return render(
    c,
    'pages/account/orders',
    {
      // The Návody tab is open from the server when its pager was used or a result concerns a guide.
      tab: c.req.query('navody') || result ? 'navody' : 'tovary',
      result: result ? { kind: result.kind, title: i18n._('Potvrdenie'), text: i18n._(result.text) } : null,
      orders: {
        ...orders,
        items: orders.items.map((o) => ({
          ...o,
          date: formatDate(o.createdAt),
          statusLabel: statusLabel(o),
          paid: o.paidAt !== null,
          trackingUrl: `${TRACKING_PATH}/${o.hash}`,
          invoiceUrl: o.invoiceNumber ? `${INVOICES_PATH}/${encodeURIComponent(o.invoiceNumber)}` : null,
          ...listedWithdrawal(c.get('shop').code, o, c.get('deps').clock.now()),
        })),
        prevUrl: orders.page > 1 ? `${MY_ORDERS_PATH}?strana=${orders.page - 1}` : null,
        nextUrl: orders.page < orders.pages ? `${MY_ORDERS_PATH}?strana=${orders.page + 1}` : null,
      },
      guides: {
        ...guides,
        items: guides.items.map((g) => ({ ...g, date: formatDate(g.unlockedAt) })),
        prevUrl: guides.page > 1 ? `${MY_ORDERS_PATH}?navody=${guides.page - 1}#navody` : null,
        nextUrl: guides.page < guides.pages ? `${MY_ORDERS_PATH}?navody=${guides.page + 1}#navody` : null,
      },
    },
    { title: i18n._('Nákupy'), noStore: true },
  );
}
