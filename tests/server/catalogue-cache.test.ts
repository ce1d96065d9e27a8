import { describe, expect, it } from 'vitest';
import { CatalogueCache } from '../../server/catalog/catalog-cache';

describe('CatalogueCache', () => {
  it('keeps a value per catalogue version and builds it again at the next version', () => {
    const cache = new CatalogueCache<{ n: number }>(1024, () => 10);
    let built = 0;
    const build = () => ({ n: ++built });
    expect(cache.get(1, 'a', build).n).toBe(1);
    expect(cache.get(1, 'a', build).n).toBe(1);
    expect(cache.get(2, 'a', build).n).toBe(2);
  });

  it('does not keep what `keep` refuses (an address that names no product), so made-up addresses push nothing out', () => {
    const cache = new CatalogueCache<{ id: number | null }>(100, () => 40);
    const found = cache.get(1, 'product-slug|panvica', () => ({ id: 7 }), (v) => v.id !== null);
    let misses = 0;
    for (let i = 0; i < 50; i++) {
      const miss = cache.get(1, `product-slug|made-up-${i}`, () => ({ id: null }), (v) => v.id !== null);
      expect(miss.id).toBeNull();
      misses++;
    }
    expect(misses).toBe(50);
    // Still the kept object: 50 refused values (40 "bytes" each in a 100-byte cache) evicted nothing.
    expect(cache.get(1, 'product-slug|panvica', () => ({ id: -1 }))).toBe(found);
    let asked = 0;
    cache.get(1, 'product-slug|made-up-0', () => ({ id: null, asked: ++asked }), (v) => v.id !== null);
    expect(asked).toBe(1);
  });
});
