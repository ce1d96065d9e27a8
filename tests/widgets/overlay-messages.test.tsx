import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../widgets/overlay-messages/overlay-messages.element';
// Its own chunk, imported by the element for a list with a popover: loaded here once, so that import resolves at once.
import { clearOfMenu } from '../../widgets/overlay-messages/popover';
import { planOverlays, waitingForConsent, type OverlayMessage } from '../../widgets/overlay-messages/plan';
import { overlaysWanted } from '../../widgets/overlay-messages/ask';
import { $, jsonResponse, settle, until, untilNow } from './helpers';

const msg = (id: number, extra: Partial<OverlayMessage> = {}): OverlayMessage => ({
  id,
  text: `Správa ${id}`,
  severity: 'info',
  position: 'bottom-right',
  target: null,
  show_delay: 0,
  hide_delay: null,
  sequence: null,
  ...extra,
});

function mount(messages: OverlayMessage[], before = '') {
  document.body.innerHTML = `${before}<shop-overlay-messages messages='${JSON.stringify(messages)}'></shop-overlay-messages>`;
}

const shown = () => [...document.querySelectorAll('[data-overlay-id]')].map((el) => Number(el.getAttribute('data-overlay-id'))).sort((a, b) => a - b);
const tick = (ms: number) => {
  vi.advanceTimersByTime(ms);
  return new Promise<void>((resolve) => setImmediate(resolve));
};
const sameAs = (ids: number[]) => () => JSON.stringify(shown()) === JSON.stringify(ids);

afterEach(async () => {
  document.querySelectorAll('shop-overlay-messages').forEach((el) => el.remove());
  if (vi.isFakeTimers()) vi.runOnlyPendingTimers();
  vi.useRealTimers();
  await settle();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('overlay plan', () => {
  it('runs parallel messages at their own delays and sequenced ones one after another', () => {
    const plan = planOverlays([msg(1, { show_delay: 500 }), msg(2, { sequence: 2, show_delay: 100, hide_delay: 2000 }), msg(3, { sequence: 1, hide_delay: 2500 })]);
    expect(plan).toEqual([
      { id: 1, show: 500, hide: 3500 },
      { id: 3, show: 0, hide: 2500 },
      { id: 2, show: 2600, hide: 4600 },
    ]);
  });
});

describe('overlays keep clear of the consent bar and the menu (issue 23)', () => {
  it('holds the toasts meant for the bottom while the consent bar is open, not the others', () => {
    const list = [msg(1, { position: 'bottom-right' }), msg(2, { position: 'bottom' }), msg(3, { position: 'top-right' }), msg(4, { position: 'bottom', target: '#search-q' })];
    expect(waitingForConsent(list, true).map((m) => m.id)).toEqual([3, 4]);
    expect(waitingForConsent(list, false)).toEqual(list);
  });

  it('moves a popover that would lie over the menu to just below it', () => {
    const menu = { top: 64, bottom: 158 };
    expect(clearOfMenu(60, menu)).toBe(166);
    expect(clearOfMenu(170, menu)).toBe(170);
    // A hidden menu (phones draw a drawer instead) has no box: nothing to avoid.
    expect(clearOfMenu(60, { top: 0, bottom: 0 })).toBe(60);
    expect(clearOfMenu(60, null)).toBe(60);
  });

  it('shows no bottom toast on a page with the consent bar; the top one comes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    mount([msg(1, { position: 'bottom-right' }), msg(2, { position: 'top-right' })], '<form class="consent"><button class="button">Rozumiem</button></form>');
    await untilNow(() => $('.overlay-popovers'));
    await tick(0);
    await untilNow(sameAs([2]));
    expect($('.overlay-toasts--bottom-right')).toBeNull();
  });
});

describe('overlay messages', () => {
  it('shows a toast in its corner in a polite live region after its show delay, hidden after 3000 ms by default', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    mount([msg(1, { position: 'top-left', show_delay: 1000 })]);
    const region = await untilNow(() => $('.overlay-toasts--top-left'));
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(shown()).toEqual([]);
    await tick(1000);
    await untilNow(sameAs([1]));
    expect($('.overlay-toasts--top-left .overlay-toast')?.textContent).toContain('Správa 1');
    await tick(2999);
    expect(shown()).toEqual([1]);
    await tick(1);
    await untilNow(sameAs([]));
  });

  it('anchors a targeted message to its element as a popover and lets it be dismissed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    mount([msg(5, { target: '#search-q', position: 'bottom', hide_delay: 10_000 }), msg(6, { target: '#missing' })], '<input id="search-q">');
    await untilNow(() => $('.overlay-popovers'));
    await tick(0);
    await untilNow(() => $('.overlay-popover'));
    const popover = $('.overlay-popover')!;
    expect(popover.classList.contains('overlay-popover--bottom')).toBe(true);
    expect(popover.style.top).toMatch(/px$/);
    expect(popover.closest('[aria-live="polite"]')).not.toBeNull();
    expect(shown()).toEqual([5]);
    (popover.querySelector('.overlay__close') as HTMLElement).click();
    await untilNow(sameAs([]));
  });

  it('a targeted popover hides after 3000 ms when hide_delay is null', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    mount([msg(7, { target: '#search-q' })], '<input id="search-q">');
    await untilNow(() => $('.overlay-popovers'));
    await tick(0);
    await untilNow(() => $('.overlay-popover'));
    await tick(2999);
    expect(shown()).toEqual([7]);
    await tick(1);
    await untilNow(sameAs([]));
  });

  it('runs sequenced messages one after another and the others in parallel', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    mount([msg(1, { sequence: 1, hide_delay: 2000 }), msg(2, { sequence: 2, hide_delay: 2000 }), msg(3), msg(4, { position: 'top-right' })]);
    await untilNow(() => $('.overlay-popovers'));
    await tick(0);
    await untilNow(sameAs([1, 3, 4]));
    await tick(2000);
    await untilNow(sameAs([2, 3, 4]));
    await tick(1000);
    await untilNow(sameAs([2]));
    await tick(1000);
    await untilNow(sameAs([]));
  });

  it('shows what the registry asked the API for the current route (X-Referrer-Route), ignoring malformed answers', async () => {
    // One place asks (ask.ts, in the site entry); the element draws the answer it was handed.
    const fetch = vi.fn(async (_request: Request) => jsonResponse([msg(9), { id: 'x' }, null]));
    vi.stubGlobal('fetch', fetch);
    history.replaceState(null, '', '/navody-inspiracie/a/b');
    document.body.innerHTML = '<shop-overlay-messages></shop-overlay-messages>';
    const host = $('shop-overlay-messages')!;
    expect(await overlaysWanted(host, 'http://localhost/api/overlay')).toBe(true);
    await until(() => shown().length === 1);
    const request = fetch.mock.calls[0][0];
    expect(new URL(request.url).pathname).toBe('/api/overlay');
    expect(request.headers.get('X-Referrer-Route')).toBe('/navody-inspiracie/a/b');
    expect(shown()).toEqual([9]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('the registry loads the widget only when the API has a message for the page, and hands it the answer', async () => {
    const answers: unknown[] = [[], [msg(4)]];
    const fetch = vi.fn(async (_request: Request) => jsonResponse(answers.shift()));
    vi.stubGlobal('fetch', fetch);
    history.replaceState(null, '', '/kategoria/a');
    const host = document.createElement('shop-overlay-messages');
    expect(await overlaysWanted(host, 'http://localhost/api/overlay')).toBe(false);
    expect(host.hasAttribute('messages')).toBe(false);
    expect(fetch.mock.calls[0][0].headers.get('X-Referrer-Route')).toBe('/kategoria/a');
    expect(await overlaysWanted(host, 'http://localhost/api/overlay')).toBe(true);
    expect(JSON.parse(host.getAttribute('messages')!)).toEqual([msg(4)]);
    // Messages given by the page need no call.
    expect(await overlaysWanted(host)).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
