import { afterEach, describe, expect, it } from 'vitest';
import { FAVOURITE_STORAGE, favouritesWanted, LAYOUT_PREFIX, productListWanted, rememberOpenedProducts, RETURN_STORAGE } from '../../widgets/entries/wanted';
import { FAVOURITE_KEYS } from '../../widgets/stores/favourites';
import { layoutStorageKey } from '../../widgets/product-list/layout';
import { RETURN_KEY } from '../../widgets/product-list/return-scroll';
import { setDefaults } from './helpers';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  document.body.innerHTML = '';
  setDefaults({});
});

describe('what the site entry checks before any widget code (decision 166)', () => {
  it('uses the widgets\' own storage keys', () => {
    expect(FAVOURITE_STORAGE).toEqual([FAVOURITE_KEYS.product, FAVOURITE_KEYS.blog]);
    expect(LAYOUT_PREFIX + 'search').toBe(layoutStorageKey('search'));
    expect(RETURN_STORAGE).toBe(RETURN_KEY);
  });

  it('loads the hearts at once for a signed-in shopper or one with hearts kept in this browser', () => {
    setDefaults({ isLogged: false });
    expect(favouritesWanted()).toBe(false);
    localStorage.setItem(FAVOURITE_KEYS.product, '[]');
    expect(favouritesWanted()).toBe(false);
    localStorage.setItem(FAVOURITE_KEYS.blog, '[3]');
    expect(favouritesWanted()).toBe(true);
    localStorage.clear();
    setDefaults({ isLogged: true });
    expect(favouritesWanted()).toBe(true);
  });

  it('loads the list at once for a remembered layout or a product to scroll back to here', () => {
    const list = document.createElement('shop-product-list');
    list.setAttribute('layout-key', 'category:5');
    expect(productListWanted(list)).toBe(false);
    sessionStorage.setItem(RETURN_KEY, JSON.stringify({ url: '/elsewhere', id: '2' }));
    expect(productListWanted(list)).toBe(false);
    sessionStorage.setItem(RETURN_KEY, JSON.stringify({ url: location.pathname + location.search, id: '2' }));
    expect(productListWanted(list)).toBe(true);
    sessionStorage.clear();
    localStorage.setItem(layoutStorageKey('category:5'), 'list');
    expect(productListWanted(list)).toBe(true);
  });

  it('remembers a product opened from a list before its code came', () => {
    rememberOpenedProducts();
    document.body.innerHTML = '<shop-product-list><article data-product-id="7"><a href="#p7"><span id="name">Hrnček</span></a></article></shop-product-list>';
    document.getElementById('name')!.click();
    expect(JSON.parse(sessionStorage.getItem(RETURN_KEY)!)).toEqual({ url: location.pathname + location.search, id: '7' });
  });
});
