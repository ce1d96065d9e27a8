import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../widgets/voucher-list/voucher-list.element';
import { $, jsonResponse, settle, setDefaults, until, untilNow } from './helpers';

const OFFERS = JSON.stringify([
  { id: 3, name: 'Kupón 5 €', price: 100 },
  { id: 4, name: 'Vypredané', price: 50, disabled: true },
]).replace(/"/g, '&quot;');
const html = `<shop-voucher-list offers="${OFFERS}"><div class="voucher-offers"><a href="/moje/kupony/kupit/3">Získaj</a></div></shop-voucher-list>`;
const buttons = () => [...document.querySelectorAll<HTMLButtonElement>('button.reward-card__button')];

afterEach(async () => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  document.body.innerHTML = '';
  await settle();
  vi.unstubAllGlobals();
});

describe('voucher list', () => {
  it('asks for confirmation, buys, says "Získal si kupón" and goes to the voucher after 2 s', async () => {
    setDefaults({ csrf: 'tok' });
    const fetch = vi.fn(async (_r: Request) => jsonResponse({ message: 'Získal si kupón', voucher: { id: 42 } }, 201));
    vi.stubGlobal('fetch', fetch);
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    document.body.innerHTML = html;
    await until(() => buttons().length === 2);
    expect(buttons()[1].disabled).toBe(true);
    buttons()[0].click();
    const dialog = await until(() => $('[role="alertdialog"]'));
    expect(dialog.textContent).toContain('Naozaj chceš vymeniť 100 bodov za túto výhodu?');
    expect(fetch).not.toHaveBeenCalled();
    await import('../../widgets/lib/api'); // loaded lazily by the widget; loaded here before time is faked
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    ($('.voucher-offers__confirm-button') as HTMLButtonElement).click();
    await untilNow(() => $('.message--success'), 2000);
    expect($('.message--success')!.textContent).toBe('Získal si kupón');
    const request = fetch.mock.calls[0][0];
    expect([request.method, new URL(request.url).pathname, request.headers.get('x-csrf-token')]).toEqual(['POST', '/api/consumer/voucher/buy/3', 'tok']);
    vi.advanceTimersByTime(1999);
    expect(assign).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(assign).toHaveBeenCalledWith('/moje/kupony?vysledok=kupeny#voucher:42');
  });

  it('says "Nedostatok bodov" when points are short, and cancelling buys nothing', async () => {
    const fetch = vi.fn(async (_r: Request) => jsonResponse({ status: 409, title: 'Conflict', detail: 'x' }, 409, 'application/problem+json'));
    vi.stubGlobal('fetch', fetch);
    document.body.innerHTML = html;
    await until(() => buttons().length === 2);
    buttons()[0].click();
    (await until(() => $('.voucher-offers__confirm .button--ghost') as HTMLButtonElement | null)).click();
    await until(() => !$('[role="alertdialog"]'));
    expect(fetch).not.toHaveBeenCalled();
    buttons()[0].click();
    (await until(() => $('.voucher-offers__confirm-button') as HTMLButtonElement | null)).click();
    await until(() => $('.message--error'));
    expect($('.message--error')!.textContent).toBe('Nedostatok bodov - Pre získanie kupónu nazbieraj viac bodov');
  });

  it('survives malformed offers', async () => {
    document.body.innerHTML = '<shop-voucher-list offers="{nope"><div class="voucher-offers"></div></shop-voucher-list>';
    await until(() => $('.voucher-offers ul'));
    expect(buttons()).toHaveLength(0);
  });
});
