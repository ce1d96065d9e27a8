import { requestHeader } from '../http/request-header';
import { timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/env';
import { CSRF_HEADER } from '../http/csrf';
import { NotFoundError, ProblemError } from '../http/problem';
import { msg } from '../i18n/msg';
import { requireUser } from '../accounts/roles';
import { buyPointItem, pointBalance, pointHistory, pointItem, pointItemsFor } from './points.service';
import { historyQuerySchema, idParamSchema } from './points.schemas';

export function pathId(c: Context<AppEnv>, name: string): number {
  const parsed = idParamSchema.safeParse(c.req.param(name));
  if (!parsed.success) throw new NotFoundError();
  return parsed.data;
}

/**
 * The spec makes the reward claim a GET. It spends points, so it must not be triggerable by a link,
 * an <img> or a prefetch on another site: the global CSRF check covers only unsafe methods, so this
 * route demands the same `x-csrf-token` header itself (docs/decisions/090).
 */
function requireCsrfHeader(c: Context<AppEnv>): void {
  const sent = Buffer.from(requestHeader(c, CSRF_HEADER) ?? '');
  const expected = Buffer.from(c.get('csrfToken'));
  if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) throw new ProblemError(403, msg('Neplatný bezpečnostný token. Obnovte stránku a skúste to znova.'));
}

/** /api/consumer/point/*: behind accountGuards (401 when anonymous) and requireUser here too. */
export function pointsApi() {
  const app = new Hono<AppEnv>();
  app.use('/api/consumer/point/*', requireUser);
  app.use('/api/consumer/point/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  const user = (c: Context<AppEnv>) => c.get('session').userId!;

  app.get('/api/consumer/point/count', (c) => c.json({ count: pointBalance(c.get('deps').db, user(c)) }));

  app.get('/api/consumer/point/history', (c) => {
    const q = historyQuerySchema.parse(c.req.query());
    return c.json(pointHistory(c.get('deps').db, user(c), q.page, q.size, c.get('locale')));
  });

  app.get('/api/consumer/point/items', (c) =>
    c.json({
      items: pointItemsFor(c.get('deps').db, user(c), c.get('locale')).map((i) => ({ id: i.id, name: i.name, image: i.image, price: i.price, kind: i.kind, disabled: !i.available })),
    }),
  );

  app.get('/api/consumer/point/item/:id', (c) => {
    const item = pointItem(c.get('deps').db, pathId(c, 'id'), c.get('locale'));
    if (!item) throw new NotFoundError(msg('Táto výhoda neexistuje'));
    const mine = pointItemsFor(c.get('deps').db, user(c), c.get('locale')).find((i) => i.id === item.id);
    return c.json({ id: item.id, name: item.name, image: item.image, price: item.price, kind: item.kind, disabled: !mine?.available });
  });

  app.get('/api/consumer/point/:pointItemId/buy', (c) => {
    requireCsrfHeader(c);
    const id = pathId(c, 'pointItemId');
    const bought = buyPointItem(c.get('deps').db, user(c), id, c.get('deps').clock.now());
    return c.json({ id: bought.entryId, balance: pointBalance(c.get('deps').db, user(c)) });
  });

  return app;
}
