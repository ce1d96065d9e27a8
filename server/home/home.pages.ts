import { Hono } from 'hono';
import type { AppEnv } from '../http/env';
import type { Render } from '../render/renderer';
import { homeView } from './home.service';
import { bannerSlot } from '../content/banner.service';
import { freeShippingFrom, shopOptions } from '../cart/shipping.service';

export function homePages(render: Render) {
  const app = new Hono<AppEnv>();
  app.get('/', (c) => {
    const wholesale = c.get('session').roles.includes('ROLE_WHOLESALE');
    const view = homeView(c.get('deps').db, c.get('shop').id, wholesale);
    const freeFrom = freeShippingFrom(shopOptions(c.get('deps').db, c.get('shop').id, c.get('shop').country));
    return render(c, 'pages/home/home', { ...view, ...bannerSlot(c.get('deps').db, c.get('shop').id), freeFrom }, {
      title: c.get('shop').name,
      description: c.get('i18n')._('Online obchod s doručením po Slovensku a Česku. Nakupujte bez registrácie.'),
    });
  });
  return app;
}
