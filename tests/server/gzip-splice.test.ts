import { crc32, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsCoding, crc32Combine, gzipParts, linkedAfter, markShared } from '../../server/render/gzip-splice';

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

  it('sends a link deflated against the bytes right before it, and stores it after anything else', () => {
    /** Two cards that share their markup, as product cards do. */
    const card = (name: string) => Buffer.from(`<article class="product-card"><a class="product-card__link" href="/${name}"><h3 class="product-card__name">${name}</h3></a><form method="get" action="/nakupny-kosik/pridat"><button class="button add-to-cart__button" type="submit">Do košíka</button></form></article>`);
    const first = markShared(card('hrniec-smaltovany'));
    const second = card('panvica-liatinova');
    const link = linkedAfter(first, second);
    expect(link.equals(second)).toBe(true);
    const alone = markShared(Buffer.from(second));
    const linked = gzipParts([first, link]);
    expect(gunzipSync(linked).equals(Buffer.concat([first, second]))).toBe(true);
    expect(linked.length).toBeLessThan(gzipParts([first, alone]).length - 60);
    // Its dictionary is those very bytes: a view of them will do (a link sent after a link), a copy
    // will not (both sent stored here, as neither is shared; only the link differs) ...
    const afterView = gzipParts([first.subarray(0), link]);
    const afterCopy = gzipParts([Buffer.from(first), link]);
    for (const answer of [afterView, afterCopy]) expect(gunzipSync(answer).equals(Buffer.concat([first, second]))).toBe(true);
    expect(afterView.length).toBeLessThan(afterCopy.length - 60);
    // ... equal bytes elsewhere, another part, a per-request string or nothing before it will not:
    // the link then travels stored and the answer still decodes to the concatenation.
    for (const before of [markShared(card('noz-kuchynsky')), Buffer.from('/hladaj?q=hrniec'), undefined]) {
      const parts = before ? [before, link] : [link];
      const answer = gzipParts(parts);
      expect(gunzipSync(answer).equals(Buffer.concat(parts))).toBe(true);
      expect(answer.length).toBeGreaterThan(second.length);
    }
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
