import { Hono } from 'hono';
import type { AppEnv } from '../http/env';
import type { Render } from '../render/renderer';
import { homeView } from './home.service';
import { bannerSlot } from '../content/banner.service';
import { freeShippingFrom, shopOptions } from '../cart/shipping.service';

export function homePages(render: Render) {
  const app = new Hono<AppEnv>();
  app.get('/', (c) => {
    const wholesale = c.var.session.roles.includes('ROLE_WHOLESALE');
    const view = homeView(c.var.deps.db, c.var.shop.id, wholesale);
    const freeFrom = freeShippingFrom(shopOptions(c.var.deps.db, c.var.shop.id, c.var.shop.country));
    return render(c, 'pages/home/home', { ...view, ...bannerSlot(c.var.deps.db, c.var.shop.id), freeFrom }, {
      title: c.var.shop.name,
      description: c.var.i18n._('Online obchod s doručením po Slovensku a Česku. Nakupujte bez registrácie.'),
    });
  });
  return app;
}
