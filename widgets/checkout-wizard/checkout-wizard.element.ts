import { defineWidget } from '../lib/define';
import { CheckoutWizard } from './CheckoutWizard';

/**
 * <shop-checkout-wizard step="cart|shipping" source="cart-view"> upgrading the server-rendered step
 * (templates/pages/cart/*.eta); the view comes from the page's JSON block named by `source`.
 */
defineWidget('shop-checkout-wizard', CheckoutWizard, { props: { step: 'string', source: 'string' } });

declare global {
  interface HTMLElementTagNameMap {
    'shop-checkout-wizard': HTMLElement;
  }
}
