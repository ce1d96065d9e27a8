import { afterEach, describe, expect, it, vi } from 'vitest';

await vi.hoisted(async () => (await import('./page-defaults')).setDefaults({ shop: 'sk', locale: 'sk', csrf: 'csrf-pp', currency: { code: 'EUR', symbol: '€' } }));

import '../../widgets/pickup-picker/pickup-picker.element';
import { $, jsonResponse, key, settle, until } from './helpers';

const point = (id: number, city: string, street: string) => ({
  id, company_id: 10, name: `Packeta Trafika ${city}`, location: 'pri vchode', address: `${street}, 040 01 ${city}`, street, zip: '040 01', city, country: 'sk', latitude: 48.7, longitude: 21.2,
});
const KOSICE = point(7, 'Košice', 'Hlavná 1');
const ALL = [point(3, 'Bratislava', 'Obchodná 2'), KOSICE];

/** The server's step-2 box: the no-JS select inside the tag (templates/pages/cart/shipping.eta). */
const page = (company = 10) =>
  (document.body.innerHTML = `<form><shop-pickup-picker company="${company}" country="sk" chosen="null"><fieldset class="choice-group pickup"><legend>Výdajné miesto</legend><select name="pickup_point_id"><option value="">— vyberte —</option></select></fieldset></shop-pickup-picker></form>`);

function server() {
  const asked: string[] = [];
  const saved: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      if (url.pathname === '/api/pickup-points') {
        asked.push(url.search);
        const q = url.searchParams.get('q') ?? '';
        return jsonResponse({ items: q ? ALL.filter((p) => p.city.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().startsWith(q)) : ALL });
      }
      saved.push({ path: url.pathname, token: request.headers.get('x-csrf-token'), body: await request.clone().json() });
      return jsonResponse({ count: 1, total: 1000, totalFormatted: '10,00 €', cart: { pickup_point: KOSICE } });
    }),
  );
  return { asked, saved };
}

async function open(): Promise<{ opener: HTMLElement; dialog: HTMLElement }> {
  const opener = await until(() => $('button.pickup__open'));
  opener.click();
  const dialog = await until(() => $('[role="dialog"]'));
  return { opener, dialog };
}

async function type(input: HTMLInputElement, value: string): Promise<void> {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await settle();
}

afterEach(async () => {
  document.querySelectorAll('shop-pickup-picker').forEach((el) => el.remove());
  await settle();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('<shop-pickup-picker> (issue 23)', () => {
  it('opens a labelled modal dialog, searches without accents, saves the chosen point and shows it', async () => {
    const { asked, saved } = server();
    page();
    const { dialog } = await open();
    expect($('shop-pickup-picker select')).toBeNull();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).toBe('Vyberte výdajné miesto');
    const search = dialog.querySelector<HTMLInputElement>('input[type="search"]')!;
    expect(document.activeElement).toBe(search);
    await until(() => dialog.querySelectorAll('.pickup-dialog__point').length === 2);
    // No tile server configured: no map, the list works alone.
    expect(dialog.querySelector('.pickup-map')).toBeNull();

    await type(search, 'kosice');
    await until(() => dialog.querySelectorAll('.pickup-dialog__point').length === 1);
    expect(asked.at(-1)).toBe('?company=10&country=sk&q=kosice');
    expect(dialog.querySelector('[role="status"]')?.textContent).toBe('Nájdené: 1');
    const line = dialog.querySelector<HTMLButtonElement>('.pickup-dialog__point')!;
    expect(line.textContent).toBe('Packeta Trafika Košicepri vchodeHlavná 1, 040 01 Košice');
    line.click();
    await until(() => !$('[role="dialog"]'));
    expect(saved).toEqual([{ path: '/api/cart/pickup', token: 'csrf-pp', body: { pickup_point_id: 7, company_id: 10 } }]);
    expect($('.pickup__chosen')?.textContent).toContain('Packeta Trafika Košice');
  });

  it('moves through the list with the arrows, traps Tab, closes on Escape and gives focus back', async () => {
    server();
    page();
    const { opener, dialog } = await open();
    await until(() => dialog.querySelectorAll('.pickup-dialog__point').length === 2);
    const [first, second] = dialog.querySelectorAll<HTMLButtonElement>('.pickup-dialog__point');
    first.focus();
    key(first, 'ArrowDown');
    expect(document.activeElement).toBe(second);
    key(second, 'Tab');
    expect(document.activeElement).toBe(dialog.querySelector('.pickup-dialog__close'));
    key(document.activeElement!, 'Escape');
    await until(() => !$('[role="dialog"]'));
    expect(document.activeElement).toBe(opener);
  });

  it('is titled for post offices with shipping 9', async () => {
    server();
    page(9);
    const { dialog } = await open();
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).toBe('Vyberte poštu');
    expect(dialog.querySelector('label')?.textContent).toBe('Hľadať poštu (mesto alebo PSČ)');
  });
});
