import { createMiddleware } from 'hono/factory';
import { ProblemError } from '../http/problem';
import { msg } from '../i18n/msg';
import type { AdminEnv } from './env';
import { ADMIN_API, mayOpen, sectionOf } from './sections';

export const STAFF_SIGN_IN = '/admin/prihlasenie';
export const STAFF_SIGN_IN_REQUIRED = msg('Prihláste sa do administrácie.');
export const STAFF_FORBIDDEN = msg('Na túto časť administrácie nemáte prístup.');

export const isAdminApi = (path: string) => path === ADMIN_API || path.startsWith(`${ADMIN_API}/`);

/**
 * Runs before every route under /admin, including ones added later: the path's section
 * (server/admin/sections.ts) says who may open it. Nobody signed in to the back office (a shopper,
 * a seller, a visitor, or a staff member who has not entered the second factor yet): a page goes to
 * the sign-in and comes back, anything else answers 401. Signed in without the role: 403.
 */
export function staffGuard() {
  return createMiddleware<AdminEnv>(async (c, next) => {
    const section = sectionOf(c.req.path);
    if (section.roles === 'public') return next();
    const staff = c.get('staff');
    if (!staff?.verified) {
      if (c.req.method === 'GET' && !isAdminApi(c.req.path)) {
        const back = c.req.path + (new URL(c.req.url).search || '');
        return c.redirect(`${STAFF_SIGN_IN}?r=${encodeURIComponent(back)}`, 303);
      }
      throw new ProblemError(401, STAFF_SIGN_IN_REQUIRED);
    }
    if (!mayOpen(staff.role, section)) throw new ProblemError(403, STAFF_FORBIDDEN);
    await next();
  });
}
