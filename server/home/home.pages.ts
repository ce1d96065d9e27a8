import { Hono } from 'hono';
import type { AppEnv } from '../http/env';
import type { AnonymousPages } from '../http/page-cache';
import type { Renderer } from '../render/renderer';
import { homeView } from './home.service';
import { bannerSlot } from '../content/banner.service';
import { freeShippingFrom, shopOptions } from '../cart/shipping.service';

const HOME = '/';

/**
 * The home page. Visitors who are not signed in and hold nothing in their session share one page
 * per shop, locale and consent state (decision 203): dropped by any catalogue change, and at most
 * PAGE_TTL_MS old, so banners, guides and the free-shipping threshold, which change without a
 * catalogue write, show at most a minute late.
 */
export function homePages(render: Renderer, shared: AnonymousPages) {
  const app = new Hono<AppEnv>();
  app.get(HOME, (c) => {
    const db = c.get('deps').db;
    const shop = c.get('shop');
    const wholesale = c.get('session').roles.includes('ROLE_WHOLESALE');
    const view = { ...homeView(db, shop.id, wholesale), ...bannerSlot(db, shop.id), freeFrom: freeShippingFrom(shopOptions(db, shop.id, shop.country)) };
    const meta = { title: shop.name, description: c.get('i18n')._('Online obchod s doručením po Slovensku a Česku. Nakupujte bez registrácie.') };
    if (shared.applies(c, HOME)) return shared.keep(c, HOME, render.anonymousPage(c, 'pages/home/home', view, meta), render.sendPage);
    return render(c, 'pages/home/home', view, meta);
  });
  return app;
}
