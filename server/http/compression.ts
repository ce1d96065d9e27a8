import { gzipSync } from 'node:zlib';

/**
 * Compression by the shop itself, for `npm start` without a proxy (COMPRESS=true, the default).
 * Behind nginx (deploy/, COMPRESS=false) the proxy compresses instead, with gzip and brotli, once
 * per answer it keeps (docs/decisions/213). Level 6 is gzip's default and the figure the benchmark
 * holds every page to; text under a kilobyte is not worth a header's worth of bytes.
 */
const LEVEL = 6;
const MIN_BYTES = 1024;
const COMPRESSIBLE = /^(text\/|application\/(json|problem\+json|xml))/;

/** A `gzip` (or `*`) coding and its q value, if any: RFC 9110 12.5.3. */
const GZIP = /(?:^|,)\s*(gzip|\*)\s*(?:;\s*q\s*=\s*([\d.]+))?\s*(?=,|$)/gi;

/** Whether an Accept-Encoding header takes gzip: its own entry decides, else a `*`; q=0 refuses. */
export function acceptsGzip(header: string | undefined): boolean {
  let wildcard = false;
  for (const [, coding, q] of (header ?? '').matchAll(GZIP)) {
    const yes = q === undefined || Number(q) > 0;
    if (coding.toLowerCase() === 'gzip') return yes;
    wildcard = yes;
  }
  return wildcard;
}

/** Whether an answer of this type may be compressed (the caller then says Vary: Accept-Encoding). */
export function compressible(contentType: string): boolean {
  return COMPRESSIBLE.test(contentType);
}

/** The body gzipped when it is worth it, else null. */
export function gzipped(bytes: Uint8Array): Buffer | null {
  return bytes.byteLength < MIN_BYTES ? null : gzipSync(bytes, { level: LEVEL });
}
