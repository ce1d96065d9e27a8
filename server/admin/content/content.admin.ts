import { Hono } from 'hono';
import { loadAssets } from '../../render/assets';
import { createRenderer } from '../../render/renderer';
import type { AdminDeps } from '../admin.app';
import type { AdminEnv } from '../env';
import type { AdminRender } from '../render';
import { guidesAdmin } from './guides.admin';
import { contentImages } from './images';
import { pagesAdmin } from './pages.admin';
import { bannersAdmin } from './banners.admin';
import { overlaysAdmin } from './overlays.admin';

/**
 * The content section (guides, static pages, banners, overlay messages), mounted by the back office
 * with one line. Previews draw with a renderer of the shop's own (same templates, layout and assets).
 */
export function contentAdmin(render: AdminRender, deps: AdminDeps) {
  const app = new Hono<AdminEnv>();
  const { config } = deps;
  const shopRender = createRenderer({ root: config.root, production: config.production, assets: loadAssets(config.root), httpCache: config.httpCache });
  app.route('/', contentImages(config.uploadsDir) as unknown as Hono<AdminEnv>);
  app.route('/', guidesAdmin(render, shopRender, config.uploadsDir));
  app.route('/', pagesAdmin(render, shopRender, () => Object.values(deps.shops)));
  app.route('/', bannersAdmin(render, () => Object.values(deps.shops), config.uploadsDir));
  app.route('/', overlaysAdmin(render, () => Object.values(deps.shops)));
  return app;
}
