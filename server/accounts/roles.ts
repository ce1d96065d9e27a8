import { Hono, type Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Role } from '../db/schema';
import type { AppEnv } from '../http/env';
import { ProblemError } from '../http/problem';
import { localPath } from '../http/redirect';
import { msg } from '../i18n/msg';
import { ROUTES } from '../render/routes';

const isApi = (c: Context<AppEnv>) => c.req.path.startsWith('/api/');

export const SIGN_IN_REQUIRED = msg('Pre túto akciu sa musíte prihlásiť.');
export const FORBIDDEN = msg('Na túto stránku nemáte prístup.');

/** `/moje/prihlasenie?r=<where the visitor was going>`; only GET targets make sense to return to. */
export function signInRedirect(c: Context<AppEnv>, target?: string): Response {
  const back = target ?? (c.req.method === 'GET' ? c.req.path + (new URL(c.req.url).search || '') : '/moje/konto');
  return c.redirect(`${ROUTES.signIn}?r=${encodeURIComponent(localPath(back, '/moje/konto'))}`, 303);
}

/** Anonymous: pages go to sign-in (and come back), the API answers 401. Runs before any handler. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (c.get('session').userId === null) {
    if (isApi(c)) throw new ProblemError(401, SIGN_IN_REQUIRED);
    return signInRedirect(c);
  }
  await next();
});

/** Signed in without the role: 403 (page or problem), whatever the menu showed. */
export function requireRole(role: Role) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.get('session').userId === null) {
      if (isApi(c)) throw new ProblemError(401, SIGN_IN_REQUIRED);
      return signInRedirect(c);
    }
    if (!c.get('session').roles.includes(role)) throw new ProblemError(403, FORBIDDEN);
    await next();
  });
}

/** The account area's extra pages and the role each needs (spec 2, 6). */
export const ROLE_PAGES: { path: string; role: Role }[] = [
  { path: '/moje/produkty', role: 'ROLE_SELLER' },
  { path: '/moje/predaje', role: 'ROLE_SELLER' },
  { path: '/moje/udaje-obchodu', role: 'ROLE_SELLER' },
  { path: '/moje/influencer-kupony', role: 'ROLE_INFLUENCER' },
  { path: '/moje/raketak', role: 'ROLE_STORY' },
];

/** Pages of any signed-in user that later work fills (orders, invoices); /moje/body and /moje/kupony exist (server/points, server/vouchers). */
export const LATER_USER_PAGES = ['/moje/objednavky', '/moje/faktury'];

/** The public doors of /moje/*: everything else under it needs a signed-in user. */
const PUBLIC_ACCOUNT_PATHS = new Set([ROUTES.signIn, ROUTES.signOut]);

/**
 * Guards mounted before every account route, including the ones other work adds later: a route
 * added under /moje/ or /api/consumer/ is protected without remembering to. Where no handler
 * answers yet, the guard still runs first and the request ends in 404.
 */
export function accountGuards() {
  const app = new Hono<AppEnv>();
  const guard = createMiddleware<AppEnv>(async (c, next) => {
    const path = c.req.path.replace(/\/+$/, '') || '/';
    if (PUBLIC_ACCOUNT_PATHS.has(path as never)) return next();
    const rolePage = ROLE_PAGES.find((p) => path === p.path || path.startsWith(`${p.path}/`));
    if (rolePage) return requireRole(rolePage.role)(c, next);
    return requireUser(c, next);
  });
  app.use('/moje/*', guard);
  app.use('/api/consumer/*', requireUser);
  return app;
}
