import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/env';
import type { Render } from '../render/renderer';
import { ProblemError } from '../http/problem';
import { requireUser } from '../accounts/roles';
import { attrJson } from '../render/json';
import { buyPointItem, HISTORY_PAGE_SIZES, pointBalance, pointHistory, pointItemsFor } from './points.service';
import { historyQuerySchema, POINT_TYPE_LABELS } from './points.schemas';
import { formatDateTime } from './format';
import { pathId } from './points.api';

export const POINTS_PATH = '/moje/body';

/** /moje/body: balance, history (10/20/50 per page) and reward cards; the claim is a plain form. */
export function pointsPages(render: Render) {
  const app = new Hono<AppEnv>();
  app.use(POINTS_PATH, requireUser);
  app.use(`${POINTS_PATH}/*`, requireUser);

  app.get(POINTS_PATH, (c) => pointsPage(c, render));

  app.post(`${POINTS_PATH}/ziskaj/:id`, (c) => {
    const id = pathId(c, 'id');
    try {
      buyPointItem(c.get('deps').db, c.get('session').userId!, id, c.get('deps').clock.now());
    } catch (error) {
      if (!(error instanceof ProblemError)) throw error;
      return c.redirect(`${POINTS_PATH}?vysledok=chyba`, 303);
    }
    return c.redirect(`${POINTS_PATH}?vysledok=ok`, 303);
  });

  return app;
}

function pointsPage(c: Context<AppEnv>, render: Render) {
  const db = c.get('deps').db;
  const userId = c.get('session').userId!;
  const i18n = c.get('i18n');
  const q = historyQuerySchema.parse(c.req.query());
  const history = pointHistory(db, userId, q.page, q.size, c.get('locale'));
  const pages = Math.max(1, Math.ceil(history.total / q.size));
  const rows = history.items.map((e) => ({
    ...e,
    date: formatDateTime(e.created_at),
    label: i18n._(POINT_TYPE_LABELS[e.item_type] ?? e.item_type),
  }));
  const rewards = pointItemsFor(db, userId, c.get('locale'))
    .filter((i) => i.kind === 'reward')
    .map((i) => ({ id: i.id, name: i.name, image: i.image, price: i.price, disabled: !i.available }));
  const result = c.req.query('vysledok');
  return render(
    c,
    'pages/account/points',
    {
      balance: pointBalance(db, userId),
      rows,
      page: Math.min(q.page, pages),
      pages,
      size: q.size,
      sizes: HISTORY_PAGE_SIZES,
      total: history.total,
      rewards,
      rewardsJson: attrJson(rewards),
      historyJson: attrJson({ items: history.items, total: history.total, page: Math.min(q.page, pages), size: q.size }),
      result: result === 'ok' ? 'ok' : result === 'chyba' ? 'error' : null,
    },
    { title: i18n._('Body'), noStore: true },
  );
}
