import { Hono } from 'hono';
import type { AppEnv } from '../http/env';
import type { AnonymousPages } from '../http/page-cache';
import { FRAGMENT_CSRF, type Renderer } from '../render/renderer';
import { HoledHtml } from '../render/pieces';
import { fragmentPage, keptFragment, priceRole, type CatalogCache } from '../catalog/fragment-cache';
import type { MenuCache } from '../catalog/menu.service';
import { homeView } from './home.service';
import { bannerSlot } from '../content/banner.service';
import { freeShippingFrom, shopOptions } from '../cart/shipping.service';

const HOME = '/';

/**
 * The home page (decision 203). Its own HTML is the same for every shopper of one shop, locale and
 * price role, so it is kept as a fragment, as category lists are, and signed-in shoppers get it
 * inside a layout rendered for them. Visitors who are not signed in and hold nothing in their
 * session share the whole page (the page cache). Both are dropped by any catalogue change and are
 * at most a minute old. Banners, guides and the free-shipping threshold change without a catalogue
 * write, so they show at most a minute late.
 */
export function homePages(render: Renderer, catalog: CatalogCache, menu: MenuCache, shared: AnonymousPages) {
  const app = new Hono<AppEnv>();
  app.get(HOME, (c) => {
    const { key, kept } = keptFragment(c, catalog, HOME);
    if (kept) return fragmentPage(c, render, shared, HOME, 'pages/home/home', kept);
    const db = c.get('deps').db;
    const shop = c.get('shop');
    const view = {
      ...homeView(db, shop.id, priceRole(c.get('session')) === 'b2b'),
      ...bannerSlot(db, shop.id),
      freeFrom: freeShippingFrom(shopOptions(db, shop.id, shop.country)),
      menu: menu.get(),
    };
    const meta = { title: shop.name, description: c.get('i18n')._('Online obchod s doručením po Slovensku a Česku. Nakupujte bez registrácie.') };
    const html = new HoledHtml(render.fragment(c, 'pages/home/home-main', view), [FRAGMENT_CSRF]);
    catalog.storeFragment(key, html, meta);
    return fragmentPage(c, render, shared, HOME, 'pages/home/home', { html, meta });
  });
  return app;
}
