import { crc32, constants, deflateRawSync } from 'node:zlib';

/**
 * A gzip body spliced from pieces compressed once. Shared HTML (header menus, footer, a cached
 * category list) is deflated when it is first cached, each piece ending on a byte boundary
 * (Z_SYNC_FLUSH) so that pieces can follow one another in one deflate stream; the per-request
 * strings between them (CSRF token, cart count, nonce, the page's own HTML) are added as stored
 * blocks: deflating them on the spot costs 70–250 µs per response (measured, level 1), most of a
 * page's CPU budget, so per-request HTML travels uncompressed inside the gzip stream. Browsers send `Accept-Encoding: gzip`, so shoppers get
 * a page about a sixth of its size for the CPU cost of copying it.
 */

interface Deflated {
  bytes: Buffer;
  crc: number;
  /** crc32_combine's operator for this length: appending the CRC is then one multiplication. */
  op: number;
  /** A link's preset dictionary: these bytes must come right before it (see linkedAfter). */
  after?: Buffer;
}

/**
 * Bytes deflated by the caller (ending on a sync flush, never a final block) with their CRC-32, the
 * crc32_combine operator for their length, and that length: for pieces compressed against a
 * dictionary that is the output right before them (product-list-answer.ts, decision 175).
 */
export interface DeflatedPiece extends Deflated {
  length: number;
}

/**
 * Shared buffers (registered once) and their compressed form, made on first use, or, for pieces
 * registered with `storedUses`, after that many responses sent them stored: deflating costs
 * ~250 µs however small the piece (zlib's set-up), which repays for a header or a product sent again
 * and again, but not for the twelve cards of a search asked once (card-cache.ts waits one use).
 */
const shared = new WeakMap<Buffer, Deflated | number>();

export function markShared(buffer: Buffer, storedUses = 0): Buffer {
  if (!shared.has(buffer)) shared.set(buffer, storedUses);
  return buffer;
}

export function deflated(buffer: Buffer): Buffer {
  return deflateRawSync(buffer, { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
}

/**
 * `data` to be sent right after `before`, as a buffer of its own (the same memory as `data`) whose
 * deflated form uses `before` as the preset dictionary: its back-references land on the bytes just
 * sent, so a product card that follows another one shrinks from ~1.1 KB to a few hundred bytes
 * (the markup repeats from card to card; decision 199). gzipParts sends the link only when the part
 * before it is `before`'s very bytes, else stores it; ~30 µs to make (zlib's set-up, the
 * dictionary), so callers make few per answer.
 */
export function linkedAfter(before: Buffer, data: Buffer): Buffer {
  const link = data.subarray(0);
  const bytes = deflateRawSync(data, { level: 9, dictionary: before, finishFlush: constants.Z_SYNC_FLUSH });
  shared.set(link, { bytes, crc: crc32(data), op: x2nModP(data.length, 3), after: before });
  return link;
}

/** The same bytes in memory (not merely equal): a link's dictionary is what was sent before it. */
function sameBytes(a: Buffer | undefined, b: Buffer): boolean {
  return a !== undefined && a.buffer === b.buffer && a.byteOffset === b.byteOffset && a.length === b.length;
}

function sharedDeflated(buffer: Buffer): Deflated | undefined {
  const entry = shared.get(buffer);
  if (entry === undefined || typeof entry !== 'number') return entry;
  if (entry > 0) {
    shared.set(buffer, entry - 1);
    return undefined;
  }
  const made = { bytes: deflated(buffer), crc: crc32(buffer), op: x2nModP(buffer.length, 3) };
  shared.set(buffer, made);
  return made;
}

// CRC-32 of a concatenation from the CRCs of its parts (zlib's crc32_combine, in GF(2) polynomials).
const POLY = 0xedb88320;
export function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}
const X2N: number[] = [];
{
  let p = 0x40000000;
  X2N.push(p);
  for (let n = 1; n < 32; n++) X2N.push((p = multModP(p, p)));
}
export function x2nModP(n: number, k: number): number {
  let p = 0x80000000;
  while (n) {
    if (n & 1) p = multModP(X2N[k & 31], p);
    n = Math.floor(n / 2);
    k++;
  }
  return p;
}
export function crc32Combine(crc1: number, crc2: number, length2: number): number {
  return (multModP(x2nModP(length2, 3), crc1) ^ crc2) >>> 0;
}

export const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty final stored block: ends the deflate stream. */
export const LAST_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff]);

/** The bytes `length` bytes take as stored blocks: a 5-byte header per block of at most 0xffff. */
function storedSize(length: number): number {
  return length + 5 * Math.ceil(length / 0xffff);
}

/** `part` as stored blocks written into `out` at `at`; answers where the next byte goes. */
function writeStored(part: Buffer, out: Buffer, at: number): number {
  for (let from = 0; from < part.length; from += 0xffff) {
    const length = Math.min(0xffff, part.length - from);
    out[at] = 0;
    out.writeUInt16LE(length, at + 1);
    out.writeUInt16LE(~length & 0xffff, at + 3);
    out.set(length === part.length ? part : part.subarray(from, from + length), at + 5);
    at += 5 + length;
  }
  return at;
}

/**
 * One gzip member holding the concatenation of `parts`, written into one buffer: a first pass
 * picks each part's form (its shared deflated bytes, or stored) and sums their sizes, the second
 * copies. (Collecting headers and pieces for Buffer.concat allocated a buffer per stored block and
 * cost ~3 µs more on a search page of 40 parts, measured in process.)
 */
export function gzipParts(parts: readonly (Buffer | DeflatedPiece)[]): Buffer {
  const forms: (Deflated | null)[] = new Array(parts.length);
  let size = GZIP_HEADER.length + LAST_BLOCK.length + 8;
  let previous: Buffer | undefined;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    if (!Buffer.isBuffer(part)) {
      forms[i] = part;
      size += part.bytes.length;
      previous = undefined;
      continue;
    }
    if (part.length === 0) continue;
    const known = sharedDeflated(part);
    const usable = known !== undefined && (known.after === undefined || sameBytes(previous, known.after));
    previous = part;
    forms[i] = usable ? known : null;
    size += usable ? known.bytes.length : storedSize(part.length);
  }
  const out = Buffer.allocUnsafe(size);
  out.set(GZIP_HEADER, 0);
  let at = GZIP_HEADER.length;
  let crc = 0;
  let length = 0;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    const form = forms[i];
    if (form) {
      out.set(form.bytes, at);
      at += form.bytes.length;
      // crc32Combine with the operator kept: a page joins dozens of small shared pieces (cards).
      crc = (multModP(form.op, crc) ^ form.crc) >>> 0;
    } else if (Buffer.isBuffer(part) && part.length > 0) {
      at = writeStored(part, out, at);
      crc = crc32(part, crc);
    } else continue;
    length += part.length;
  }
  out.set(LAST_BLOCK, at);
  out.writeUInt32LE(crc >>> 0, at + LAST_BLOCK.length);
  out.writeUInt32LE(length >>> 0, at + LAST_BLOCK.length + 4);
  return out;
}

/**
 * Whether an Accept-Encoding header accepts a content coding: its own entry decides (q=0 refuses),
 * else a `*` entry, else no.
 */
export function acceptsCoding(header: string | undefined, coding: 'gzip' | 'br'): boolean {
  if (!header) return false;
  // Browsers send a handful of distinct headers: read each once (bounded, so junk cannot grow it).
  const known = answers[coding].get(header);
  if (known !== undefined) return known;
  const yes = readAcceptEncoding(header, coding);
  if (answers[coding].size < 200) answers[coding].set(header, yes);
  return yes;
}
const answers = { gzip: new Map<string, boolean>(), br: new Map<string, boolean>() };

function readAcceptEncoding(header: string, coding: 'gzip' | 'br'): boolean {
  let wildcard: boolean | undefined;
  for (const item of header.split(',')) {
    const [name, ...params] = item.trim().toLowerCase().split(';');
    const token = name.trim();
    if (token !== coding && token !== '*') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const yes = q === undefined || Number(q.slice(2)) > 0;
    if (token === coding) return yes;
    wildcard = yes;
  }
  return wildcard ?? false;
}

/** Both codings a cached page is kept in, as CachedPage.body takes them. */
export function acceptedCodings(header: string | undefined): { br: boolean; gzip: boolean } {
  return { br: acceptsCoding(header, 'br'), gzip: acceptsCoding(header, 'gzip') };
}

/** Whether the request accepts gzip (a `gzip` token without q=0). */
export function acceptsGzip(header: string | undefined): boolean {
  return acceptsCoding(header, 'gzip');
}
