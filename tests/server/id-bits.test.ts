import { describe, expect, it } from 'vitest';
import { idLookup } from '../../server/search/id-bits';

describe('server/search/id-bits.ts: listed ids as bits', () => {
  it('answers as a Set would, for random ids and at the word edges', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const ids = [0, 1, 31, 32, 63, 64, 100_000, ...Array.from({ length: 5000 }, () => Math.floor(random() * 120_000))];
    const set = new Set(ids);
    const lookup = idLookup(ids);
    const differing = [];
    for (let id = -2; id <= 130_000; id++) if (lookup.has(id) !== set.has(id)) differing.push(id);
    expect(differing).toEqual([]);
    for (const odd of [1.5, Number.NaN, 2 ** 40]) expect(lookup.has(odd)).toBe(false);
    // 12.5 KB-ish for ~120,000 possible ids, against ~40 B an entry for a Set.
    expect(lookup.bytes).toBeLessThan(20_000);
    expect(idLookup([]).has(0)).toBe(false);
  });

  it('falls back to a Set for ids a bitmap would make huge', () => {
    const lookup = idLookup([3, 2 ** 40]);
    expect([lookup.has(3), lookup.has(2 ** 40), lookup.has(4)]).toEqual([true, true, false]);
  });
});
