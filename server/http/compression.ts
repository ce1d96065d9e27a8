import { gzipSync } from 'node:zlib';

/**
 * Compression by the shop itself for `npm start` without a proxy (COMPRESS=true); behind nginx
 * (deploy/, COMPRESS=false) the proxy compresses (docs/decisions/213). Level 6, gzip's default and
 * the benchmark's bar; text under a kilobyte is not worth a header's worth of bytes.
 */
const COMPRESSIBLE = /^(text\/|application\/(json|problem\+json|xml))/;
const GZIP = /(?:^|,)\s*gzip\s*(?:;\s*q\s*=\s*([\d.]+))?\s*(?:,|$)/i;
const ANY = /(?:^|,)\s*\*\s*(?:;\s*q\s*=\s*([\d.]+))?\s*(?:,|$)/i;

/** Whether an Accept-Encoding header takes gzip (RFC 9110 12.5.3): its own entry decides, else `*`; q=0 refuses. */
export function acceptsGzip(header = ''): boolean {
  const entry = GZIP.exec(header) ?? ANY.exec(header);
  return entry !== null && (entry[1] === undefined || Number(entry[1]) > 0);
}

/** Whether an answer of this type may be compressed (the caller then says Vary: Accept-Encoding). */
export const compressible = (contentType: string) => COMPRESSIBLE.test(contentType);

/** The body gzipped when it is worth it, else null. */
export const gzipped = (bytes: Uint8Array) => (bytes.byteLength < 1024 ? null : gzipSync(bytes, { level: 6 }));
