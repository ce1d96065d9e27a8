import { requestHeader } from '../http/request-header';
import { Hono } from 'hono';
import type { AppEnv } from '../http/env';
import { NotFoundError, ValidationError } from '../http/problem';
import { msg } from '../i18n/msg';
import { BANNER_TEXT_FIELDS, bannerById, bannerImages, listBanners } from './banner.service';
import { bannerForm, bannerQuery, overlayForm, routePath } from './content.schemas';
import { parseInput, pathId, readQuery } from './input';
import { readBody } from '../http/body';
import { listOverlays, overlayById } from './overlay.service';
import { fillFreeShippingLimit } from '../cart/free-shipping';

const BAD_SIZE = msg('Veľkosť musí byť mobile alebo pc');
export const REFERRER_ROUTE_HEADER = 'X-Referrer-Route';

/** Banners and overlay messages of the current shop (spec 7, "Static posts, banners, overlays"). */
export function contentApi() {
  const app = new Hono<AppEnv>();

  app.get('/api/banner', (c) => {
    const q = parseInput(bannerQuery, readQuery(c), { size: BAD_SIZE });
    return c.json(fillFreeShippingLimit(c, listBanners(c.get('deps').db, c.get('shop').id, c.get('deps').clock.now().getTime(), q.size, c.get('locale')), BANNER_TEXT_FIELDS));
  });

  app.post('/api/banner', async (c) => {
    const form = parseInput(bannerForm, await readBody(c, { all: true }), { size: BAD_SIZE });
    const list = listBanners(c.get('deps').db, c.get('shop').id, c.get('deps').clock.now().getTime(), form.size, c.get('locale'));
    const ids = form.banner_ids ? new Set(form.banner_ids) : null;
    return c.json(fillFreeShippingLimit(c, ids ? list.filter((b) => ids.has(b.id)) : list, BANNER_TEXT_FIELDS));
  });

  app.get('/api/banner/:id', (c) => {
    const banner = bannerById(c.get('deps').db, c.get('shop').id, pathId(c.req.param('id')), c.get('deps').clock.now().getTime(), c.get('locale'));
    if (!banner) throw new NotFoundError(msg('Banner neexistuje'));
    return c.json(fillFreeShippingLimit(c, [banner], BANNER_TEXT_FIELDS)[0]);
  });

  app.get('/api/banner/:id/images', (c) => {
    const images = bannerImages(c.get('deps').db, c.get('shop').id, pathId(c.req.param('id')), c.get('deps').clock.now().getTime(), c.get('locale'));
    if (!images) throw new NotFoundError(msg('Banner neexistuje'));
    return c.json(fillFreeShippingLimit(c, images, 'alt'));
  });

  // Overlays depend on the page that asks: the widget names it in X-Referrer-Route.
  app.get('/api/overlay', (c) => {
    const raw = requestHeader(c, REFERRER_ROUTE_HEADER) ?? '/';
    const route = routePath.safeParse(raw);
    if (!route.success) throw new ValidationError({ [REFERRER_ROUTE_HEADER]: msg('Neplatná cesta stránky') });
    c.header('Vary', REFERRER_ROUTE_HEADER);
    return c.json(fillFreeShippingLimit(c, listOverlays(c.get('deps').db, c.get('shop').id, c.get('locale'), { route: route.data.split('?')[0].split('#')[0] }), 'text'));
  });

  app.post('/api/overlay', async (c) => {
    const form = parseInput(overlayForm, await readBody(c, { all: true }), { route: msg('Neplatná cesta stránky') });
    return c.json(fillFreeShippingLimit(c, listOverlays(c.get('deps').db, c.get('shop').id, c.get('locale'), { route: form.route?.split('?')[0], severity: form.severity, targeted: form.targeted }), 'text'));
  });

  app.get('/api/overlay/:id', (c) => {
    const message = overlayById(c.get('deps').db, c.get('shop').id, pathId(c.req.param('id')), c.get('locale'));
    if (!message) throw new NotFoundError(msg('Správa neexistuje'));
    return c.json(fillFreeShippingLimit(c, [message], 'text')[0]);
  });

  return app;
}
