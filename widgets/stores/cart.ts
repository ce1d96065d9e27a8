import { atom } from 'nanostores';
import { defaultsSource, getDefaults, normalizeCart, type CartSummary } from '../lib/defaults';

export type { CartSummary };

export const CART_UPDATED = 'shop:cart-updated';

export const $cart = atom<CartSummary>(normalizeCart(getDefaults().cart));

let seeded = defaultsSource() === 'page';

export function setCart(summary: CartSummary): void {
  seeded = true;
  const next = normalizeCart(summary, $cart.get());
  const current = $cart.get();
  if (next.count === current.count && next.total === current.total && next.totalFormatted === current.totalFormatted) return;
  $cart.set(next);
}

/**
 * A cart button's attributes seed the store only where no defaults block said anything (a partner
 * page); on our pages the server wrote the same figures in both places.
 */
export function seedCart(partial: Partial<CartSummary>): void {
  if (seeded) return;
  seeded = true;
  $cart.set(normalizeCart(partial, $cart.get()));
}

/**
 * Adds to the cart on the server, which computes every figure; the store takes its answer. The HTTP
 * client loads on first use: the header's cart button only reads, and ky is a third of its budget.
 */
export async function addToCart(productId: number, quantity = 1): Promise<CartSummary> {
  const { api } = await import('../lib/api');
  const answer = await api.post('cart/add', { json: { product_id: productId, quantity } }).json<CartSummary>();
  setCart(answer);
  const summary = $cart.get();
  document.dispatchEvent(new CustomEvent(CART_UPDATED, { detail: summary, bubbles: true }));
  return summary;
}
