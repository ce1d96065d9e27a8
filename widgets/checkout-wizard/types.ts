import type { CartView } from '../../server/cart/cart.service';
import type { PickupPointView } from '../../server/cart/pickup.service';

/** The server's cart view (type only: nothing of the server is bundled). */
export type { CartView, PickupPointView };

/** What every cart call answers: the header summary plus the whole view. */
export interface CartAnswer {
  count: number;
  total: number;
  totalFormatted: string;
  cart: CartView;
}

/** Sends one cart call and shows its answer; resolves false when the server refused it. */
export type Send = (path: string, body: Record<string, unknown>) => Promise<boolean>;

export function isCartView(value: unknown): value is CartView {
  const v = value as CartView | null;
  return !!v && typeof v === 'object' && Array.isArray(v.items) && typeof v.total === 'number' && typeof v.subtotal === 'number';
}
