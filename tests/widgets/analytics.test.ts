import { describe, expect, it } from 'vitest';
import { installErrorReporting } from '../../widgets/lib/analytics';
import { pushEvent } from '../../widgets/lib/data-layer';

describe('analytics', () => {
  it('pushes events onto window.dataLayer', () => {
    pushEvent({ event: 'add_to_cart', value: 12.9 });
    expect(window.dataLayer).toContainEqual({ event: 'add_to_cart', value: 12.9 });
  });

  it('queues uncaught errors and unhandled rejections as exception events, installed once', () => {
    installErrorReporting();
    installErrorReporting();
    window.shopEventQueue = [];
    window.dispatchEvent(new ErrorEvent('error', { message: 'Boom', error: new Error('Boom') }));
    const rejection = new Event('unhandledrejection') as Event & { reason: unknown };
    rejection.reason = new TypeError('fetch failed');
    window.dispatchEvent(rejection);
    expect(window.shopEventQueue).toEqual([
      { event: 'exception', description: 'Boom', fatal: true },
      { event: 'exception', description: 'TypeError: fetch failed', fatal: false },
    ]);
  });
});

describe('GA4 e-commerce and Consent Mode v2 (issue 22)', () => {
  it('pushes an event in the GA4 shape, clearing the previous ecommerce object first', async () => {
    const { cartItems, ga4Item, track } = await import('../../widgets/analytics');
    window.dataLayer = [];
    track('add_to_cart', 'EUR', [ga4Item(7, 'Forma', 1290, 2)]);
    track('add_payment_info', 'EUR', cartItems([{ id: 7, name: 'Forma', price_active: 1290, quantity: 2 }, { id: 8, name: 'Miska', price_active: 105, quantity: 1 }]), { payment_type: 'Kartou' });
    expect(window.dataLayer).toEqual([
      { ecommerce: null },
      { event: 'add_to_cart', ecommerce: { currency: 'EUR', value: 25.8, items: [{ item_id: '7', item_name: 'Forma', price: 12.9, quantity: 2 }] } },
      { ecommerce: null },
      {
        event: 'add_payment_info',
        ecommerce: { currency: 'EUR', payment_type: 'Kartou', value: 26.85, items: [{ item_id: '7', item_name: 'Forma', price: 12.9, quantity: 2 }, { item_id: '8', item_name: 'Miska', price: 1.05, quantity: 1 }] },
      },
    ]);
  });

  it('sets every consent signal to denied before anything, pushes the page event, shows the bar until a choice updates the signals', async () => {
    document.cookie = 'consent=; Max-Age=0; Path=/';
    window.dataLayer = [];
    document.body.innerHTML = `<script type="application/json" id="shop-analytics">{"event":"view_item","ecommerce":{"currency":"EUR","value":1,"items":[]}}</script>
      <form class="consent" hidden><button name="choice" value="all">Prijať všetko</button></form>`;
    const { enableConsent } = await import('../../widgets/entries/consent');
    enableConsent();
    const entries = window.dataLayer.map((e) => (e && typeof e === 'object' && 'length' in e ? Array.from(e as ArrayLike<unknown>) : e));
    expect(entries).toEqual([
      ['consent', 'default', { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' }],
      { ecommerce: null },
      { event: 'view_item', ecommerce: { currency: 'EUR', value: 1, items: [] } },
    ]);
    expect(document.querySelector('form.consent')!.hasAttribute('hidden')).toBe(false);
    const { saveConsent } = await import('../../widgets/lib/consent');
    saveConsent({ analytics: true, marketing: false });
    expect(document.querySelector('form.consent')!.hasAttribute('hidden')).toBe(true);
    expect(Array.from(window.dataLayer.at(-1) as ArrayLike<unknown>)).toEqual([
      'consent',
      'update',
      { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'granted' },
    ]);
    expect(document.cookie).toContain('consent=a1m0');
    document.body.innerHTML = '';
  });
});
