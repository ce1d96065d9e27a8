import { useLayoutEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useLingui } from '@lingui/react';
import type { WidgetProps } from '../lib/define';
import { getDefaults } from '../lib/defaults';
import { useWidgetId } from '../lib/ids';
import { $cart, CART_UPDATED, seedCart, setCart, type CartSummary } from '../stores/cart';
import { Icon } from '../ui/icons';

export interface CartButtonProps {
  /** The server's figures, written into the fallback too; they seed the store only on partner pages. */
  count?: number;
  total?: string;
}

/** The header's cart link with its count, and a summary shown on hover or focus. */
export function CartButton({ count, total, host }: WidgetProps<CartButtonProps>) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const summaryId = useWidgetId();
  const cart = useStore($cart);

  // Layout effects throughout: listeners are in place as soon as the widget shows (preact runs
  // plain effects only after the next frame, and an update in between would be missed).
  useLayoutEffect(() => {
    if (count !== undefined || total !== undefined) seedCart({ count, totalFormatted: total });
  }, [count, total]);

  useLayoutEffect(() => {
    const onUpdated = (event: Event) => {
      const detail = (event as CustomEvent<CartSummary | undefined>).detail;
      if (detail && typeof detail === 'object') setCart(detail);
    };
    document.addEventListener(CART_UPDATED, onUpdated);
    return () => document.removeEventListener(CART_UPDATED, onUpdated);
  }, []);

  // The summary stays open while the pointer or focus is anywhere in the widget (link or summary).
  useLayoutEffect(() => {
    const show = () => setOpen(true);
    const hide = (event: Event) => {
      const next = (event as FocusEvent).relatedTarget as Node | null;
      if (!next || !host.contains(next)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    host.addEventListener('pointerenter', show);
    host.addEventListener('pointerleave', hide);
    host.addEventListener('focusin', show);
    host.addEventListener('focusout', hide);
    host.addEventListener('keydown', onKey);
    return () => {
      host.removeEventListener('pointerenter', show);
      host.removeEventListener('pointerleave', hide);
      host.removeEventListener('focusin', show);
      host.removeEventListener('focusout', hide);
      host.removeEventListener('keydown', onKey);
    };
  }, [host]);

  return (
    <>
      <a
        className="cart-button"
        href={getDefaults().routes.cart}
        aria-describedby={summaryId}
      >
        <Icon name="cart" className="cart-button__icon" />
        <span className="cart-button__label">{i18n._('Košík')}</span> <span className="cart-button__count">{cart.count}</span>
      </a>
      <span id={summaryId} role="tooltip" className="cart-button__summary" hidden={!open}>
        {cart.count === 0
          ? i18n._('Košík je prázdny')
          : i18n._('Položky: {count}, spolu {total}', { count: cart.count, total: cart.totalFormatted })}
      </span>
    </>
  );
}
