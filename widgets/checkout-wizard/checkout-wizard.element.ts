import { defineWidget } from '../lib/define';
import { CheckoutWizard, loadContinueCart, loadCustomerForm } from './CheckoutWizard';

/**
 * <shop-checkout-wizard step="cart|shipping|customer" source="cart-view"> upgrading the server-rendered step
 * (templates/pages/cart/*.eta); the view comes from the page's JSON block named by `source`.
 */
defineWidget('shop-checkout-wizard', CheckoutWizard, {
  props: { step: 'string', source: 'string' },
  // Step 3 draws with its form, step 1 with its "continue a cart?" box when the page asks it, or not
  // at all: until that code is there the server's markup stays, with nothing vanishing for a moment.
  ready: ({ step = 'cart', source = 'cart-view' }) =>
    step === 'customer' ? loadCustomerForm() : step === 'cart' && document.getElementById(`${source}-continue`) ? loadContinueCart() : undefined,
});

declare global {
  interface HTMLElementTagNameMap {
    'shop-checkout-wizard': HTMLElement;
  }
}
