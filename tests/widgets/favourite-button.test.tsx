import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../widgets/favourite-button/favourite-button.element';
import { $favourites, resetFavouritesLoad } from '../../widgets/stores/favourites';
import { setSession } from '../../widgets/stores/session';
import { $, jsonResponse, settle, until } from './helpers';

const FALLBACK = (attr: string) =>
  `<shop-favourite-button ${attr}><form class="favourite-button__form" method="post" action="/oblubene/pridat"><button type="submit">♥</button></form></shop-favourite-button>`;

type Call = { method: string; url: string; body: string };

function server(routes: Record<string, (body: string) => Response>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url).pathname;
      const body = request.method === 'GET' ? '' : await request.text();
      calls.push({ method: request.method, url, body });
      const handler = routes[`${request.method} ${url}`];
      return handler ? handler(body) : jsonResponse({ status: 404, title: 'Not found', detail: 'x' }, 404, 'application/problem+json');
    }),
  );
  return calls;
}

beforeEach(() => {
  localStorage.clear();
  resetFavouritesLoad();
  $favourites.set({ products: [], blogs: [] });
});

afterEach(async () => {
  document.body.innerHTML = '';
  await settle();
  vi.unstubAllGlobals();
});

const toggle = () => $('button.favourite-button__toggle') as HTMLButtonElement;

describe('favourite button, anonymous', () => {
  it('toggles the product id in local storage, with no request and no popover', async () => {
    setSession({ isLogged: false, username: null, roles: [], csrf: 'c' });
    const calls = server({});
    document.body.innerHTML = FALLBACK('product-id="12"');
    await until(() => toggle());
    expect(toggle().getAttribute('aria-pressed')).toBe('false');
    expect(toggle().getAttribute('aria-label')).toBe('Pridať do obľúbených');
    toggle().click();
    await until(() => toggle().getAttribute('aria-pressed') === 'true');
    expect(JSON.parse(localStorage.getItem('product.favorites')!)).toEqual([12]);
    expect($('.favourite-popover')).toBeNull();
    toggle().click();
    await until(() => toggle().getAttribute('aria-pressed') === 'false');
    expect(JSON.parse(localStorage.getItem('product.favorites')!)).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('blog-id keeps blogs under blog.favorites', async () => {
    setSession({ isLogged: false, username: null, roles: [], csrf: 'c' });
    server({});
    document.body.innerHTML = FALLBACK('blog-id="4"');
    await until(() => toggle());
    toggle().click();
    await until(() => toggle().getAttribute('aria-pressed') === 'true');
    expect(JSON.parse(localStorage.getItem('blog.favorites')!)).toEqual([4]);
  });
});

describe('favourite button, signed in', () => {
  it('loads state from the server, adds with POST and opens the category popover', async () => {
    setSession({ isLogged: true, username: 'jana@example.sk', roles: ['ROLE_CONSUMER'], csrf: 'c' });
    const calls = server({
      'POST /api/favorite/products': () => jsonResponse([{ id: 3 }]),
      'POST /api/favorite/blogs': () => jsonResponse([]),
      'POST /api/favorite/product/12': () => jsonResponse({ product_id: 12, category_name: null }, 201),
      'GET /api/favorite/product-category': () => jsonResponse(['Do kuchyne']),
    });
    document.body.innerHTML = FALLBACK('product-id="12"') + FALLBACK('product-id="3"');
    await until(() => document.querySelectorAll('button.favourite-button__toggle').length === 2);
    const [twelve, three] = [...document.querySelectorAll<HTMLButtonElement>('button.favourite-button__toggle')];
    await until(() => three.getAttribute('aria-pressed') === 'true');
    // Two buttons, one load.
    expect(calls.filter((c) => c.url === '/api/favorite/products')).toHaveLength(1);
    twelve.click();
    await until(() => $('.favourite-popover'));
    expect(twelve.getAttribute('aria-pressed')).toBe('true');
    const name = await until(() => $('.favourite-popover__name'));
    expect(name.textContent).toBe('Do kuchyne');
    name.click();
    await until(() => !$('.favourite-popover'));
    const filed = calls.filter((c) => c.method === 'POST' && c.url === '/api/favorite/product/12');
    expect(filed).toHaveLength(2);
    expect(JSON.parse(filed[1].body)).toEqual({ category_name: 'Do kuchyne' });
    expect(localStorage.getItem('product.favorites')).toBeNull();
  });

  it('removes with DELETE; a failure shows a message and keeps the state', async () => {
    setSession({ isLogged: true, username: 'jana@example.sk', roles: ['ROLE_CONSUMER'], csrf: 'c' });
    server({
      'POST /api/favorite/products': () => jsonResponse([{ id: 5 }]),
      'POST /api/favorite/blogs': () => jsonResponse([]),
      'DELETE /api/favorite/product/5': () => jsonResponse({ status: 500, title: 'x', detail: 'x' }, 500, 'application/problem+json'),
    });
    document.body.innerHTML = FALLBACK('product-id="5"');
    await until(() => toggle()?.getAttribute('aria-pressed') === 'true');
    toggle().click();
    await until(() => $('.favourite-button__error'));
    expect(toggle().getAttribute('aria-pressed')).toBe('true');
  });

  it('new category from the popover text field', async () => {
    setSession({ isLogged: true, username: 'jana@example.sk', roles: ['ROLE_CONSUMER'], csrf: 'c' });
    const calls = server({
      'POST /api/favorite/products': () => jsonResponse([]),
      'POST /api/favorite/blogs': () => jsonResponse([]),
      'POST /api/favorite/product/8': () => jsonResponse({}, 201),
      'GET /api/favorite/product-category': () => jsonResponse([]),
    });
    document.body.innerHTML = FALLBACK('product-id="8"');
    await until(() => toggle());
    await settle();
    toggle().click();
    const input = (await until(() => $('.favourite-popover input'))) as HTMLInputElement;
    input.focus();
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(input, 'Záhrada');
    input.dispatchEvent(new Event('input', { bubbles: true }));
    const submit = (await until(() => $('.favourite-popover__new button:not([disabled])'))) as HTMLButtonElement;
    submit.click();
    await until(() => !$('.favourite-popover'));
    expect(JSON.parse(calls.filter((c) => c.url === '/api/favorite/product/8').at(-1)!.body)).toEqual({ category_name: 'Záhrada' });
  });
});
