import { Hono } from 'hono';
import type { ShopContext } from '../../http/env';
import type { AdminEnv } from '../env';
import type { AdminRender } from '../render';
import { attributesAdmin } from './attributes.admin';
import { categoriesAdmin } from './categories.admin';
import { productsAdmin } from './products.admin';

/** The catalogue's sections (issue 20): products with images, categories, filter attributes. Mounted by admin.app.ts in one line. */
export function catalogueAdmin(render: AdminRender, shops: () => ShopContext[], uploadsDir: string) {
  const app = new Hono<AdminEnv>();
  app.route('/', attributesAdmin(render));
  app.route('/', productsAdmin(render, shops, uploadsDir));
  app.route('/', categoriesAdmin(render));
  return app;
}
