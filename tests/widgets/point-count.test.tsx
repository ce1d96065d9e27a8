import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../widgets/point-count/point-count.element';
import { $, jsonResponse, settle, until } from './helpers';

afterEach(async () => {
  document.body.innerHTML = '';
  await settle();
  vi.unstubAllGlobals();
});

const FALLBACK = '<shop-point-count><a class="point-count" href="/moje/body">Body</a></shop-point-count>';
const value = () => $('.point-count__value')?.textContent;

describe('point count', () => {
  it('shows the balance from GET /api/consumer/point/count and follows shop:points-changed', async () => {
    const fetch = vi.fn(async (_request: Request) => jsonResponse({ count: 120 }));
    vi.stubGlobal('fetch', fetch);
    document.body.innerHTML = FALLBACK;
    await until(() => value() === '120');
    expect(new URL(fetch.mock.calls[0][0].url).pathname).toBe('/api/consumer/point/count');
    document.dispatchEvent(new CustomEvent('shop:points-changed', { detail: { balance: 80 } }));
    await until(() => value() === '80');
    expect($('a.point-count')!.getAttribute('href')).toBe('/moje/body');
  });

  it('shows 0 when the call fails', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ status: 500, title: 'Error', detail: 'x' }, 500, 'application/problem+json')));
    document.body.innerHTML = FALLBACK;
    await until(() => value() === '0');
  });
});
