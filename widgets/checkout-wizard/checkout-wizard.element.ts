import { defineWidget } from '../lib/define';
import { CheckoutWizard, loadCustomerForm } from './CheckoutWizard';

/**
 * <shop-checkout-wizard step="cart|shipping|customer" source="cart-view"> upgrading the server-rendered step
 * (templates/pages/cart/*.eta); the view comes from the page's JSON block named by `source`.
 */
defineWidget('shop-checkout-wizard', CheckoutWizard, {
  props: { step: 'string', source: 'string' },
  // Step 3 draws with its form or not at all: the server's form stays until the form's code is there.
  ready: ({ step }) => (step === 'customer' ? loadCustomerForm() : undefined),
});

declare global {
  interface HTMLElementTagNameMap {
    'shop-checkout-wizard': HTMLElement;
  }
}
