import { Hono } from 'hono';
import type { AppEnv } from '../http/env';
import type { Renderer } from '../render/renderer';
import { homeView } from './home.service';
import { catalogueLang } from '../catalog/catalogue-texts';
import { bannerSlot } from '../content/banner.service';
import { freeShippingFrom, shopOptions } from '../cart/shipping.service';
import { catalogAt, shopMenu } from '../catalog/catalog-views';
import { voteJson } from '../votes/votes.api';
import { newestActiveVote } from '../votes/votes.service';

const HOME = '/';

/**
 * The home page (decision 213): newest products, banners, guides and the free-shipping threshold,
 * the same for every shopper of one shop, locale and price role. Anonymous visitors share it
 * through HTTP caches (every catalogue change, banners and shipping included, moves its validator).
 */
export function homePages(render: Renderer) {
  const app = new Hono<AppEnv>();
  app.get(HOME, (c) => {
    const db = c.get('deps').db;
    const shop = c.get('shop');
    const view = {
      ...homeView(db, shop.id, c.get('session').roles.includes('ROLE_WHOLESALE'), catalogueLang(c)),
      ...bannerSlot(db, shop.id),
      freeFrom: freeShippingFrom(shopOptions(db, shop.id, shop.country, c.get('catalogVersion'))),
      menu: shopMenu(catalogAt(c)),
      // Polls follow the catalogue version too (their triggers), so the shared page moves with each confirmed vote.
      poll: ((v) => (v ? voteJson(v) : null))(newestActiveVote(db)),
    };
    const meta = { title: shop.name, description: c.get('i18n')._('Online obchod s doručením po Slovensku a Česku. Nakupujte bez registrácie.') };
    return render(c, 'pages/home/home', view, { ...meta, canonicalPath: HOME, shared: true });
  });
  return app;
}
