import { Hono } from 'hono';
import type { AppEnv } from '../http/env';
import type { Renderer } from '../render/renderer';
import { homeView } from './home.service';
import { catalogueLang } from '../catalog/catalogue-texts';
import { BANNER_TEXT_FIELDS, bannerSlot } from '../content/banner.service';
import { fillFreeShippingLimit, freeShippingLimit } from '../cart/free-shipping';
import { catalogAt, shopMenu } from '../catalog/catalog-views';
import { voteJson } from '../votes/votes.api';
import { newestActiveVote } from '../votes/votes.service';
import { storyStrip } from '../stories/stories.service';

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
      // Banner texts may state the free-shipping limit; it and the hero read the one limit.
      ...bannerSlot(db, shop.id, (list) => fillFreeShippingLimit(c, list, BANNER_TEXT_FIELDS), c.get('locale')),
      freeFrom: freeShippingLimit(c),
      menu: shopMenu(catalogAt(c)),
      // Polls follow the catalogue version too (their triggers), so the shared page moves with each confirmed vote.
      poll: ((v) => (v ? voteJson(v) : null))(newestActiveVote(db)),
      // Approved stories (Rakeťák): their trigger moves the catalogue version too (migration of stories).
      stories: storyStrip(db),
    };
    const meta = { title: shop.name, description: c.get('i18n')._('Online obchod s doručením po Slovensku a Česku. Nakupujte bez registrácie.') };
    return render(c, 'pages/home/home', view, { ...meta, canonicalPath: HOME, shared: true });
  });
  return app;
}
