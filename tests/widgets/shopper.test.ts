import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshShopper } from '../../widgets/entries/shopper';
import { setDefaults } from './helpers';

/** A shared page's header as the server renders it for everyone: an empty cart, "Profil". */
function sharedHeader(): void {
  document.body.insertAdjacentHTML(
    'beforeend',
    '<shop-cart-button count="0" total="0,00 €"><a class="cart-button"><span class="cart-button__count">0</span></a></shop-cart-button><span class="profile-menu__name">Profil</span>',
  );
}

const mine = { isLogged: true, loggedUsername: 'jana@example.sk', loggedRoles: ['ROLE_CONSUMER'], cart: { count: 3, total: 4500, totalFormatted: '45,00 €' }, csrf: 'token-of-jana' };

/** Lets the fetch's promise chain run out. */
async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

afterEach(() => {
  document.cookie = 'shopper=; max-age=0; path=/';
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  setDefaults({});
});

describe('a shared page shown to a browser with a session (widgets/entries/shopper.ts)', () => {
  it("asks for the shopper's own bits and puts them in the defaults and the header's boxes", async () => {
    setDefaults({ csrf: '', isLogged: false });
    sharedHeader();
    document.cookie = 'shopper=1; path=/';
    const fetch = vi.fn(async () => new Response(JSON.stringify(mine), { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    refreshShopper();
    await vi.waitFor(() => expect(document.querySelector('.cart-button__count')!.textContent).toBe('3'));
    expect(fetch).toHaveBeenCalledWith('/api/session', { credentials: 'same-origin' });
    const defaults = JSON.parse(document.getElementById('shop-defaults')!.textContent!);
    expect(defaults).toMatchObject({ csrf: 'token-of-jana', isLogged: true, cart: { count: 3 } });
    expect(document.querySelector('shop-cart-button')!.getAttribute('count')).toBe('3');
    expect(document.querySelector('shop-cart-button')!.getAttribute('total')).toBe('45,00 €');
    expect(document.querySelector('.profile-menu__name')!.textContent).toBe('jana');
  });

  it('asks nothing without the cookie, or on a page rendered for the shopper (it carries their token)', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    setDefaults({ csrf: '' });
    sharedHeader();
    refreshShopper();
    document.cookie = 'shopper=1; path=/';
    setDefaults({ csrf: 'already-mine' });
    refreshShopper();
    await settle();
    expect(fetch).not.toHaveBeenCalled();
  });
});
