import { Hono } from 'hono';
import type { AppEnv } from '../http/env';
import type { AnonymousPages } from '../http/page-cache';
import { FRAGMENT_CSRF, type Renderer } from '../render/renderer';
import { HoledHtml } from '../render/pieces';
import { priceRole, type CachedFragment, type CatalogCache } from '../catalog/fragment-cache';
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
    const db = c.get('deps').db;
    const shop = c.get('shop');
    const session = c.get('session');
    const key = `${shop.code}|${c.get('locale')}|${priceRole(session)}|${HOME}`;
    let kept: Pick<CachedFragment, 'html' | 'meta'> | undefined = catalog.fragment(key);
    c.header('X-Fragment-Cache', catalog.htmlCache ? (kept ? 'hit' : 'miss') : 'bypass');
    if (!kept) {
      const view = {
        ...homeView(db, shop.id, priceRole(session) === 'b2b'),
        ...bannerSlot(db, shop.id),
        freeFrom: freeShippingFrom(shopOptions(db, shop.id, shop.country)),
        menu: menu.get(),
      };
      const meta = { title: shop.name, description: c.get('i18n')._('Online obchod s doručením po Slovensku a Česku. Nakupujte bez registrácie.') };
      kept = { html: new HoledHtml(render.fragment(c, 'pages/home/home-main', view), [FRAGMENT_CSRF]), meta };
      catalog.storeFragment(key, kept.html, kept.meta);
    }
    if (shared.applies(c, HOME)) {
      return shared.keep(c, HOME, render.anonymousPage(c, 'pages/home/home', { fragment: kept.html.fill({ [FRAGMENT_CSRF]: '' }) }, kept.meta), render.sendPage);
    }
    return render(c, 'pages/home/home', { fragment: kept.html.fill({ [FRAGMENT_CSRF]: c.get('csrfToken') }) }, kept.meta);
  });
  return app;
}
