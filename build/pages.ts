/** The widget tags each page type shows; the build sums the JS each one downloads. */
const HEADER = ['shop-cart-button', 'shop-profile-menu', 'shop-mobile-menu', 'shop-copy-button', 'shop-overlay-messages'];

/** Product cards carry both (lazy, form fallbacks); guide cards carry the heart. */
const PRODUCT_CARDS = ['shop-add-to-cart', 'shop-favourite-button'];
const GUIDE_CARDS = ['shop-favourite-button'];

export const PAGE_WIDGETS: Record<string, string[]> = {
  home: [...HEADER, 'shop-banner-carousel', 'shop-vote', 'shop-vote-chart', ...PRODUCT_CARDS],
  // Guides: every tag editors may place (server/content/article-widgets.ts) and the unlock.
  guide: [...HEADER, 'shop-product-carousel', 'shop-banner-carousel', 'shop-video-player', 'shop-video', 'shop-review-list', 'shop-watchdog-dialog', 'shop-guide-unlock', 'shop-vote', 'shop-vote-chart', ...PRODUCT_CARDS],
  blog: [...HEADER, 'shop-guide-unlock', ...GUIDE_CARDS],
  search: [...HEADER, 'shop-product-list', ...PRODUCT_CARDS],
  category: [...HEADER, 'shop-category-filter', 'shop-product-list', ...PRODUCT_CARDS],
  account: [...HEADER, 'shop-favourites-sync', 'shop-sign-up-guard'],
  favourites: [...HEADER, 'shop-favourites-list', 'shop-favourite-button', 'shop-add-to-cart'],
  product: [...HEADER, 'shop-product-gallery', 'shop-product-list', 'shop-review-list', 'shop-video-player', 'shop-video', 'shop-product-carousel', 'shop-watchdog-dialog', ...PRODUCT_CARDS],
  cart: [...HEADER, 'shop-checkout-wizard', 'shop-pickup-picker'],
  tracking: [...HEADER, 'shop-payment-chooser'],
  points: [...HEADER, 'shop-point-count', 'shop-reward-card', 'shop-points-history'],
  vouchers: [...HEADER, 'shop-point-count', 'shop-voucher-list'],
  orders: [...HEADER, 'shop-point-count', 'shop-order-tabs'],
  vote: [...HEADER, 'shop-vote', 'shop-vote-chart'],
  // The stream page: its chat widget ('ready'), and the cards its chapters show.
  stream: [...HEADER, 'shop-stream', 'shop-guide-unlock', ...PRODUCT_CARDS],
  // <page-widgets>
};

/**
 * The 'visible' widgets in a page's first screen at 375×812 or 1280×800 with the demo data, as
 * tests/bench/page-js.ts sees them in Chromium: they load right after load without a touch, so the
 * build counts them at load. The overlay's code comes only when the API has a message for the page
 * (the demo shop has a toast on every page). The footer's copy button is on the first screen of a
 * short search result. Widgets further down ('visible') and those waiting for a touch ('interaction')
 * are counted only in "with every widget loaded".
 */
export const FIRST_SCREEN: Record<string, string[]> = {
  // The carousel and the copy button are in these first screens but wait 3 s (`after`, decision 201).
  home: ['shop-overlay-messages', 'shop-banner-carousel'],
  search: ['shop-overlay-messages', 'shop-copy-button'],
};
export const firstScreen = (page: string): string[] => FIRST_SCREEN[page] ?? ['shop-overlay-messages'];

/**
 * Code a first-screen widget imports by itself right after load with the demo data: the home's
 * search hint is an overlay popover, whose code is a chunk of its own (decision 252), so the home
 * page counts it at load (and with every widget).
 */
export const FIRST_SCREEN_CODE: Record<string, string[]> = {
  home: ['widgets/overlay-messages/popover.ts'],
};

/**
 * Budgets for the JS a page downloads at load (the site entry, its 'ready' widgets and the 'visible'
 * ones of the first screen), gzipped, file by file as the browser receives it. The issue's targets are
 * 12 KB (home), 15 KB (category) and 18 KB (product). History (decisions 160, 164, 165): 17.6 → 16.0 →
 * 15.7 KB by the old count (site entry and 'ready' widgets only), while Chromium fetched 26.8 KB on a
 * category page because of the first screen's widgets. Decision 166 (own element base, theme switch
 * and overlays without the widget runtime, first-screen widgets on the first touch): category and
 * product 5.2 KB in Chromium and by this count; the cart page 21.3 KB (its wizard is 'ready' and now
the overlay's code is counted too). ~0.5 KB of headroom so a regression fails
 * tests/server/js-budget.test.ts. With @r2wc/core back under define.ts (DESIGN's "our r2wc
 * renderer") the runtime is 0.8 KB larger than the helper's own element base: home 20.0, search
 * 19.0, cart 22.0 KB; category, product and guide do not load the runtime at start (5.2 KB).
 * Decision 201: the banner carousel and the copy button come 3 s after the page began (`after`), so
 * home and search are 5.3 KB too. Since then the session bits after load (issue 18), the widget
 * tags of guides (19) and the polls with the confirm-link directive (22) brought every page to
 * 5.6 KB: the budgets are issue 23's figure (a category page ≤ 6 KB at load), the cart's 0.5 KB over
 * what it loads.
 *
 * Since then issue 21's seller widgets (+64 B), issue 22's consent in the site entry (decision 243,
 * +384 B) and the wizard's GA4 calls (+192 B) grew the budgets. Decision 252 (issue 23's figures,
 * measured by this build): the overlay's popover code is a chunk of its own and the element no
 * longer asks the API itself, so a page with toasts alone loads 5,946 B (was 6,464); the home counts
 * its demo popover's chunk too (FIRST_SCREEN_CODE, 6,505 B); the cart 23,570 B. The budgets are
 * issue 23's 6 KB where it is met, the measured figure + ~0.3 KB elsewhere.
 */
export const PAGE_BUDGETS: Record<string, number> = {
  home: 6 * 1024 + 640,
  category: 6 * 1024,
  product: 6 * 1024,
  search: 6 * 1024,
  guide: 6 * 1024,
  // +128 B: the delivery step saves a choice ticked in the server's form before the wizard drew (23,936 B).
  // +128 B: step 3 keeps the server's form until its form's code is there (define.ts `ready`, 24,010 B).
  // +192 B: the first draw gives back the focus and caret of the field the shopper was typing in (24,230 B).
  cart: 23 * 1024 + 768,
};

/**
 * Budgets for everything a page's widgets can load ("with every widget loaded", static imports of
 * each listed tag, build/widgets.ts). Issue 23 asks ≤ 25 KB on a category page and ≤ 30 KB on a
 * product page; decision 252 brought them from 34.8 to 33.5 KB and from 47.7 to 40.4 KB (zod out of
 * the watchdog, the heart's popover on first use) and they are NOT met: the widget runtime alone
 * (preact + compat + r2wc + Lingui + stores, one chunk, decision 160) is 13.4 KB and the site entry
 * 4.2 KB. These are the reached figures + ~0.3 KB, so a regression fails tests/server/js-budget.test.ts.
 */
export const PAGE_BUDGETS_ALL: Record<string, number> = {
  // +0.2 KB each: the runtime gives the focus back to the field the shopper was typing in (define.ts).
  category: 34 * 1024,
  product: 40.9 * 1024,
};

/** The site entry and the overlay messages: no widget runtime at load on a category or product page. */
export const MAX_FILES_AT_LOAD = 2;

/**
 * The partner embed's JS and CSS for a carousel (the /embed.js loader plus the largest locale's
 * bundle, which carries the stylesheet and the texts), gzipped: issue 19's budget, an order of
 * magnitude under Shopify's Buy Button SDK. The build fails over it.
 */
export const EMBED_BUDGET = 12 * 1024;
