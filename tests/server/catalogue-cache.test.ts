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
    // Room for one entry: 40 bytes of value, its key and lru-cache's own (~210 in all) in 400.
    const cache = new CatalogueCache<{ id: number | null }>(400, () => 40);
    const found = cache.get(1, 'product-slug|panvica', () => ({ id: 7 }), (v) => v.id !== null);
    let misses = 0;
    for (let i = 0; i < 50; i++) {
      const miss = cache.get(1, `product-slug|made-up-${i}`, () => ({ id: null }), (v) => v.id !== null);
      expect(miss.id).toBeNull();
      misses++;
    }
    expect(misses).toBe(50);
    // Still the kept object: 50 refused values, any of which would have evicted it, evicted nothing.
    expect(cache.get(1, 'product-slug|panvica', () => ({ id: -1 }))).toBe(found);
    let asked = 0;
    cache.get(1, 'product-slug|made-up-0', () => ({ id: null, asked: ++asked }), (v) => v.id !== null);
    expect(asked).toBe(1);
  });

  it("counts each entry's key and lru-cache's own bytes besides its value's (a search that found nothing is mostly those)", () => {
    const cache = new CatalogueCache<{ ids: number[] }>(10_000, () => 0);
    for (let i = 0; i < 200; i++) cache.get(1, `query-${i}`, () => ({ ids: [] }));
    let rebuilt = 0;
    for (let i = 199; i >= 0; i--) cache.get(1, `query-${i}`, () => ({ ids: [rebuilt++] }));
    // Entries of ~150 bytes (130 of lru-cache's, 16–18 of key): 10,000 bytes keep at most 66 of them.
    expect(rebuilt).toBeGreaterThanOrEqual(200 - 66);
    expect(rebuilt).toBeLessThan(200);
  });

  it('lists many values in order, and keeps the missing ones it makes only when asked to (a search draws its cards, categories keep theirs)', () => {
    const cache = new CatalogueCache<{ id: number }>(1000, () => 10);
    const made: number[][] = [];
    const build = (missing: number[]) => {
      made.push(missing);
      return new Map(missing.filter((id) => id !== 4).map((id) => [id, { id }]));
    };
    expect(cache.many(1, 'sk', [3, 1, 2], build).map((v) => v.id)).toEqual([3, 1, 2]);
    // 1 and 2 kept; 5 drawn for a search and not kept, 4 makes nothing and is left out.
    expect(cache.many(1, 'sk', [5, 1, 4, 2], build, false).map((v) => v.id)).toEqual([5, 1, 2]);
    expect(cache.many(1, 'sk', [5, 2], build).map((v) => v.id)).toEqual([5, 2]);
    expect(made).toEqual([[3, 1, 2], [5, 4], [5]]);
  });
});
