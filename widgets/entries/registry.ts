import type { Registry } from '../lib/registry';
import { overlaysWanted } from '../overlay-messages/ask';
import { favouritesWanted, productListWanted } from './wanted';

/**
 * Tag → widget code and when to load it. Add a line when a widget's folder lands; the build splits
 * each import into its own chunk.
 */
export const registry: Registry = {
  // Off the load (docs/decisions/165): the server's link already shows the count, and the store keeps
  // a change made before the code came, so the button wakes on the first touch or a cart change.
  'shop-cart-button': { load: () => import('../cart-button/cart-button.element'), when: 'interaction', wake: 'shop:cart-updated' },
  // No 'shop-theme-switch': the site entry is the whole theme switch (entries/theme-switch.ts, decision 166).
  // Both menus have a working <details> fallback, so their code can wait for the first touch or hover.
  'shop-profile-menu': { load: () => import('../profile-menu/profile-menu.element'), when: 'interaction' },
  'shop-mobile-menu': { load: () => import('../mobile-menu/mobile-menu.element'), when: 'interaction' },
  // First-screen widgets wait for the first touch unless they have the shopper's own to show (decision 166).
  // The list's links and cards work as they are; the site entry remembers an opened product (entries/wanted.ts).
  'shop-product-list': { load: () => import('../product-list/product-list.element'), when: 'interaction', wanted: productListWanted },
  // Its fallback shows the text to copy (the button waits, disabled): on a short page (a search with a
  // few results) the footer's is in the first screen, so it waits 3 s or a pointer on it (decision 201).
  'shop-copy-button': { load: () => import('../copy-button/copy-button.element'), when: 'visible', after: 3000 },
  // Its <details> and ticks made before the code came are kept (fallbackOpen, fallbackForm).
  'shop-category-filter': { load: () => import('../category-filter/category-filter.element'), when: 'interaction' },
  // The first banner is server-rendered (works without JS), and nothing moves before the carousel's
  // first turn (5 s after it draws): its code comes 3 s after the page began, when it is seen, or at
  // once on a touch, pointer or focus on it, so the home page's load is the site entry alone (decision 201).
  'shop-banner-carousel': { load: () => import('../banner-carousel/banner-carousel.element'), when: 'visible', after: 3000 },
  // A fixed 1 px box, so 'visible' fires right after load. Its code (and ky's) only comes when the
  // API has a message for this page: most pages have none (decisions/160).
  'shop-overlay-messages': {
    load: async (element) => (await overlaysWanted(element)) && import('../overlay-messages/overlay-messages.element'),
    when: 'visible',
  },
  // Product page (issue 3): each has a complete server fallback, so its code waits until it is seen.
  'shop-product-gallery': { load: () => import('../product-gallery/product-gallery.element'), when: 'interaction', replay: true },
  'shop-review-list': { load: () => import('../review-list/review-list.element'), when: 'visible' },
  // Videos (issue 22): the chapters' links turn into seek buttons when seen (plain DOM, no runtime);
  // the player's facade is a link until touched, and a press before the code came is replayed on its button.
  'shop-video-player': { load: () => import('../video-player/video-player.element'), when: 'visible' },
  'shop-video': { load: () => import('../video/video.element'), when: 'interaction', replay: true },
  'shop-product-carousel': { load: () => import('../product-carousel/product-carousel.element'), when: 'visible' },
  // A tap on its fallback link before the code came is held and opens the dialog when it arrives (replay).
  'shop-watchdog-dialog': { load: () => import('../watchdog-dialog/watchdog-dialog.element'), when: 'interaction', replay: true },
  // Accounts and favourites (issue 5). The hearts have a POST-form fallback; sync and wipe draw nothing that waits.
  'shop-favourite-button': { load: () => import('../favourite-button/favourite-button.element'), when: 'interaction', replay: true, wanted: favouritesWanted },
  'shop-favourite-popover': { load: () => import('../favourite-popover/favourite-popover.element'), when: 'visible' },
  'shop-favourites-sync': { load: () => import('../favourites-sync/favourites-sync.element'), when: 'ready' },
  'shop-favourites-list': { load: () => import('../favourites-list/favourites-list.element'), when: 'ready' },
  'shop-data-wipe': { load: () => import('../data-wipe/data-wipe.element'), when: 'ready' },
  // Sign-up (spec 5): the submit waits for valid fields; plain DOM, a few hundred bytes.
  'shop-sign-up-guard': { load: () => import('../sign-up-guard/sign-up-guard.element'), when: 'ready' },
  // Cart (issue 4): add-to-cart has a plain form fallback; the wizard owns the cart steps' main box.
  'shop-add-to-cart': { load: () => import('../add-to-cart/add-to-cart.element'), when: 'interaction', replay: true },
  'shop-checkout-wizard': { load: () => import('../checkout-wizard/checkout-wizard.element'), when: 'ready' },
  // Step 2's pickup box (issue 23): the select works without it; a touch brings the dialog's button.
  // Where the checkout wizard runs it draws its own box over the whole step (same dialog chunk).
  'shop-pickup-picker': { load: () => import('../pickup-picker/pickup-picker.element'), when: 'interaction' },
  // Points (issue 5): the count only in signed-in headers; reward cards have a POST-form fallback.
  'shop-point-count': { load: () => import('../point-count/point-count.element'), when: 'visible' },
  'shop-reward-card': { load: () => import('../reward-card/reward-card.element'), when: 'visible' },
  'shop-points-history': { load: () => import('../points-history/points-history.element'), when: 'visible' },
  'shop-voucher-list': { load: () => import('../voucher-list/voucher-list.element'), when: 'visible' },
  // The seller's pages (issue 21): plain forms work without them; they load the data, toast and open dialogs.
  'shop-seller-profile': { load: () => import('../seller-profile/seller-profile.element'), when: 'ready' },
  'shop-seller-products': { load: () => import('../seller-products/seller-products.element'), when: 'ready' },
  // Správy (issue 21): the send and mark-read forms work without it; it adds the dialog, spinner and toasts.
  'shop-messages': { load: () => import('../messages/messages.element'), when: 'ready' },
  // Payments: the tracking page's chooser has a GET-form fallback; 'visible' keeps it off the load.
  'shop-payment-chooser': { load: () => import('../payment-chooser/payment-chooser.element'), when: 'visible' },
  // Account orders (decisions/141, 142): tabs draw nothing and follow the hash; the unlock is over a confirmation link.
  'shop-order-tabs': { load: () => import('../order-tabs/order-tabs.element'), when: 'ready' },
  'shop-guide-unlock': { load: () => import('../guide-unlock/guide-unlock.element'), when: 'visible' },
  // Polls (issue 22): the vote is a plain POST form until touched (what was ticked is kept, a press on
  // "Hlasovať" before the code came is replayed on the widget's button); the chart
  // is server-drawn bars, asked again when seen.
  'shop-vote': { load: () => import('../vote/vote.element'), when: 'interaction', replay: true },
  'shop-vote-chart': { load: () => import('../vote-chart/vote-chart.element'), when: 'visible' },
  // Live streams (issue 22): the page's forms work without it; it opens the event stream at once.
  'shop-stream': { load: () => import('../stream/stream.element'), when: 'ready' },
};
