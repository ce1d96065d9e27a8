import { crc32, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsCoding, crc32Combine, gzipParts, markShared } from '../../server/render/gzip-splice';

/** Text that compresses well, different per call so no two pieces share a cached form. */
let seq = 0;
const html = (repeat: number) => Buffer.from(`<article class="product-card" data-n="${++seq}">${'<p>Šampón na vlasy</p>'.repeat(repeat)}</article>`);

describe('gzip spliced from pieces (server/render/gzip-splice.ts)', () => {
  it('decodes to exactly the concatenation: shared, per-request, repeated and over-64 KiB parts', () => {
    const header = markShared(html(200));
    const card = markShared(html(40));
    const path = Buffer.from('/drogeria-a-kozmetika/2');
    const big = Buffer.alloc(70_000, 'ľ'.charCodeAt(0) & 0x7f);
    const parts = [header, path, card, path, card, Buffer.alloc(0), big];
    for (let round = 0; round < 3; round++) {
      expect(gunzipSync(gzipParts(parts)).equals(Buffer.concat(parts))).toBe(true);
    }
  });

  it('sends a piece registered with stored uses as it is at first, then deflated', () => {
    const piece = markShared(html(80), 1);
    const first = gzipParts([piece]);
    const second = gzipParts([piece]);
    const third = gzipParts([piece]);
    for (const answer of [first, second, third]) expect(gunzipSync(answer).equals(piece)).toBe(true);
    expect(first.length).toBeGreaterThan(piece.length);
    expect(second.length).toBeLessThan(piece.length / 5);
    expect(third.equals(second)).toBe(true);
    // Registering again does not reset a piece already deflated.
    markShared(piece, 1);
    expect(gzipParts([piece]).equals(second)).toBe(true);
  });

  it('deflates a piece registered without stored uses on its first answer', () => {
    const piece = markShared(html(80));
    expect(gzipParts([piece]).length).toBeLessThan(piece.length / 5);
  });

  it('combines CRCs as zlib would compute them over the whole', () => {
    const a = html(3);
    const b = html(5);
    expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])));
  });

  it('reads Accept-Encoding by its own entry, then a wildcard, and honours q=0', () => {
    expect(acceptsCoding('gzip, deflate, br', 'br')).toBe(true);
    expect(acceptsCoding('gzip;q=0, *', 'gzip')).toBe(false);
    expect(acceptsCoding('*;q=0.5', 'br')).toBe(true);
    expect(acceptsCoding('identity', 'gzip')).toBe(false);
    expect(acceptsCoding(undefined, 'gzip')).toBe(false);
  });
});
