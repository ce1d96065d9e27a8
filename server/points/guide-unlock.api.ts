import { Hono } from 'hono';
import type { AppEnv } from '../http/env';
import { requireUser } from '../accounts/roles';
import { pathId } from './points.api';
import { pointBalance } from './points.service';
import { unlockGuide } from './guide-unlock.service';

export const GUIDE_UNLOCK_API = '/api/consumer/blog/:id/unlock';

/** Where a guide lands after it is obtained: the Návody tab, scrolled to it (spec 4). */
export function myGuideUrl(blogId: number): string {
  return `/moje/objednavky#blog:${blogId}`;
}

/**
 * POST /api/consumer/blog/{id}/unlock: obtains a points or free guide for the signed-in user
 * (behind accountGuards, CSRF like every POST). 200 with what happened; 404 unknown guide; 409 too
 * few points ("Nedostatok bodov - …") or a guide that is only sold. A second call charges nothing.
 */
export function guideUnlockApi() {
  const app = new Hono<AppEnv>();
  app.use(GUIDE_UNLOCK_API, requireUser);
  app.post(GUIDE_UNLOCK_API, (c) => {
    c.header('Cache-Control', 'no-store');
    const userId = c.get('session').userId!;
    const result = unlockGuide(c.get('deps').db, { userId, blogId: pathId(c, 'id'), now: c.get('deps').clock.now() });
    return c.json({
      blog_id: result.blogId,
      unlocked: result.unlocked,
      via: result.via,
      spent: result.spent,
      balance: pointBalance(c.get('deps').db, userId),
      redirect: myGuideUrl(result.blogId),
    });
  });
  return app;
}
