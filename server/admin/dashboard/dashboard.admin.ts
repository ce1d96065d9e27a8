import { Hono } from 'hono';
import type { AdminEnv } from '../env';
import type { AdminRender } from '../render';
import { ADMIN_ROOT, mayOpen, menuFor, sectionById } from '../sections';
import { salesChart, salesFigures, waiting, type ShopRef } from './dashboard.service';

/**
 * /admin: what a member's role may see of the shop today. Admins: orders and revenue per shop today
 * and this month, the last 30 days as a chart (its data table is the fallback inside the widget's
 * box), and what waits, each linking to its list. Panels follow the section table, so an editor sees
 * none of the figures of orders.
 */
export function dashboardAdmin(render: AdminRender, shops: () => ShopRef[], pages: () => ReadonlySet<string>) {
  const app = new Hono<AdminEnv>();

  app.get(ADMIN_ROOT, (c) => {
    const { db, clock } = c.get('deps');
    const staff = c.get('staff')!;
    const i18n = c.get('i18n');
    const now = clock.now();
    const seesOrders = mayOpen(staff.role, sectionById('orders'));
    const seesApprovals = mayOpen(staff.role, sectionById('approvals'));
    const linkTo = (path: string) => (pages().has(path.split('?')[0]) ? path : null);
    const counts = seesOrders ? waiting(db, now) : null;
    const orders = sectionById('orders').path;
    const queue = counts
      ? [
          { key: 'to-ship', label: i18n._('Objednávky na odoslanie'), count: counts.toShip, href: linkTo(`${orders}?stav=na-odoslanie`) },
          { key: 'to-book', label: i18n._('Platby prevodom na zaúčtovanie'), count: counts.toBook, href: linkTo(`${orders}?stav=na-zauctovanie`) },
          { key: 'claims', label: i18n._('Otvorené reklamácie'), count: counts.openClaims, href: linkTo(`${orders}?stav=reklamacia`) },
          { key: 'withdrawals', label: i18n._('Odstúpenia od zmluvy za posledných 14 dní'), count: counts.withdrawals, href: linkTo(`${orders}?stav=odstupenie`) },
          ...(seesApprovals
            ? [
                { key: 'sign-ups', label: i18n._('Registrácie predajcov a veľkoobchodu na schválenie'), count: counts.signUps, href: linkTo(sectionById('approvals').path) },
                { key: 'seller-products', label: i18n._('Produkty predajcov na schválenie'), count: counts.sellerProducts, href: linkTo(sectionById('approvals').path) },
              ]
            : []),
        ]
      : [];
    const list = shops();
    return render(
      c,
      'dashboard',
      {
        figures: seesOrders ? salesFigures(db, list, now) : null,
        chart: seesOrders ? salesChart(db, list, now) : null,
        queue,
        sections: menuFor(staff.role, pages()).filter((link) => link.path !== ADMIN_ROOT),
      },
      { title: i18n._('Prehľad') },
    );
  });

  return app;
}
