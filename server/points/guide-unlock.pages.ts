import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/env';
import { NotFoundError, ProblemError } from '../http/problem';
import type { Render } from '../render/renderer';
import { requireUser } from '../accounts/roles';
import { guideById } from '../content/blog.service';
import { catalogueLang } from '../catalog/catalogue-texts';
import { pathId } from './points.api';
import { pointBalance } from './points.service';
import { isGuideUnlocked, unlockGuide } from './guide-unlock.service';
import { myGuideUrl } from './guide-unlock.api';

export const GUIDE_OBTAIN_PATH = '/moje/navody/ziskat';

/**
 * Obtaining a guide without JavaScript: GET shows the confirmation (points: the spec's question with
 * "Zrušiť" and the obtain label; free: one button; purchase: how to buy it), POST obtains it and goes
 * to the Návody tab. Under /moje/, so an anonymous visitor signs in first and comes back here.
 */
export function guideUnlockPages(render: Render) {
  const app = new Hono<AppEnv>();
  app.use(`${GUIDE_OBTAIN_PATH}/*`, requireUser);

  const confirmPage = (c: Context<AppEnv>, error: string | null = null, status: 200 | 409 = 200) => {
    const db = c.get('deps').db;
    const guide = guideById(db, pathId(c, 'id'), c.get('deps').config.imageHosts, catalogueLang(c));
    if (!guide) throw new NotFoundError();
    const userId = c.get('session').userId!;
    if (isGuideUnlocked(db, userId, guide.id)) return c.redirect(myGuideUrl(guide.id), 303);
    const subject = c.get('i18n')._('Objednávka návodu: {title}', { title: guide.title });
    return render(
      c,
      'pages/account/guide-confirm',
      {
        guide: { id: guide.id, title: guide.title, url: guide.url, mode: guide.obtain_mode, price: guide.obtain_price ?? 0 },
        balance: pointBalance(db, userId),
        error,
        mailto: `mailto:${c.get('shop').email}?subject=${encodeURIComponent(subject)}`,
      },
      { title: c.get('i18n')._('Potvrdenie'), noStore: true, status },
    );
  };

  app.get(`${GUIDE_OBTAIN_PATH}/:id`, (c) => confirmPage(c));

  app.post(`${GUIDE_OBTAIN_PATH}/:id`, (c) => {
    try {
      const result = unlockGuide(c.get('deps').db, { userId: c.get('session').userId!, blogId: pathId(c, 'id'), now: c.get('deps').clock.now() });
      return c.redirect(`/moje/objednavky?vysledok=odomknuty${myGuideUrl(result.blogId).slice('/moje/objednavky'.length)}`, 303);
    } catch (error) {
      if (error instanceof ProblemError && error.status === 409) return confirmPage(c, c.get('i18n')._(error.detail), 409);
      throw error;
    }
  });

  return app;
}
