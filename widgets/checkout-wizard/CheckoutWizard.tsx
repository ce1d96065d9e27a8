import { useState, type ComponentType } from 'react';
import { useLingui } from '@lingui/react';
import type { WidgetProps } from '../lib/define';
import { readJsonScript } from '../lib/defaults';
import { CART_UPDATED, setCart, $cart } from '../stores/cart';
import { CartStep } from './steps/CartStep';
import { ShippingStep } from './steps/ShippingStep';
import type { CustomerInit } from './steps/CustomerStep';
import { Totals } from './Totals';
import { isCartView, type CartAnswer, type CartView, type Send } from './types';

type CustomerForm = ComponentType<{ init: CustomerInit; send?: Send; early?: FormData }>;
let customerForm: CustomerForm | null = null;

/**
 * Step 3's form, loaded only on step 3 so steps 1 and 2 stay within the cart page's JS budget. The
 * element waits for it before its first draw (checkout-wizard.element.ts): until then the server's
 * form stays, and what is typed into it comes along (fallbackForm), with no blank step between.
 */
export function loadCustomerForm(): Promise<CustomerForm> {
  return import('./steps/CustomerStep').then((m) => (customerForm = m.CustomerStep));
}

let continueCart: typeof import('./ContinueCart') | null = null;

/** Step 1's "continue a cart from another device?" box, loaded only when the page asks it; the element waits for it too. */
export function loadContinueCart(): Promise<typeof import('./ContinueCart')> {
  return import('./ContinueCart').then((m) => (continueCart = m));
}

export interface CheckoutWizardProps {
  step?: string;
  /** Id of the page's <script type="application/json"> with the server's cart view. */
  source?: string;
}

/**
 * Enhances steps 1 and 2: quantities and choices go to the API without a reload and every figure
 * shown is re-drawn from the server's answer; the header's $cart follows.
 */
export function CheckoutWizard({ step = 'cart', source = 'cart-view', fallbackForm }: WidgetProps<CheckoutWizardProps>) {
  const { i18n } = useLingui();
  const [view, setView] = useState<CartView | null>(() => {
    const raw = readJsonScript(source);
    return isCartView(raw) ? raw : null;
  });
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  // Step 1 asks "continue a cart started on another device?" only when the page says so; its code loads only then.
  const [question] = useState(() => (step === 'cart' ? readJsonScript(`${source}-continue`) : null));
  // Both lazy parts are loaded before the first draw (the element's `ready`), or the wizard does not draw.
  const Customer = customerForm;
  const Continue = continueCart;

  const send: Send = async (path, body) => {
    setBusy(true);
    const { api, readProblem } = await import('../lib/api');
    try {
      const answer = await api.post(`cart/${path}`, { json: body }).json<CartAnswer>();
      if (isCartView(answer.cart)) setView(answer.cart);
      setCart(answer);
      document.dispatchEvent(new CustomEvent(CART_UPDATED, { detail: $cart.get(), bubbles: true }));
      setError('');
      return true;
    } catch (failure) {
      const problem = await readProblem(failure);
      setError(Object.values(problem.errors)[0] ?? problem.detail);
      return false;
    } finally {
      setBusy(false);
    }
  };

  // A broken or missing view block: say so instead of drawing wrong figures (the page reloads fine).
  if (!view) return <p className="checkout__notice">{i18n._('Košík sa nepodarilo načítať. Obnovte stránku.')}</p>;

  const empty = view.items.length === 0;
  // Step 3: the customer form; its start state (kept input, messages, form token) is its own JSON block.
  const customer = step === 'customer' ? (readJsonScript(`${source}-customer`) as CustomerInit | null) : null;
  const main =
    step === 'customer' ? (
      Customer && customer && Array.isArray(customer.countries) ? (
        <Customer init={{ ...customer, values: customer.values ?? {}, errors: customer.errors ?? {} }} send={send} early={fallbackForm} />
      ) : null
    ) : step === 'shipping' ? (
      <ShippingStep view={view} send={send} early={fallbackForm} />
    ) : (
      <CartStep view={view} send={send} />
    );
  return (
    <div className="checkout-wizard" aria-busy={busy}>
      {Continue && Continue.isContinueQuestion(question) && <Continue.ContinueCart question={question} send={send} />}
      {error && (
        <p className="checkout__notice" role="alert">
          {error}
        </p>
      )}
      {empty ? (
        <div className="cart-empty">
          <p className="cart-empty__text">{i18n._('Váš košík je prázdny')}</p>
          <a className="button" href={view.return_path}>
            {i18n._('Späť do obchodu')}
          </a>
        </div>
      ) : (
        <div className="checkout__layout">
          <div className="checkout__main">{main}</div>
          <aside className="checkout__aside" aria-label={i18n._('Súhrn objednávky')}>
            <Totals view={view} />
            <nav className="checkout__nav">
              {step === 'customer' ? (
                <a className="button button--ghost" href="/nakupny-kosik/doprava">
                  {i18n._('Späť')}
                </a>
              ) : step === 'shipping' ? (
                <a className="button button--ghost" href="/nakupny-kosik">
                  {i18n._('Späť')}
                </a>
              ) : (
                <a className="button button--ghost" href={view.return_path}>
                  {i18n._('Späť do obchodu')}
                </a>
              )}
              {step !== 'customer' && (<a
                className="button checkout__next"
                href={step === 'shipping' ? '/nakupny-kosik/objednavka' : '/nakupny-kosik/doprava'}
                aria-disabled={step === 'shipping' && view.problems.length > 0 ? true : undefined}
              >
                {i18n._('Pokračovať')}
              </a>)}
            </nav>
          </aside>
        </div>
      )}
    </div>
  );
}
