import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../widgets/favourites-sync/favourites-sync.element';
import { $favourites, syncFavouritesAfterSignIn } from '../../widgets/stores/favourites';
import { setSession } from '../../widgets/stores/session';
import { jsonResponse, settle, until } from './helpers';

type Call = { method: string; url: string; body: string };

function server(fail = false) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      calls.push({ method: request.method, url: new URL(request.url).pathname, body: await request.text() });
      if (fail) return jsonResponse({ status: 500, title: 'x', detail: 'x' }, 500, 'application/problem+json');
      return jsonResponse({ ok: true });
    }),
  );
  return calls;
}

afterEach(async () => {
  document.body.innerHTML = '';
  await settle();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('local favourites → server after sign-in', () => {
  it('the hidden sync element pushes products in one PUT, blogs one PUT each, then clears the keys', async () => {
    localStorage.setItem('product.favorites', '[3,7]');
    localStorage.setItem('blog.favorites', '[2]');
    setSession({ isLogged: true, username: 'jana@example.sk', roles: ['ROLE_CONSUMER'], csrf: 'c' });
    const calls = server();
    document.body.innerHTML = '<shop-favourites-sync hidden></shop-favourites-sync>';
    await until(() => localStorage.getItem('blog.favorites') === null);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['PUT /api/favorite/product', 'PUT /api/favorite/blog/2']);
    expect(JSON.parse(calls[0].body)).toEqual({ product_ids: [3, 7] });
    expect(localStorage.getItem('product.favorites')).toBeNull();
    expect($favourites.get().products).toEqual(expect.arrayContaining([3, 7]));
  });

  it('does nothing when anonymous or when there is nothing kept locally', async () => {
    const calls = server();
    setSession({ isLogged: false, username: null, roles: [], csrf: 'c' });
    localStorage.setItem('product.favorites', '[3]');
    expect(await syncFavouritesAfterSignIn()).toBe(false);
    localStorage.clear();
    setSession({ isLogged: true, username: 'a@b.sk', roles: [], csrf: 'c' });
    expect(await syncFavouritesAfterSignIn()).toBe(false);
    expect(calls).toEqual([]);
  });

  it('a failed push keeps the local ids for the next page', async () => {
    localStorage.setItem('product.favorites', '[9]');
    setSession({ isLogged: true, username: 'a@b.sk', roles: [], csrf: 'c' });
    server(true);
    await expect(syncFavouritesAfterSignIn()).rejects.toThrow();
    expect(localStorage.getItem('product.favorites')).toBe('[9]');
  });
});
