import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../widgets/guide-unlock/guide-unlock.element';
import '../../widgets/order-tabs/order-tabs.element';
import { tabForHash } from '../../widgets/order-tabs/OrderTabs';
import { resetDefaults } from '../../widgets/lib/defaults';
import { $, jsonResponse, settle, setDefaults as writeDefaults, until, untilNow } from './helpers';

/** The defaults are read once per page; each test is a new page. */
function setDefaults(defaults: Record<string, unknown>) {
  writeDefaults(defaults);
  resetDefaults();
}

const card = (extra = '') =>
  `<article class="guide-card"><h3>Návod</h3><shop-guide-unlock guide="7" price="30" href="/moje/navody/ziskat/7"${extra}><a href="/moje/navody/ziskat/7">Získať za 30 bodov</a></shop-guide-unlock></article>`;
const obtain = () => $('shop-guide-unlock button.guide-card__obtain') as HTMLButtonElement | null;

afterEach(async () => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  document.body.innerHTML = '';
  await settle();
  vi.unstubAllGlobals();
});

describe('guide unlock', () => {
  it('confirms, unlocks, shows "Potvrdenie, Odomkol si návod" for 2000 ms and redirects after 2000 ms', async () => {
    setDefaults({ csrf: 'tok', isLogged: true });
    const fetch = vi.fn(async (_r: Request) => jsonResponse({ blog_id: 7, unlocked: true, balance: 20, redirect: '/moje/objednavky#blog:7' }));
    vi.stubGlobal('fetch', fetch);
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    document.body.innerHTML = card(' hide-card="true"');
    (await until(obtain)).click();
    const dialog = await until(() => $('[role="alertdialog"]'));
    expect(dialog.getAttribute('aria-label')).toBe('Potvrdenie');
    expect(dialog.textContent).toContain('Naozaj chceš vymeniť 30 bodov za túto výhodu?');
    expect([...dialog.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Zrušiť', 'Získať za 30 bodov']);
    expect(fetch).not.toHaveBeenCalled();
    await import('../../widgets/lib/api'); // loaded lazily by the widget; loaded here before time is faked
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    ($('.guide-unlock__confirm-button') as HTMLButtonElement).click();
    const toast = await untilNow(() => $('.guide-unlock__toast'));
    expect(toast.textContent).toBe('Potvrdenie, Odomkol si návod');
    const request = fetch.mock.calls[0][0];
    expect([request.method, new URL(request.url).pathname, request.headers.get('x-csrf-token')]).toEqual(['POST', '/api/consumer/blog/7/unlock', 'tok']);
    // "Hide the card if configured": the card goes, the toast (in <body>) stays.
    expect($('.guide-card')!.classList.contains('guide-card--hidden')).toBe(true);
    expect(toast.closest('.guide-card')).toBeNull();
    vi.advanceTimersByTime(1999);
    expect(assign).not.toHaveBeenCalled();
    expect($('.guide-unlock__toast')).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(assign).toHaveBeenCalledWith('/moje/objednavky#blog:7');
    await untilNow(() => !$('.guide-unlock__toast'));
  });

  it('keeps the card without hide-card, shows the server’s short-balance text, and cancelling sends nothing', async () => {
    setDefaults({ csrf: 'tok', isLogged: true });
    const detail = 'Nedostatok bodov - Pre získanie kupónu nazbieraj viac bodov';
    const fetch = vi.fn(async (_r: Request) => jsonResponse({ status: 409, title: 'Conflict', detail }, 409, 'application/problem+json'));
    vi.stubGlobal('fetch', fetch);
    document.body.innerHTML = card();
    (await until(obtain)).click();
    (await until(() => $('.guide-unlock__confirm .button--ghost') as HTMLButtonElement | null)).click();
    await until(() => !$('[role="alertdialog"]'));
    expect(fetch).not.toHaveBeenCalled();
    obtain()!.click();
    (await until(() => $('.guide-unlock__confirm-button') as HTMLButtonElement | null)).click();
    const error = await until(() => $('.guide-unlock__error'));
    expect(error.textContent).toBe(detail);
    expect($('.guide-card')!.classList.contains('guide-card--hidden')).toBe(false);
    expect($('.guide-unlock__toast')).toBeNull();
  });

  it('sends a signed-out shopper to the confirmation page (which asks to sign in)', async () => {
    setDefaults({ csrf: 'tok', isLogged: false });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    document.body.innerHTML = card();
    (await until(obtain)).click();
    expect(assign).toHaveBeenCalledWith('/moje/navody/ziskat/7');
    expect($('[role="alertdialog"]')).toBeNull();
  });
});

describe('order tabs', () => {
  it('maps hashes to tabs', () => {
    expect(tabForHash('#blog:12')).toBe('navody');
    expect(tabForHash('#navody')).toBe('navody');
    expect(tabForHash('#tovary')).toBe('tovary');
    expect(tabForHash('#blog:x')).toBeNull();
    expect(tabForHash('')).toBeNull();
  });

  it('opens the Návody tab for #blog:{id} and scrolls that guide into view', async () => {
    const scrolled = vi.fn();
    window.history.replaceState(null, '', '/moje/objednavky#blog:12');
    document.body.innerHTML = `<div class="order-tabs" data-tab="tovary">
      <a data-tab-link="tovary" aria-current="true" href="#tovary">Tovary</a><a data-tab-link="navody" href="#navody">Návody</a>
      <shop-order-tabs></shop-order-tabs>
      <section id="tovary"></section><section id="navody"><ul><li id="blog:12">Návod</li></ul></section></div>`;
    document.getElementById('blog:12')!.scrollIntoView = scrolled;
    const tabs = $('.order-tabs')!;
    await until(() => tabs.dataset.tab === 'navody');
    expect($('[data-tab-link="navody"]')!.getAttribute('aria-current')).toBe('true');
    expect($('[data-tab-link="tovary"]')!.hasAttribute('aria-current')).toBe(false);
    await until(() => scrolled.mock.calls.length > 0);
    window.location.hash = '#tovary';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    await until(() => tabs.dataset.tab === 'tovary');
    window.history.replaceState(null, '', '/');
  });
});
