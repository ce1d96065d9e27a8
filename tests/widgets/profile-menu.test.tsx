import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../widgets/profile-menu/profile-menu.element';
import { setSession } from '../../widgets/stores/session';
import { $, key, settle, until } from './helpers';

const FALLBACK =
  '<shop-profile-menu><details class="profile-menu"><summary class="profile-menu__button">Profil</summary><nav><a href="/moje/prihlasenie">Prihlásiť sa</a></nav></details></shop-profile-menu>';

const links = () => [...document.querySelectorAll<HTMLAnchorElement>('.profile-menu__links a')].map((a) => [a.textContent, a.getAttribute('href')]);

async function open(): Promise<HTMLElement> {
  const button = await until(() => $('button.profile-menu__button'));
  button.click();
  await until(() => $('.profile-menu__links'));
  return button;
}

function phone(): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

afterEach(async () => {
  document.querySelectorAll('shop-profile-menu').forEach((el) => el.remove());
  await settle();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('profile menu', () => {
  it('logged out: "Profil" with favourites, sign in and sign up', async () => {
    setSession({ isLogged: false, username: null, roles: [], csrf: 'c' });
    document.body.innerHTML = FALLBACK;
    const button = await open();
    expect($('.profile-menu__name')?.textContent).toBe('Profil');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(links()).toEqual([
      ['Obľúbené', '/oblubene'],
      ['Prihlásiť sa', '/moje/prihlasenie'],
      ['Registrovať sa', '/registracia'],
    ]);
    expect($('.profile-menu__sign-out')).toBeNull();
  });

  it('logged in: the name before the at-sign, account links, role links, then sign-out', async () => {
    setSession({ isLogged: true, username: 'jana.novakova@example.sk', roles: ['ROLE_CONSUMER', 'ROLE_SELLER', 'ROLE_INFLUENCER', 'ROLE_STORY'], csrf: 'c1' });
    document.body.innerHTML = FALLBACK;
    await open();
    expect($('.profile-menu__name')?.textContent).toBe('jana.novakova');
    expect(links()).toEqual([
      ['Konto', '/moje/konto'],
      ['Údaje', '/moje/udaje'],
      ['Nákupy', '/moje/objednavky'],
      ['Body', '/moje/body'],
      ['Kupóny', '/moje/kupony'],
      ['Obľúbené', '/moje/oblubene'],
      ['Správy', '/moje/spravy'],
      ['Produkty', '/moje/produkty'],
      ['Predaje', '/moje/predaje'],
      ['Údaje obchodu', '/moje/udaje-obchodu'],
      ['Influencer', '/moje/influencer-kupony'],
      ['Rakeťák', '/moje/raketak'],
    ]);
    const form = $('.profile-menu__sign-out') as HTMLFormElement;
    expect(form.getAttribute('action')).toBe('/moje/odhlasenie');
    expect(form.method).toBe('post');
    expect((form.querySelector('input[name="_csrf"]') as HTMLInputElement).value).toBe('c1');
    expect(form.textContent).toBe('Odhlásiť sa');
  });

  it('a consumer sees no role links; Správy carries the unread count', async () => {
    setSession({ isLogged: true, username: 'peter', roles: ['ROLE_CONSUMER'], csrf: 'c', unread: 2 });
    document.body.innerHTML = FALLBACK;
    await open();
    expect(links().map(([label]) => label)).toEqual(['Konto', 'Údaje', 'Nákupy', 'Body', 'Kupóny', 'Obľúbené', 'Správy2 neprečítané']);
    expect($('.profile-menu__links a[href="/moje/spravy"] [data-unread]')?.textContent).toBe('2');
  });

  it('desktop popover: Escape closes and focus returns to the button; outside press closes', async () => {
    setSession({ isLogged: false, username: null, roles: [], csrf: 'c' });
    document.body.innerHTML = FALLBACK + '<p id="outside">text</p>';
    const button = await open();
    expect($('.profile-menu__panel--popover')).not.toBeNull();
    key(document.activeElement ?? document.body, 'Escape');
    await until(() => !$('.profile-menu__links'));
    expect(document.activeElement).toBe(button);

    button.click();
    await until(() => $('.profile-menu__links'));
    $('#outside')!.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    await until(() => !$('.profile-menu__links'));
  });

  it('phone drawer: a dialog with focus inside, Escape closes and focus returns', async () => {
    phone();
    setSession({ isLogged: false, username: null, roles: [], csrf: 'c' });
    document.body.innerHTML = FALLBACK;
    const button = await open();
    const dialog = $('[role="dialog"]')!;
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.classList.contains('profile-menu__drawer')).toBe(true);
    await until(() => dialog.contains(document.activeElement));
    expect(document.documentElement.classList.contains('drawer-open')).toBe(true);

    // Tab from the last item wraps to the first.
    const items = [...dialog.querySelectorAll<HTMLElement>('a, button')];
    items[items.length - 1].focus();
    key(items[items.length - 1], 'Tab');
    expect(document.activeElement).toBe(items[0]);

    key(document.activeElement!, 'Escape');
    await until(() => !$('[role="dialog"]'));
    expect(document.activeElement).toBe(button);
    expect(document.documentElement.classList.contains('drawer-open')).toBe(false);
  });

  it('phone drawer: a tap on the backdrop closes it', async () => {
    phone();
    setSession({ isLogged: false, username: null, roles: [], csrf: 'c' });
    document.body.innerHTML = FALLBACK;
    await open();
    $('.drawer__backdrop')!.click();
    await until(() => !$('[role="dialog"]'));
  });
});
