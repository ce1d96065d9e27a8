import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

await vi.hoisted(async () => (await import('./page-defaults')).setDefaults({ shop: 'sk', locale: 'sk', csrf: 'token-123' }));

import { api, readProblem } from '../../widgets/lib/api';
import { progressReset } from '../../widgets/lib/progress';
import { jsonResponse, until } from './helpers';

const bar = () => document.querySelector<HTMLElement>('.progress');

beforeEach(() => progressReset());
afterEach(() => vi.unstubAllGlobals());

describe('api', () => {
  it('prefixes /api, sends the CSRF header and shows the progress bar while the request is in flight', async () => {
    let release!: (response: Response) => void;
    const fetch = vi.fn((_input: Request) => new Promise<Response>((resolve) => (release = resolve)));
    vi.stubGlobal('fetch', fetch);
    const pending = api.post('cart/add', { json: { product_id: 1, quantity: 1 } }).json();
    await until(() => fetch.mock.calls.length === 1);
    const request = fetch.mock.calls[0][0];
    expect(new URL(request.url).pathname).toBe('/api/cart/add');
    expect(request.headers.get('x-csrf-token')).toBe('token-123');
    expect(request.credentials).toBe('same-origin');
    expect(bar()?.classList.contains('progress--active')).toBe(true);
    expect(bar()?.hidden).toBe(false);

    release(jsonResponse({ ok: true }));
    await expect(pending).resolves.toEqual({ ok: true });
    expect(bar()?.classList.contains('progress--active')).toBe(false);
    expect(bar()?.classList.contains('progress--failed')).toBe(false);
  });

  it('turns the bar red on a 500, rejects, and exposes the problem detail', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ status: 500, title: 'Chyba', detail: 'Niečo sa pokazilo', errors: { email: 'Nezadali ste email' } }, 500, 'application/problem+json')),
    );
    const error = await api.post('vote/send', { json: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(bar()?.classList.contains('progress--failed')).toBe(true);
    const problem = await readProblem(error);
    expect(problem).toMatchObject({ status: 500, detail: 'Niečo sa pokazilo', errors: { email: 'Nezadali ste email' } });
  });

  it('turns the bar red when the network fails, with a connection message', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const error = await api.post('cart/add', { json: {} }).catch((e: unknown) => e);
    expect(bar()?.classList.contains('progress--failed')).toBe(true);
    expect((await readProblem(error)).detail).toBe('Spojenie so serverom zlyhalo. Skúste to znova.');
  });
});
