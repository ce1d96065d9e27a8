/**
 * Plain DOM checks the site entry runs before any widget code (decision 166): card widgets and the
 * product list wait for the first touch, unless the shopper has something of theirs for them to show
 * at once. The storage keys are the widgets' own (stores/favourites.ts, product-list/layout.ts and
 * return-scroll.ts), repeated here because code shared with the widgets would become a chunk of its
 * own that every page fetches at load; tests/widgets/wanted.test.ts checks they agree.
 */
export const FAVOURITE_STORAGE = ['product.favorites', 'blog.favorites'];
export const LAYOUT_PREFIX = 'layout:';
export const RETURN_STORAGE = 'product-list:return';

const read = (storage: () => Storage, key: string): string | null => {
  try {
    return storage().getItem(key);
  } catch {
    return null; // Storage blocked: nothing of the shopper's to show.
  }
};

const here = () => location.pathname + location.search;

/** Signed in (the server fills the hearts through the API) or hearts kept in this browser. */
export function favouritesWanted(): boolean {
  try {
    if ((JSON.parse(document.getElementById('shop-defaults')?.textContent || '{}') as { isLogged?: unknown }).isLogged === true) return true;
  } catch {
    // A broken defaults block: the widget reports it when it loads.
  }
  return FAVOURITE_STORAGE.some((key) => /\d/.test(read(() => localStorage, key) ?? ''));
}

/** A grid/list choice remembered for this list, or a product to scroll back to on this address. */
export function productListWanted(element: Element): boolean {
  if (read(() => localStorage, LAYOUT_PREFIX + (element.getAttribute('layout-key') || 'default')) !== null) return true;
  try {
    return (JSON.parse(read(() => sessionStorage, RETURN_STORAGE) ?? 'null') as { url?: unknown } | null)?.url === here();
  } catch {
    return false;
  }
}

/**
 * The list remembers which product a shopper opened (spec 4: the scroll back after 800 ms). Before its
 * code came, a tap on a card still has to be remembered: the site entry does it, as the widget does.
 */
export function rememberOpenedProducts(): void {
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.('shop-product-list [data-product-id] a[href]');
    const id = link?.closest('[data-product-id]')?.getAttribute('data-product-id');
    if (!id || event.defaultPrevented) return;
    try {
      sessionStorage.setItem(RETURN_STORAGE, JSON.stringify({ url: here(), id }));
    } catch {
      // Without storage the list simply opens at the top.
    }
  });
}
