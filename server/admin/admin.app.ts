import type { I18n } from '@lingui/core';
import { Hono } from 'hono';
import type { Config, ShopCode } from '../config';
import type { Clock, ShopContext } from '../http/env';
import { NotFoundError } from '../http/problem';
import type { Locale } from '../i18n/locales';
import { invitationPages } from '../staff/invitation.pages';
import { signInPages } from '../staff/sign-in.pages';
import { createStaffLimits } from '../staff/staff-limits';
import { staffSession } from '../staff/staff-session';
import { dashboardAdmin } from './dashboard/dashboard.admin';
import type { AdminEnv } from './env';
import { adminErrors } from './errors';
import { staffGuard } from './guard';
import { orderAdmin } from './orders/order.admin';
import { ordersAdmin } from './orders/orders.admin';
import { ordersApi } from './orders/orders.api';
import { createAdminRenderer } from './render';
import { staffAdmin } from './staff/staff.admin';
import { accountAdmin } from './account/account.admin';
import { auditAdmin } from './audit/audit.admin';
import { settingsAdmin } from './settings/settings.admin';
import { supplierAdmin } from './settings/supplier.admin';
import { ADMIN_ROOT } from './sections';
import { approvalsAdmin } from './people/approvals.admin';
import { customersAdmin } from './people/customers.admin';
import { storiesAdmin } from './stories/stories.admin';
import { messagesAdmin } from './messages/messages.admin';
import { vouchersAdmin } from './selling/vouchers.admin';
import { sellingRulesAdmin } from './selling/selling-rules.admin';
import { contentAdmin } from './content/content.admin';
import { catalogueCsvAdmin } from './catalogue-csv/catalogue-csv.admin';
import { catalogueAdmin } from './catalogue/catalogue.admin';
import type { StreamLive } from '../streams/stream-live';
import { streamsAdmin } from './streams/streams.admin';

export interface AdminDeps {
  /** What the shop runs with (stored host names and origins applied). */
  config: Config;
  /** The environment's configuration alone: what a setting falls back to when cleared. */
  envConfig: Config;
  clock: Clock;
  shops: Record<ShopCode, ShopContext>;
  translators: Record<Locale, I18n>;
  /** The stream pages' realtime (a message hidden in the back office leaves the open pages at once). */
  streamLive?: StreamLive;
}

/**
 * The back office (docs/decisions/220): every route under /admin, behind the staff session and the
 * section guard, which run first for every path there, including routes added later. Each section is
 * a sub-app of its own (the pattern later phases copy: `<section>.admin.ts` with thin handlers,
 * services that take `db`, writes through `audited`). Mounted by createApp with one line.
 */
export function adminApp(deps: AdminDeps): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();
  let pages: ReadonlySet<string> = new Set();
  const render = createAdminRenderer({ root: deps.config.root, production: deps.config.production, pages: () => pages });
  const shops = () => Object.values(deps.shops);

  app.use(`${ADMIN_ROOT}/*`, staffSession(), staffGuard());
  app.route('/', signInPages(render, createStaffLimits(deps.clock)));
  app.route('/', invitationPages(render));
  app.route('/', dashboardAdmin(render, shops, () => pages));
  app.route('/', ordersAdmin(render, shops));
  app.route('/', orderAdmin(render, shops, deps.translators));
  app.route('/', ordersApi(shops));
  app.route('/', staffAdmin(render));
  app.route('/', accountAdmin(render));
  app.route('/', auditAdmin(render));
  app.route('/', settingsAdmin(render, deps.envConfig));
  app.route('/', supplierAdmin(render, shops));
  app.route('/', approvalsAdmin(render));
  app.route('/', customersAdmin(render));
  app.route('/', storiesAdmin(render));
  app.route('/', messagesAdmin(render));
  app.route('/', vouchersAdmin(render));
  app.route('/', sellingRulesAdmin(render));
  app.route('/', streamsAdmin(render, () => deps.streamLive));
  app.route('/', contentAdmin(render, deps));
  app.route('/', catalogueCsvAdmin(render, shops));
  app.route('/', catalogueAdmin(render, shops, deps.config.uploadsDir));
  // Unknown back-office paths answer in the back office's own layout (after the guard has run).
  app.all(`${ADMIN_ROOT}/*`, () => {
    throw new NotFoundError();
  });
  app.onError(adminErrors(render));
  // The menu links only to sections that have a page (server/admin/sections.ts).
  pages = new Set(app.routes.filter((r) => r.method === 'GET').map((r) => r.path));
  return app;
}
