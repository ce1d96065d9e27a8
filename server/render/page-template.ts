import { crc32 } from 'node:zlib';
import { deflated, GZIP_HEADER, LAST_BLOCK, multModP, x2nModP } from './gzip-splice';

/**
 * A whole page rendered once for every anonymous shopper of one shop, locale and address, kept as
 * UTF-8 bytes and as gzip pieces, with holes where each response's own values go: the CSP nonce
 * and the CSRF token (decision 180). Everything else on such a page is the same for every
 * anonymous visitor without a stored session (cart count 0, not signed in).
 *
 * Serving it costs one allocation and a copy: the static segments were deflated once (each ending
 * on a byte boundary, as in gzip-splice.ts), the values travel as stored blocks, and the CRC-32 of
 * the whole is combined from the segments' CRCs with operators precomputed for their lengths.
 */

/** Stands for the response's CSP nonce while the cached page is rendered. */
export const PAGE_NONCE = '__page_nonce__';

/** Values for the holes, in the order of the marks given to the constructor (ASCII only). */
export type HoleValues = readonly string[];

const ASCII = /^[\x20-\x7e]*$/;

export class PageTemplate {
  /** Static segments; there is one more segment than holes (empty segments are kept). */
  private readonly plain: Buffer[] = [];
  private readonly packed: Buffer[] = [];
  private readonly crcs: number[] = [];
  /** crc32_combine operator for each segment's length. */
  private readonly ops: number[] = [];
  /** Which value fills each hole (index into HoleValues). */
  private readonly holes: number[] = [];
  private readonly plainLength: number;
  private readonly packedLength: number;

  constructor(page: Buffer, marks: readonly string[]) {
    const needles = marks.map((m) => Buffer.from(m));
    let at = 0;
    for (;;) {
      let next = -1;
      let which = -1;
      needles.forEach((needle, i) => {
        const found = page.indexOf(needle, at);
        if (found !== -1 && (next === -1 || found < next)) {
          next = found;
          which = i;
        }
      });
      if (next === -1) break;
      this.plain.push(page.subarray(at, next));
      this.holes.push(which);
      at = next + needles[which].length;
    }
    this.plain.push(page.subarray(at));
    let packedLength = 0;
    for (const segment of this.plain) {
      const bytes = segment.length ? deflated(segment) : Buffer.alloc(0);
      this.packed.push(bytes);
      this.crcs.push(crc32(segment));
      this.ops.push(segment.length ? x2nModP(segment.length, 3) : 0);
      packedLength += bytes.length;
    }
    this.plainLength = this.plain.reduce((sum, s) => sum + s.length, 0);
    this.packedLength = packedLength;
  }

  /** How many holes the page has (tests: every mark was found). */
  get holeCount(): number {
    return this.holes.length;
  }

  private check(values: HoleValues): void {
    for (const value of values) if (!ASCII.test(value)) throw new Error('page holes take printable ASCII only');
  }

  /** The page as UTF-8 bytes with the values in. */
  html(values: HoleValues): Buffer {
    this.check(values);
    let size = this.plainLength;
    for (const hole of this.holes) size += values[hole].length;
    const out = Buffer.allocUnsafe(size);
    let at = 0;
    for (let i = 0; i < this.plain.length; i++) {
      out.set(this.plain[i], at);
      at += this.plain[i].length;
      if (i < this.holes.length) at += out.write(values[this.holes[i]], at, 'latin1');
    }
    return out;
  }

  /** The page as one gzip member with the values in. */
  gzip(values: HoleValues): Buffer {
    this.check(values);
    // Each value once: its stored block (BTYPE 00, not final: header byte, LEN, NLEN, the bytes
    // as they are), its CRC and the operator that appends that CRC to the running one.
    const blocks = values.map((value) => {
      const n = value.length;
      const block = Buffer.allocUnsafe(5 + n);
      block[0] = 0;
      block.writeUInt16LE(n, 1);
      block.writeUInt16LE(~n & 0xffff, 3);
      block.write(value, 5, 'latin1');
      return { block, n, crc: crc32(block.subarray(5)), op: n ? x2nModP(n, 3) : 0 };
    });
    let size = GZIP_HEADER.length + this.packedLength + LAST_BLOCK.length + 8;
    for (const hole of this.holes) if (blocks[hole].n) size += blocks[hole].block.length;
    const out = Buffer.allocUnsafe(size);
    out.set(GZIP_HEADER, 0);
    let at = GZIP_HEADER.length;
    let crc = 0;
    let length = 0;
    for (let i = 0; i < this.plain.length; i++) {
      if (this.plain[i].length) {
        out.set(this.packed[i], at);
        at += this.packed[i].length;
        crc = (multModP(this.ops[i], crc) ^ this.crcs[i]) >>> 0;
        length += this.plain[i].length;
      }
      if (i < this.holes.length) {
        const value = blocks[this.holes[i]];
        if (value.n === 0) continue;
        out.set(value.block, at);
        at += value.block.length;
        crc = (multModP(value.op, crc) ^ value.crc) >>> 0;
        length += value.n;
      }
    }
    out.set(LAST_BLOCK, at);
    at += LAST_BLOCK.length;
    out.writeUInt32LE(crc >>> 0, at);
    out.writeUInt32LE(length >>> 0, at + 4);
    return out;
  }
}
