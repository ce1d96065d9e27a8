import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

await vi.hoisted(async () => (await import('./page-defaults')).setDefaults({ shop: 'sk', locale: 'sk', csrf: 't', currency: { code: 'EUR', symbol: '€' }, cart: { count: 0, total: 0, totalFormatted: '0,00 €' } }));

// Loaded up front: the store imports the HTTP client lazily.
import '../../widgets/lib/api';
import { defineWidget, WIDGET_DRAWN as DRAWN_BY_DEFINE } from '../../widgets/lib/define';
import { startRegistry, WIDGET_DRAWN, type Registry } from '../../widgets/lib/registry';
import { $cart, setCart } from '../../widgets/stores/cart';
import { $, jsonResponse, settle, until } from './helpers';

/** The card's server fallback as templates/partials/add-to-cart.eta draws it (GET to the confirmation page). */
const CARD = () =>
  `<shop-add-to-cart product-id="42" max="99" name="Hrnček Ema" price="1299"><form class="add-to-cart" method="get" action="/nakupny-kosik/pridat"><input type="hidden" name="product_id" value="42"><input class="add-to-cart__quantity" type="number" name="quantity" value="1"><button class="button add-to-cart__button" type="submit"><span>Do košíka</span></button></form></shop-add-to-cart>`;

let stop: (() => void) | undefined;

afterEach(async () => {
  stop?.();
  stop = undefined;
  document.body.innerHTML = '';
  await settle();
  vi.unstubAllGlobals();
  setCart({ count: 0, total: 0, totalFormatted: '0,00 €' });
});

function cartServer() {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      bodies.push(await request.json());
      return jsonResponse({ count: 3, total: 3897, totalFormatted: '38,97 €' });
    }),
  );
  return bodies;
}

describe('a tap before the widget came (decision 166)', () => {
  it('the site entry and define.ts agree on the drawn event', () => {
    expect(WIDGET_DRAWN).toBe(DRAWN_BY_DEFINE);
  });

  it('is held, not submitted, and replayed on the widget: "Do košíka" adds the quantity the shopper left', async () => {
    const bodies = cartServer();
    let release!: () => void;
    const arrived = new Promise<void>((resolve) => (release = resolve));
    const registry: Registry = {
      'shop-add-to-cart': {
        load: () => arrived.then(() => import('../../widgets/add-to-cart/add-to-cart.element')),
        when: 'interaction',
        replay: true,
      },
    };
    document.body.innerHTML = CARD();
    // The shopper typed 3 into the server's form before tapping.
    (document.querySelector('.add-to-cart__quantity') as HTMLInputElement).value = '3';
    stop = startRegistry(registry);
    const submitted = vi.fn((event: Event) => event.preventDefault());
    document.addEventListener('submit', submitted);

    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    $('.add-to-cart__button')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    // A second tap while the code comes is the same wish.
    $('.add-to-cart__button')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    await settle();
    expect(bodies).toEqual([]);

    release();
    await until(() => bodies.length === 1 || null);
    expect(bodies[0]).toMatchObject({ product_id: 42, quantity: 3 });
    await until(() => $cart.get().count === 3 || null);
    await until(() => $('.add-to-cart--added'));
    // The plain form never went to the confirmation page; the widget's own submit was handled by it.
    expect(submitted.mock.calls.every(([event]) => (event as Event).defaultPrevented)).toBe(true);
    document.removeEventListener('submit', submitted);
    await settle();
    expect(bodies).toHaveLength(1);
  });

  it('is replayed on the copy when the product list redrew the card meanwhile', async () => {
    const bodies = cartServer();
    let release!: () => void;
    const arrived = new Promise<void>((resolve) => (release = resolve));
    const registry: Registry = {
      'shop-add-to-cart': { load: () => arrived.then(() => import('../../widgets/add-to-cart/add-to-cart.element')), when: 'interaction', replay: true },
    };
    document.body.innerHTML = `<div class="items">${CARD()}</div>`;
    stop = startRegistry(registry);
    $('.add-to-cart__button')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    // The list swaps its items for the same server markup (widgets/product-list, innerHTML).
    $('.items')!.innerHTML = CARD();
    release();
    await until(() => bodies.length === 1 || null);
    expect(bodies[0]).toMatchObject({ product_id: 42, quantity: 1 });
  });

  it('after the widget drew, clicks are the widget\'s own and are not held', async () => {
    const bodies = cartServer();
    const registry: Registry = {
      'shop-add-to-cart': { load: () => import('../../widgets/add-to-cart/add-to-cart.element'), when: 'interaction', replay: true },
    };
    document.body.innerHTML = CARD();
    stop = startRegistry(registry);
    $('shop-add-to-cart')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    const button = await until(() => $('shop-add-to-cart .add-to-cart__stepper') && $('.add-to-cart__button'));
    await settle();
    button.click();
    await until(() => bodies.length === 1 || null);
    expect(bodies[0]).toMatchObject({ product_id: 42, quantity: 1 });
  });

  it('a held link whose widget fails to load is followed as without JavaScript', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...location, assign, pathname: location.pathname, search: '' });
    const registry: Registry = {
      'shop-watchdog-dialog': { load: () => Promise.reject(new Error('offline')), when: 'interaction', replay: true },
    };
    document.body.innerHTML = '<shop-watchdog-dialog><a class="watchdog-slot__open" href="/sledovanie-ceny/7">Sledovať</a></shop-watchdog-dialog>';
    stop = startRegistry(registry, { onError: () => {} });
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    $('.watchdog-slot__open')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    await until(() => assign.mock.calls.length === 1 || null);
    expect(String(assign.mock.calls[0][0])).toMatch(/\/sledovanie-ceny\/7$/);
  });

  it('finds a held radio in the widget by its name and value, wherever the widget draws it', async () => {
    let release!: () => void;
    const arrived = new Promise<void>((resolve) => (release = resolve));
    // The widget lists the choices in another order than the server's form (and adds one).
    function Choices() {
      const [chosen, setChosen] = useState('');
      return (
        <form>
          {['c', 'b', 'a', 'd'].map((value) => (
            <label key={value}>
              <input className="choice__input" type="radio" name="payment" value={value} checked={chosen === value} onChange={() => setChosen(value)} />
              {value}
            </label>
          ))}
          <output className="chosen">{chosen}</output>
        </form>
      );
    }
    const registry: Registry = { 'test-choices': { load: () => arrived.then(() => defineWidget('test-choices', Choices)), when: 'interaction', replay: true } };
    const radio = (value: string) => `<label><input class="choice__input" type="radio" name="payment" value="${value}">${value}</label>`;
    document.body.innerHTML = `<test-choices><form method="post" action="/nakupny-kosik/doprava">${['a', 'b', 'c'].map(radio).join('')}</form></test-choices>`;
    stop = startRegistry(registry);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    document.querySelector('input[value="a"]')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    release();
    // The first radio of the server's form is "a"; the widget's first is "c": the tap means "a".
    expect((await until(() => $('test-choices .chosen')?.textContent || null))).toBe('a');
  });

  it("an 'interaction' widget with the shopper's own to show loads as 'visible'", () => {
    const observed: Element[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe(target: Element) {
          observed.push(target);
        }
        unobserve() {}
        disconnect() {}
      },
    );
    document.body.innerHTML = '<shop-a id="mine"></shop-a><shop-a id="other"></shop-a>';
    const registry: Registry = {
      'shop-a': { load: vi.fn(() => Promise.resolve()), when: 'interaction', wanted: (element) => element.id === 'mine' },
    };
    stop = startRegistry(registry);
    expect(observed.map((e) => e.id)).toEqual(['mine']);
  });
});
