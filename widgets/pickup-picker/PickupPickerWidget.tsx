import { useState } from 'react';
import type { PickupPointView } from '../../server/cart/pickup.service';
import type { WidgetProps } from '../lib/define';
import { $cart, CART_UPDATED, setCart, type CartSummary } from '../stores/cart';
import { PickupPicker } from './PickupPicker';

export interface PickupPickerWidgetProps {
  company?: number;
  country?: string;
  chosen?: PickupPointView | null;
}

const isPoint = (value: unknown): value is PickupPointView =>
  typeof value === 'object' && value !== null && typeof (value as PickupPointView).id === 'number' && typeof (value as PickupPointView).name === 'string';

/**
 * The element's side of the picker: the choice goes to POST /api/cart/pickup (the wizard's route,
 * the same saveDelivery as the page's "Uložiť"); the answer's point is shown and the header's cart follows.
 */
export function PickupPickerWidget({ company, country, chosen }: WidgetProps<PickupPickerWidgetProps>) {
  const [point, setPoint] = useState<PickupPointView | null>(isPoint(chosen) ? chosen : null);
  if (!company) return null;
  const save = async (next: PickupPointView) => {
    const { api } = await import('../lib/api');
    try {
      const answer = await api.post('cart/pickup', { json: { pickup_point_id: next.id, company_id: next.company_id } }).json<CartSummary & { cart?: { pickup_point?: unknown } }>();
      setCart(answer);
      document.dispatchEvent(new CustomEvent(CART_UPDATED, { detail: $cart.get(), bubbles: true }));
      setPoint(isPoint(answer.cart?.pickup_point) ? answer.cart.pickup_point : next);
      return true;
    } catch {
      return false;
    }
  };
  return <PickupPicker company={company} country={country ?? 'sk'} chosen={point} onChoose={save} />;
}
