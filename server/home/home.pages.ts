import { Hono } from 'hono';
import type { AppEnv } from '../http/env';
import type { Renderer } from '../render/renderer';
import { homeView } from './home.service';
import { catalogueLang } from '../catalog/catalogue-texts';
import { BANNER_TEXT_FIELDS, bannerEdgesPassed, bannerSlot } from '../content/banner.service';
import { fillFreeShippingLimit, freeShippingLimit } from '../cart/free-shipping';
import { catalogAt, shopMenu } from '../catalog/catalog-views';
import { voteJson } from '../votes/votes.api';
import { newestActiveVote } from '../votes/votes.service';
import { storyStrip } from '../stories/stories.service';
import { keptHtml } from '../catalog/card-cache';
import { isWholesale } from '../accounts/wholesale';

const HOME = '/';

/**
 * The home page (decision 213): newest products, banners, guides, the free-shipping threshold, the
 * newest poll and stories, the same for every shopper of one shop, locale and price role. Every
 * part follows the catalogue version (banners, polls, stories and shipping rules move it too) and
 * banners their windows, so its main part is drawn once per version and window edge passed, like a
 * category page's (~1 ms a page drawn each time); anonymous visitors share the whole page through
 * HTTP caches.
 */
export function homePages(render: Renderer) {
  const app = new Hono<AppEnv>();
  app.get(HOME, (c) => {
    const shop = c.get('shop');
    // Banners also come and go with their windows, which move no version: the edges passed are in the key.
    const now = c.get('deps').clock.now().getTime();
    const passed = bannerEdgesPassed(c, now);
    const mainHtml = keptHtml(c, `home-main|${passed}`, () => {
      const db = c.get('deps').db;
      const view = {
        ...homeView(db, shop.id, isWholesale(c), catalogueLang(c)),
        // Banner texts may state the free-shipping limit; it and the hero read the one limit.
        ...bannerSlot(db, shop.id, now, (list) => fillFreeShippingLimit(c, list, BANNER_TEXT_FIELDS), c.get('locale')),
        freeFrom: freeShippingLimit(c),
        menu: shopMenu(catalogAt(c)),
        poll: ((v) => (v ? voteJson(v) : null))(newestActiveVote(db)),
        stories: storyStrip(db),
      };
      return render.fragment(c, 'pages/home/home-main', view);
    });
    const meta = { title: shop.name, description: c.get('i18n')._('Online obchod s doručením po Slovensku a Česku. Nakupujte bez registrácie.') };
    return render(c, 'pages/home/home', { mainHtml }, { ...meta, canonicalPath: HOME, shared: true });
  });
  return app;
}
