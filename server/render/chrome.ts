import type { Menu } from '../catalog/menu.service';
import type { HoledHtml, HtmlBytes } from './pieces';

/**
 * The parts of every page's layout that are the same for all shoppers of one shop and locale: the
 * category lists of the header (phone fallback and mega menu, which the phone drawer also reads:
 * decision 186) and the footer. They are rendered
 * once per shop, locale and menu (a new menu object after every catalogue change) instead of on
 * every request, where they were most of the layout's cost. The footer's form carries the
 * shopper's CSRF token and return path, so it is kept with marks filled per response; so is the
 * header for visitors who are not signed in (their token, cart and search text).
 */
export interface Chrome {
  mobileNav: HtmlBytes;
  megaMenu: HtmlBytes;
  /** Holes: FRAGMENT_CSRF and CHROME_PATH. */
  footer: HoledHtml;
  footerHtml: string;
  /**
   * The whole header as every visitor who is not signed in sees it (decision 188). Holes:
   * FRAGMENT_CSRF, CHROME_CART_COUNT, CHROME_CART_TOTAL and CHROME_QUERY (the search box's text).
   */
  anonymousHeader: HoledHtml;
  anonymousHeaderHtml: string;
  /**
   * The whole layout around a page as a visitor who is not signed in sees it, without and with
   * the cookie consent given (decision 191), made on first use. Holes: the header's and footer's,
   * LAYOUT_HEAD, LAYOUT_BODY and LAYOUT_CART.
   */
  shells: [HoledHtml | undefined, HoledHtml | undefined];
}

/** Stands for the page's own lines of <head> (title, description, canonical, alternates) in a layout shell. */
export const LAYOUT_HEAD = '__layout_head__';
/** Stands for the page itself, inside <main>. */
export const LAYOUT_BODY = '__layout_body__';
/** Stands for the cart's JSON in the page defaults (a JSON string value, hence the quotes). */
export const LAYOUT_CART = '"__layout_cart__"';

/** Stands for the request path in a shared piece of HTML (Eta-escaped when filled in). */
export const CHROME_PATH = '__chrome_path__';
/** Stand for the cart's item count and formatted total in the shared header. */
export const CHROME_CART_COUNT = '__chrome_cart_count__';
export const CHROME_CART_TOTAL = '__chrome_cart_total__';
/** Stands for the search box's text in the shared header (escaped when filled in). */
export const CHROME_QUERY = '__chrome_query__';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]);

export class ChromeCache {
  /** Keyed by the menu object itself, so a catalogue change (a new menu) drops the old pieces. */
  private byMenu = new WeakMap<Menu, Map<string, Chrome>>();

  get(menu: Menu, key: string, build: () => Chrome): Chrome {
    let forMenu = this.byMenu.get(menu);
    if (!forMenu) {
      forMenu = new Map();
      this.byMenu.set(menu, forMenu);
    }
    let chrome = forMenu.get(key);
    if (!chrome) {
      chrome = build();
      forMenu.set(key, chrome);
    }
    return chrome;
  }
}
