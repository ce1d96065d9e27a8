/**
 * Spec 4: after a shopper opens a product and comes back, the list scrolls to that product after
 * 800 ms (images above it have had time to take their boxes). The clicked product is remembered for
 * the tab in sessionStorage together with the list address it was clicked on.
 */
export const RETURN_KEY = 'product-list:return';
export const RETURN_SCROLL_DELAY_MS = 800;

interface Remembered {
  url: string;
  id: string;
}

const here = () => location.pathname + location.search;

export function rememberProduct(id: string): void {
  try {
    sessionStorage.setItem(RETURN_KEY, JSON.stringify({ url: here(), id } satisfies Remembered));
  } catch {
    // Without storage the list simply opens at the top.
  }
}

/** The product to return to on this address, forgotten once read here. */
export function takeReturnProduct(): string | null {
  try {
    const raw = sessionStorage.getItem(RETURN_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Remembered> | null;
    if (!value || value.url !== here() || typeof value.id !== 'string') return null;
    sessionStorage.removeItem(RETURN_KEY);
    return value.id;
  } catch {
    return null;
  }
}
