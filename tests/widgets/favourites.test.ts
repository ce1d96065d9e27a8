import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  localStorage.setItem('product.favorites', '{malformed');
  localStorage.setItem('blog.favorites', '[3,"4","x",null]');
});

import { $favourites, FAVOURITE_KEYS, isFavourite, toggleFavourite } from '../../widgets/stores/favourites';

describe('favourites (anonymous, local storage)', () => {
  it('survives malformed storage at start and keeps only valid ids', () => {
    expect($favourites.get()).toEqual({ products: [], blogs: [3, 4] });
  });

  describe('toggling', () => {
    beforeEach(() => localStorage.setItem(FAVOURITE_KEYS.product, 'not json at all'));

    it('writes product.favorites as a JSON array of ids, and toggles back', () => {
      expect(toggleFavourite('product', 7)).toBe(true);
      expect(JSON.parse(localStorage.getItem('product.favorites')!)).toEqual([7]);
      expect(toggleFavourite('product', 9)).toBe(true);
      expect(isFavourite('product', 9)).toBe(true);
      expect($favourites.get().products).toEqual([7, 9]);
      expect(toggleFavourite('product', 7)).toBe(false);
      expect(JSON.parse(localStorage.getItem('product.favorites')!)).toEqual([9]);
      expect($favourites.get().products).toEqual([9]);
    });

    it('keeps blogs apart under blog.favorites', () => {
      toggleFavourite('blog', 5);
      expect(JSON.parse(localStorage.getItem('blog.favorites')!)).toEqual([3, 4, 5]);
      expect($favourites.get().blogs).toEqual([3, 4, 5]);
    });
  });

  it('follows changes made in another tab', () => {
    const stop = $favourites.listen(() => {});
    localStorage.setItem('product.favorites', '[11]');
    window.dispatchEvent(new StorageEvent('storage', { key: 'product.favorites' }));
    expect($favourites.get().products).toEqual([11]);
    stop();
  });
});
