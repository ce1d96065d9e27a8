import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../widgets/points-history/points-history.element';
import { $, jsonResponse, settle, until, untilNow } from './helpers';

const entry = (id: number, value: number, item_type = 'manual') => ({ id, created_at: Date.UTC(2026, 10, 1, 8, 5), value, item_type, item_id: 0, item: null });
const initial = { items: Array.from({ length: 10 }, (_, i) => entry(i + 1, 1)), total: 25, page: 1, size: 10 };
const html = (value: unknown) => `<shop-points-history initial="${JSON.stringify(value).replace(/"/g, '&quot;')}"><div class="points-history-widget"></div></shop-points-history>`;
const rows = () => [...document.querySelectorAll('.points-history tbody tr')];

afterEach(async () => {
  vi.useRealTimers();
  document.body.innerHTML = '';
  await settle();
  vi.unstubAllGlobals();
});

describe('points history', () => {
  it('shows labels and sk-SK dates, and pages through the API', async () => {
    const fetch = vi.fn(async (_r: Request) => jsonResponse({ items: [entry(30, -5, 'point_item'), entry(31, 50, 'registration')], total: 25, page: 3, size: 10 }));
    vi.stubGlobal('fetch', fetch);
    document.body.innerHTML = html(initial);
    await until(() => rows().length === 10);
    expect([...rows()[0].querySelectorAll('td')].map((td) => td.textContent)).toEqual(['01.11.2026 09:05', 'Manuálne', '', '+1']);
    expect([...document.querySelectorAll('.pager__pages li')]).toHaveLength(3);
    ([...document.querySelectorAll<HTMLButtonElement>('.pager__page')].find((b) => b.textContent === '3')!).click();
    await until(() => rows().length === 2);
    expect(new URL(fetch.mock.calls[0][0].url).search).toBe('?page=3&size=10');
    expect(rows()[0].textContent).toContain('Výhoda');
    expect(rows()[1].textContent).toContain('Registrácia');
    expect($('[aria-current="page"]')!.textContent).toBe('3');
  });

  it('asks for 20 rows when the size changes', async () => {
    const fetch = vi.fn(async (_r: Request) => jsonResponse({ items: [], total: 25, page: 1, size: 20 }));
    vi.stubGlobal('fetch', fetch);
    document.body.innerHTML = html(initial);
    const select = await until(() => $('.pager__size select') as HTMLSelectElement | null);
    select.value = '20';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await until(() => fetch.mock.calls.length === 1);
    expect(new URL(fetch.mock.calls[0][0].url).search).toBe('?page=1&size=20');
  });

  it('shows "Error / Failed to load point history" for 3 s when loading fails', async () => {
    // A 4xx: the HTTP client retries 5xx GETs with timed back-off, which fake time would hold.
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ status: 403, title: 'Forbidden', detail: 'x' }, 403, 'application/problem+json')));
    document.body.innerHTML = html(initial);
    await until(() => rows().length === 10);
    await import('../../widgets/lib/api');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    (document.querySelector<HTMLButtonElement>('.pager__page'))!.click();
    await untilNow(() => $('.points-history__toast'));
    expect($('.points-history__toast')!.textContent).toBe('Error Failed to load point history');
    expect(rows()).toHaveLength(10);
    vi.advanceTimersByTime(2999);
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect($('.points-history__toast')).not.toBeNull();
    vi.advanceTimersByTime(1);
    await untilNow(() => !$('.points-history__toast'));
  });

  it('survives a malformed initial page', async () => {
    document.body.innerHTML = '<shop-points-history initial="{bad"><div class="points-history-widget"></div></shop-points-history>';
    await until(() => $('.loyalty__empty'));
  });
});
